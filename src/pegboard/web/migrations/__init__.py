"""Alembic migrations of the web app's database (run by ``pegboard.web.db.upgrade``)."""

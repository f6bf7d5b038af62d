"""The schema's versions, oldest first (each file one Alembic revision)."""

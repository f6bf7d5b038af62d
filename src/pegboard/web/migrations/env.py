"""Alembic's environment: run the migrations on the engine ``db.upgrade`` hands over.

There is no alembic.ini: ``pegboard.web.db.alembic_config`` builds the configuration in
code and puts the engine in ``config.attributes``. Only online migrations are supported.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Engine, text

from pegboard.web.db import MIGRATION_LOCK, Base, migration_file_lock

engine = context.config.attributes.get("engine")
if not isinstance(engine, Engine):
    raise RuntimeError("run the migrations through pegboard.web.db.upgrade(url)")

# Any number of processes may start at once on one database: each migrates under a lock,
# and one that waited finds the schema already at the head and does nothing. PostgreSQL:
# an advisory lock held by the migrations' own transaction (its DDL is transactional, so
# the next process reads the committed version). SQLite: a lock file beside the database.
with migration_file_lock(engine), engine.connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        # SQLite cannot ALTER most things: later migrations copy tables ("batch mode").
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            # A server's engine bounds lock waits (``--db-timeout``): not the migrations',
            # which wait for each other's lock, however long one takes.
            connection.execute(text("SET LOCAL lock_timeout = 0"))
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        context.run_migrations()

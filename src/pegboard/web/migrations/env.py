"""Alembic's environment: run the migrations on the engine ``db.upgrade`` hands over.

There is no alembic.ini: ``pegboard.web.db.alembic_config`` builds the configuration in
code and puts the engine in ``config.attributes``. Only online migrations are supported.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Engine

from pegboard.web.db import Base

engine = context.config.attributes.get("engine")
if not isinstance(engine, Engine):
    raise RuntimeError("run the migrations through pegboard.web.db.upgrade(url)")

with engine.connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        # SQLite cannot ALTER most things: later migrations copy tables ("batch mode").
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()

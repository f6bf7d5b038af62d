"""The installation's settings (issue 33): a table of named values the same for every
server process on the database (``installation``: name, value), and in it the secret that
keys the hashes of client addresses (``address_key``, 32 random bytes in hex): an unkeyed
SHA-256 of an IPv4 address is undone by trying every address, from a copy of the database.

The secret is made here, in the migrations' transaction under their lock (PostgreSQL's
advisory lock, SQLite's lock file), so processes that start together on one database end
with one secret: the first makes it, the others find the schema at the head. Hashes
stored before keep their unkeyed form (``tables.creator``): the cap on open tables counts
a day's tables, so it counts anew within a day.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    installation = op.create_table(
        "installation",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("value", sa.String(256), nullable=False),
    )
    op.bulk_insert(installation, [{"name": "address_key", "value": secrets.token_hex(32)}])


def downgrade() -> None:
    op.drop_table("installation")

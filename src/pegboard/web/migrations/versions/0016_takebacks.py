"""Takebacks (issue 39): ``matches.takebacks`` counts the moves of a match taken back (a
copy of the table in another process that counted fewer is made again from the log), and
``matches.takeback`` keeps the takeback asked for and not yet answered.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision: str | None = "0015"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("takebacks", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("takeback", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("takeback")
        batch.drop_column("takebacks")

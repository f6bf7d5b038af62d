"""Leavers (issue 13, "Leavers and disconnects"): the bot level that plays a seat for its
away player (``seats.stand_in``), and the seat that lost a match by forfeit
(``matches.forfeit``). Both null for every row made before.

Revision ID: 0009
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("stand_in", sa.String(32), nullable=True))
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("forfeit", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("forfeit")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("stand_in")

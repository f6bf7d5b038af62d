"""Correspondence (issue 39): a player's vacation (``players.vacation_from`` and
``vacation_until``: while it lasts, no correspondence move of theirs falls due), and the
pace a place in the quick pairing's queue asks for (``pairing.pace``: ``live``, or a
correspondence table's days a move).

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision: str | None = "0017"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("vacation_from", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("vacation_until", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("pairing") as batch:
        batch.add_column(sa.Column("pace", sa.String(8), nullable=False, server_default="live"))


def downgrade() -> None:
    with op.batch_alter_table("pairing") as batch:
        batch.drop_column("pace")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("vacation_until")
        batch.drop_column("vacation_from")

"""Quick pairing (issue 39): ``pairing`` is the queue of players waiting for an opponent,
each place a secret ticket, paired to a table once an opponent of a close rating comes.

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision: str | None = "0016"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "pairing",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column(
            "player_id",
            sa.String(16),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("name", sa.String(24), nullable=True),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("table_id", sa.String(16), nullable=True),
        sa.Column("ready", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_pairing_game_waiting", "pairing", ["game", "rated", "table_id"])
    op.create_index("ix_pairing_player_id", "pairing", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_pairing_player_id", table_name="pairing")
    op.drop_index("ix_pairing_game_waiting", table_name="pairing")
    op.drop_table("pairing")

"""Players remembered without a password (issue 13, "Players"): a player (an id and a
display name), the keys of the browsers that are that player (only the SHA-256 of each
cookie's secret) and of its "use on another device" codes; each seat says which player
holds it, and each finished match its standings.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(24), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_players_name", "players", ["name"])
    op.create_table(
        "player_keys",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column(
            "player_id",
            sa.String(16),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_player_keys_player_id", "player_keys", ["player_id"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_id", sa.String(16), nullable=True))
        batch.create_index("ix_seats_player_id", ["player_id"])
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("standings", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("standings")
        batch.drop_column("finished_at")
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_player_id")
        batch.drop_column("player_id")
    op.drop_table("player_keys")
    op.drop_table("players")

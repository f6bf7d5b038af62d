"""Notifications (issue 39): the browsers a player subscribed to Web Push
(``push_subscriptions``), the moves already told (``notices``: one per table, move and
player, however many processes hear the move), and a player's e-mail for the daily digest
(``players.email``, whether it was confirmed, the key of its links, the day of the last
digest).

Revision ID: 0019
Revises: 0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision: str | None = "0018"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "player_id",
            sa.String(16),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("endpoint", sa.String(1024), nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_push_subscriptions_player_id", "push_subscriptions", ["player_id"])
    op.create_table(
        "notices",
        sa.Column("table_id", sa.String(16), primary_key=True),
        sa.Column("match_number", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("seq", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("player_id", sa.String(16), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_notices_created_at", "notices", ["created_at"])
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(
            sa.Column("email_confirmed", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("email_key", sa.String(64), nullable=True))
        batch.add_column(sa.Column("email_lang", sa.String(8), nullable=True))
        batch.add_column(sa.Column("email_asked_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("digest_day", sa.String(10), nullable=True))
        batch.create_index("ix_players_email_key", ["email_key"])


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_index("ix_players_email_key")
        batch.drop_column("digest_day")
        batch.drop_column("email_asked_at")
        batch.drop_column("email_lang")
        batch.drop_column("email_key")
        batch.drop_column("email_confirmed")
        batch.drop_column("email")
    op.drop_index("ix_notices_created_at", table_name="notices")
    op.drop_table("notices")
    op.drop_index("ix_push_subscriptions_player_id", table_name="push_subscriptions")
    op.drop_table("push_subscriptions")

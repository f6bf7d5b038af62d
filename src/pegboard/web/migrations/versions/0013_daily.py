"""Daily deals (issue 38): ``tables.deal_limit`` ends a table's match after so many deals
(a daily deal's table: one); ``daily_attempts`` keeps each player's attempt at a game's
deals of a day, ``daily_deals`` each deal's table, log and margin.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision: str | None = "0012"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("deal_limit", sa.Integer(), nullable=True))
    op.create_table(
        "daily_attempts",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column(
            "player_id",
            sa.String(16),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("ranked", sa.Boolean(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("game", "day", "player_id", name="uq_daily_attempts_player"),
    )
    op.create_index("ix_daily_attempts_game_day", "daily_attempts", ["game", "day"])
    op.create_table(
        "daily_deals",
        sa.Column(
            "attempt_id",
            sa.String(16),
            sa.ForeignKey("daily_attempts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("deal", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("table_id", sa.String(16), nullable=False),
        sa.Column("actions", sa.JSON(), nullable=True),
        sa.Column("margin", sa.Float(), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("daily_deals")
    op.drop_index("ix_daily_attempts_game_day", table_name="daily_attempts")
    op.drop_table("daily_attempts")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("deal_limit")

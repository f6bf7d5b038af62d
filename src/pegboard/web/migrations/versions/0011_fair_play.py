"""Fair play (issue 33): how a match ended when not by its rules (``matches.ending``: the
leaver's seat was claimed, its player resigned by leaving, or ran out of time) and whether
that end was an abort, unrated because a seat had not moved yet (``matches.aborted``); the
clocks (``tables.time_control``, the table's bank and increment; ``matches.clock``, each
seat's time left and whose runs since when); and the traces of each player (``player_traces``:
the keyed hashes of the addresses and the devices they played from), so that two identities
of one person are never rated against each other. Null, false or empty for what was made
before: those matches ended by a claim (0009's forfeits) and had no clock.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("ending", sa.String(8), nullable=True))
        batch.add_column(
            sa.Column("aborted", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("clock", sa.JSON(), nullable=True))
    op.execute("UPDATE matches SET ending = 'claim' WHERE forfeit IS NOT NULL")
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("time_control", sa.JSON(), nullable=True))
    op.create_table(
        "player_traces",
        sa.Column(
            "player_id",
            sa.String(16),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("trace", sa.String(64), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_player_traces_trace", "player_traces", ["trace"])


def downgrade() -> None:
    op.drop_index("ix_player_traces_trace", "player_traces")
    op.drop_table("player_traces")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("time_control")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("clock")
        batch.drop_column("aborted")
        batch.drop_column("ending")

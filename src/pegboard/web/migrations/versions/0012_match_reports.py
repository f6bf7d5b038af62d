"""Game reports (issue 36): ``match_reports`` keeps the analysis of a finished match, one
per match, analysing level and budget per search (``pegboard.analysis.Report.to_json``),
with when it was made and the CPU seconds it took; it goes with its match.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "match_reports",
        sa.Column("table_id", sa.String(16), primary_key=True),
        sa.Column("match_number", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("level", sa.String(32), primary_key=True),
        sa.Column("budget", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("report", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id", "match_number"],
            ["matches.table_id", "matches.number"],
            ondelete="CASCADE",
        ),
    )


def downgrade() -> None:
    op.drop_table("match_reports")

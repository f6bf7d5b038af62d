"""Chat (issue 39): ``chat_lines`` keeps what is said at each table, in its players' room
or its spectators', a quick phrase by its key or free text; ``chat_reports`` the lines a
reader reported to the site's maintainers, until they close them (``pegboard reports``).

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision: str | None = "0014"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "chat_lines",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.String(16), nullable=False),
        sa.Column("room", sa.String(10), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("author", sa.String(32), nullable=False),
        sa.Column("name", sa.String(24), nullable=True),
        sa.Column("phrase", sa.String(16), nullable=True),
        sa.Column("text", sa.String(200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_lines_table_room", "chat_lines", ["table_id", "room", "id"])
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "line_id",
            sa.Integer(),
            sa.ForeignKey("chat_lines.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("reporter", sa.String(32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("line_id", "reporter", name="uq_chat_reports_reporter"),
    )
    op.create_index("ix_chat_reports_closed_at", "chat_reports", ["closed_at"])


def downgrade() -> None:
    op.drop_index("ix_chat_reports_closed_at", table_name="chat_reports")
    op.drop_table("chat_reports")
    op.drop_index("ix_chat_lines_table_room", table_name="chat_lines")
    op.drop_table("chat_lines")

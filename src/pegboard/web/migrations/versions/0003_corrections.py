"""Reports of a correction sent from the rules pages (issue 12), read and closed by the
site's maintainers with ``pegboard corrections``.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "corrections",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("page", sa.String(32), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("text", sa.String(2000), nullable=False),
        sa.Column("contact", sa.String(200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_corrections_status", "corrections", ["status"])


def downgrade() -> None:
    op.drop_index("ix_corrections_status", table_name="corrections")
    op.drop_table("corrections")

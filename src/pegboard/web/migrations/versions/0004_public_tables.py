"""A table is private (reached only by its links) or public (listed in the lobby), chosen at
its creation (issue 13). The tables made before are private: nothing says their creators
meant them for strangers.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(
            sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("public")

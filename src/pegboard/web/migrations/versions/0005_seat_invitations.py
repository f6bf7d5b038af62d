"""A seat's invitation is a one-time code, not the seat's key (issue 13): the seat keeps the
SHA-256 of its invitation's code until someone claims it (then the claimer gets a seat token
of its own and the invitation is gone).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invite_hash")

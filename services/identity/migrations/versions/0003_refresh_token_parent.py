"""refresh tokens know the token they were rotated from (a retry of a lost answer is told from a replay)

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-21 07:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("refresh_token", sa.Column("parent_id", sa.Integer(), nullable=True))
    op.create_foreign_key(
        op.f("fk_refresh_token_parent_id_refresh_token"),
        "refresh_token",
        "refresh_token",
        ["parent_id"],
        ["id"],
        ondelete="SET NULL",
    )
    op.create_index(op.f("ix_refresh_token_parent_id"), "refresh_token", ["parent_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_refresh_token_parent_id"), table_name="refresh_token")
    op.drop_constraint(op.f("fk_refresh_token_parent_id_refresh_token"), "refresh_token", type_="foreignkey")
    op.drop_column("refresh_token", "parent_id")

"""images, with the outbox and processed-message tables

Revision ID: 0001
Revises:
Create Date: 2026-11-22 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from kit.migrations import create_kit_tables, drop_kit_tables

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    create_kit_tables()
    op.create_table(
        "image",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("owner_profile_id", sa.Integer(), nullable=False),
        sa.Column("owner_account_id", sa.Integer(), nullable=False),
        sa.Column("format", sa.String(length=8), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("has_alpha", sa.Boolean(), nullable=False),
        sa.Column("bytes", sa.Integer(), nullable=False),
        sa.Column("stored_bytes", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_image")),
    )
    op.create_index("ix_image_owner_profile_id", "image", ["owner_profile_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_image_owner_profile_id", table_name="image")
    op.drop_table("image")
    drop_kit_tables()

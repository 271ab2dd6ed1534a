"""The kit tables and one table a sample consumer writes to.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

from kit.migrations import create_kit_tables, drop_kit_tables, drop_kit_tables_2, kit_tables_2

revision = "0001"
down_revision = None


def upgrade() -> None:
    create_kit_tables()
    kit_tables_2()
    op.create_table(
        "received",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Uuid(), nullable=False),
        sa.Column("type", sa.String(200), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("received")
    drop_kit_tables_2()
    drop_kit_tables()

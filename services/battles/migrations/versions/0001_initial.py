"""the kit's tables

Revision ID: 0001
Revises:
"""

from kit.migrations import create_kit_tables, drop_kit_tables, drop_kit_tables_2, kit_tables_2

revision = "0001"
down_revision = None


def upgrade() -> None:
    create_kit_tables()
    kit_tables_2()


def downgrade() -> None:
    drop_kit_tables_2()
    drop_kit_tables()

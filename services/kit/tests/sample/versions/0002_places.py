"""kit.places' `place` table with GeoNames' cities (the gazetteer's tests read it).

Revision ID: 0002
Revises: 0001
"""

from kit.places import create_place_table, drop_place_table

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    create_place_table()


def downgrade() -> None:
    drop_place_table()

"""The organization each battle is for (battles.battle.* orgId): the event page's battle chips show it.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.add_column("battle", sa.Column("org_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("battle", "org_id")

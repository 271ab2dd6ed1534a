"""The organizations projection keeps when each row was announced, so an older update arriving late is ignored
(docs/decisions.md, *The kit copies data once*).

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    op.add_column("org", sa.Column("changed_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("org", "changed_at")

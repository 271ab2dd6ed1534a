"""An event cancelled (events.event.* cancelledAt): its battles take no more registrations.

Revision ID: 0004
Revises: 0003
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("event_view", sa.Column("cancelled", sa.Boolean(), server_default="false", nullable=False))


def downgrade() -> None:
    op.drop_column("event_view", "cancelled")

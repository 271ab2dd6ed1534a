"""An event cancelled (events.event.* cancelledAt): its battles take no more registrations.

Revision ID: 0005
Revises: 0004_signers
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004_signers"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("event_view", sa.Column("cancelled", sa.Boolean(), server_default="false", nullable=False))


def downgrade() -> None:
    op.drop_column("event_view", "cancelled")

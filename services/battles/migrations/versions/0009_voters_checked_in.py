"""A battle may let only the people checked in at its event vote in its sparrings (docs/decisions.md, "Audience
votes by the people in the room").

Revision ID: 0009
Revises: 0008
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("battle", sa.Column("voters_checked_in", sa.Boolean(), server_default="false", nullable=False))


def downgrade() -> None:
    op.drop_column("battle", "voters_checked_in")

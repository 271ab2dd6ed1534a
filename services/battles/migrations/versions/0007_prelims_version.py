"""A battle's prelims version: one more at each change of its prelims it announces, so that a screen keeps the
newest copy of the list (docs/decisions.md, Live feed: what a message carries).

Revision ID: 0007
Revises: 0006
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("battle", sa.Column("prelims_version", sa.Integer(), server_default="0", nullable=False))


def downgrade() -> None:
    op.drop_column("battle", "prelims_version")

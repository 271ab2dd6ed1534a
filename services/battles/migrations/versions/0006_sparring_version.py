"""A sparring's version: one more at each change it announces, so that a screen keeps the newest copy
(docs/decisions.md, Competition: a sparring's version).

Revision ID: 0006
Revises: 0005
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("sparring", sa.Column("version", sa.Integer(), server_default="0", nullable=False))


def downgrade() -> None:
    op.drop_column("sparring", "version")

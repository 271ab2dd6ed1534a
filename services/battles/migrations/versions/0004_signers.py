"""who signed each of a dancer's agreement and waiver: the dancer, or a battle admin on their behalf

Revision ID: 0004_signers
Revises: 0003
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_signers"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Signatures recorded before this are left without a signer: who made them is not known.
    op.add_column("signature", sa.Column("agreement_signed_by", sa.Integer(), nullable=True))
    op.add_column("signature", sa.Column("waiver_signed_by", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("signature", "waiver_signed_by")
    op.drop_column("signature", "agreement_signed_by")

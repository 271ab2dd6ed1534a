"""Cancelling a published event (docs/decisions.md, *Events: cancelling, deleting, the door list*): when it was
cancelled, and on each ticket its refund (amount, when, the processor's reference) or why the refund failed.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    op.add_column("event", sa.Column("cancelled_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("ticket", sa.Column("refunded_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("ticket", sa.Column("refund_cents", sa.Integer(), nullable=True))
    op.add_column("ticket", sa.Column("refund_ref", sa.String(200), nullable=True))
    op.add_column("ticket", sa.Column("refund_error", sa.String(300), nullable=True))


def downgrade() -> None:
    op.drop_column("ticket", "refund_error")
    op.drop_column("ticket", "refund_ref")
    op.drop_column("ticket", "refund_cents")
    op.drop_column("ticket", "refunded_at")
    op.drop_column("event", "cancelled_at")

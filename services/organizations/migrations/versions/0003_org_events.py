"""The events service's events of each organization (counted by period at query time) replace the stored
counters.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table(
        "org_event",
        sa.Column("event_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("org_id", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("deleted", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_org_event")),
    )
    op.create_index(
        "ix_org_event_org_id",
        "org_event",
        ["org_id"],
        postgresql_where=sa.text("status = 'published' AND NOT deleted"),
    )
    for column in ("total_events", "current_events", "future_events", "past_events"):
        op.drop_column("organization", column)


def downgrade() -> None:
    for column in ("total_events", "current_events", "future_events", "past_events"):
        op.add_column("organization", sa.Column(column, sa.Integer(), server_default="0", nullable=False))
    op.drop_index("ix_org_event_org_id", table_name="org_event")
    op.drop_table("org_event")

"""The events service's events and DJs, for each profile's eventsDj.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.create_table(
        "staffed_event",
        sa.Column("event_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("deleted", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_staffed_event")),
    )
    op.create_table(
        "event_dj",
        sa.Column("event_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("event_id", "user_id", name=op.f("pk_event_dj")),
    )
    op.create_index("ix_event_dj_user_id", "event_dj", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_event_dj_user_id", table_name="event_dj")
    op.drop_table("event_dj")
    op.drop_table("staffed_event")

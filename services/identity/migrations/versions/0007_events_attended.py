"""The check-ins of each profile (events.attendee.*), for its eventsAttended.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table(
        "attended_event",
        sa.Column("event_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("event_id", "user_id", name=op.f("pk_attended_event")),
    )
    op.create_index("ix_attended_event_user_id", "attended_event", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_attended_event_user_id", table_name="attended_event")
    op.drop_table("attended_event")

"""Who edits an event's clips: the event's organizer and admins, from the events service's events.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.add_column("org_event", sa.Column("organizer_id", sa.Integer(), nullable=True))
    op.create_table(
        "org_event_admin",
        sa.Column("event_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("profile_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("event_id", "profile_id", name=op.f("pk_org_event_admin")),
    )


def downgrade() -> None:
    op.drop_table("org_event_admin")
    op.drop_column("org_event", "organizer_id")

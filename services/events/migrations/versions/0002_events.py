"""events, tiers, carpets, staff; the profile and organization projections

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

from kit.profiles import create_profile_table, drop_profile_table

revision = "0002"
down_revision = "0001"

NOW = sa.text("now()")


def upgrade() -> None:
    op.create_table(
        "event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("org_id", sa.Integer(), nullable=True),
        sa.Column("organizer_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), server_default="draft", nullable=False),
        sa.Column("title", sa.String(length=150), server_default="", nullable=False),
        sa.Column("image", sa.String(length=64), nullable=True),
        sa.Column("description", sa.Text(), server_default="", nullable=False),
        sa.Column("website", sa.String(length=300), server_default="", nullable=False),
        sa.Column("location_address", sa.String(length=300), server_default="", nullable=False),
        sa.Column("lat", sa.Float(), nullable=True),
        sa.Column("lng", sa.Float(), nullable=True),
        sa.Column("time_zone", sa.String(length=64), server_default="UTC", nullable=False),
        sa.Column("local_start", sa.DateTime(timezone=False), nullable=True),
        sa.Column("local_end", sa.DateTime(timezone=False), nullable=True),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("scoreboard_logo", sa.String(length=64), nullable=True),
        sa.Column("scoreboard_bg_image", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=NOW, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=NOW, nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("status IN ('draft', 'published')", name=op.f("ck_event_status")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_event")),
    )
    op.create_index("ix_event_starts_at", "event", ["starts_at"])
    op.create_index("ix_event_ends_at", "event", ["ends_at"])
    op.create_index("ix_event_org_id_status", "event", ["org_id", "status"])
    # Written by hand (docs/architecture.md, Libraries): autogenerate cannot express an expression GiST index.
    # "Near me" lists order by point(lng, lat) <-> point(:lng, :lat).
    op.create_index("ix_event_location", "event", [sa.text("point(lng, lat)")], postgresql_using="gist")
    op.create_table(
        "tier",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=150), nullable=False),
        sa.Column("cost_cents", sa.Integer(), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], name=op.f("fk_tier_event_id_event"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tier")),
    )
    op.create_index("ix_tier_event_id", "tier", ["event_id", "position"])
    op.create_table(
        "carpet",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], name=op.f("fk_carpet_event_id_event"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_carpet")),
    )
    op.create_index("ix_carpet_event_id", "carpet", ["event_id", "position"])
    op.create_table(
        "event_staff",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=NOW, nullable=False),
        sa.CheckConstraint("role IN ('admin', 'host', 'dj')", name=op.f("ck_event_staff_role")),
        sa.ForeignKeyConstraint(
            ["event_id"], ["event.id"], name=op.f("fk_event_staff_event_id_event"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("event_id", "role", "user_id", name=op.f("pk_event_staff")),
    )
    op.create_index("ix_event_staff_user_id", "event_staff", ["user_id"])
    create_profile_table()
    op.create_table(
        "org",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("name", sa.String(length=100), nullable=True),
        sa.Column("image", sa.String(length=64), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_org")),
    )
    op.create_table(
        "org_role",
        sa.Column("org_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.PrimaryKeyConstraint("org_id", "role", "user_id", name=op.f("pk_org_role")),
    )
    op.create_index("ix_org_role_user_id", "org_role", ["user_id"])


def downgrade() -> None:
    op.drop_table("org_role")
    op.drop_table("org")
    drop_profile_table()
    op.drop_table("event_staff")
    op.drop_table("carpet")
    op.drop_table("tier")
    op.drop_table("event")

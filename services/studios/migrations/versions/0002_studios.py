"""studios, members, the profile projection, competitions (events, battles, entries, ranks)

The map's GiST on point(lng, lat) is partial on the published studios with a place (seed: published only).

Revision ID: 0002
Revises: 0001
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from kit.profiles import create_profile_table, drop_profile_table

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "battle",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=200), server_default="", nullable=False),
        sa.Column("crew_size", sa.Integer(), nullable=True),
        sa.Column("deleted", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_battle")),
    )
    op.create_table(
        "battle_entry",
        sa.Column("battle_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("crew_id", sa.Integer(), nullable=True),
        sa.Column("registered", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("battle_id", "user_id", name=op.f("pk_battle_entry")),
    )
    op.create_index("ix_battle_entry_user_id", "battle_entry", ["user_id", "event_id"], unique=False)
    op.create_table(
        "battle_rank",
        sa.Column("battle_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("battle_id", "user_id", name=op.f("pk_battle_rank")),
    )
    op.create_table(
        "battle_result",
        sa.Column("battle_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("set_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("battle_id", name=op.f("pk_battle_result")),
    )
    op.create_table(
        "competition_event",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("title", sa.String(length=200), server_default="", nullable=False),
        sa.Column("image", sa.String(length=64), nullable=True),
        sa.Column("city", sa.String(length=200), nullable=True),
        sa.Column("state", sa.String(length=200), nullable=True),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("listed", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_competition_event")),
    )
    create_profile_table()
    op.create_table(
        "studio",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), server_default="", nullable=False),
        sa.Column("image", sa.String(length=64), nullable=True),
        sa.Column("status", sa.String(length=16), server_default="draft", nullable=False),
        sa.Column("description", sa.Text(), server_default="", nullable=False),
        sa.Column("founded", sa.Date(), nullable=True),
        sa.Column("location_address", sa.String(length=300), nullable=True),
        sa.Column("lat", sa.Float(), nullable=True),
        sa.Column("lng", sa.Float(), nullable=True),
        sa.Column("socials", postgresql.JSONB(astext_type=sa.Text()), server_default="{}", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("published_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("status IN ('draft', 'published')", name=op.f("ck_studio_status")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_studio")),
    )
    op.create_index(
        "ix_studio_published_location",
        "studio",
        [sa.literal_column("point(lng, lat)")],
        unique=False,
        postgresql_using="gist",
        postgresql_where=sa.text("status = 'published' AND lat IS NOT NULL AND lng IS NOT NULL"),
    )
    op.create_index(
        "ix_studio_published_name",
        "studio",
        [sa.literal_column("lower(name)"), "id"],
        unique=False,
        postgresql_where=sa.text("status = 'published'"),
    )
    op.create_table(
        "studio_member",
        sa.Column("studio_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("role IN ('admin', 'teacher', 'student')", name=op.f("ck_studio_member_role")),
        sa.ForeignKeyConstraint(
            ["studio_id"], ["studio.id"], name=op.f("fk_studio_member_studio_id_studio"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("studio_id", "role", "user_id", name=op.f("pk_studio_member")),
    )
    op.create_index("ix_studio_member_user_id", "studio_member", ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_studio_member_user_id", table_name="studio_member")
    op.drop_table("studio_member")
    op.drop_index("ix_studio_published_name", table_name="studio", postgresql_where=sa.text("status = 'published'"))
    op.drop_index(
        "ix_studio_published_location",
        table_name="studio",
        postgresql_using="gist",
        postgresql_where=sa.text("status = 'published' AND lat IS NOT NULL AND lng IS NOT NULL"),
    )
    op.drop_table("studio")
    drop_profile_table()
    op.drop_table("competition_event")
    op.drop_table("battle_result")
    op.drop_table("battle_rank")
    op.drop_index("ix_battle_entry_user_id", table_name="battle_entry")
    op.drop_table("battle_entry")
    op.drop_table("battle")

"""organizations, roles, members, profile projection, leaderboard, media

Revision ID: 0001
Revises:
Create Date: 2026-11-21 03:00:06.430877
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from kit.migrations import create_kit_tables, drop_kit_tables

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    create_kit_tables()
    op.create_table(
        "organization",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), server_default="", nullable=False),
        sa.Column("image", sa.String(length=64), nullable=True),
        sa.Column("status", sa.String(length=16), server_default="draft", nullable=False),
        sa.Column("description", sa.Text(), server_default="", nullable=False),
        sa.Column("founded", sa.Date(), nullable=True),
        sa.Column("ranking_disabled", sa.Boolean(), server_default="true", nullable=False),
        sa.Column("socials", postgresql.JSONB(astext_type=sa.Text()), server_default="{}", nullable=False),
        sa.Column("agreement", postgresql.JSONB(astext_type=sa.Text()), server_default="{}", nullable=False),
        sa.Column("waiver", postgresql.JSONB(astext_type=sa.Text()), server_default="{}", nullable=False),
        sa.Column("total_events", sa.Integer(), server_default="0", nullable=False),
        sa.Column("current_events", sa.Integer(), server_default="0", nullable=False),
        sa.Column("future_events", sa.Integer(), server_default="0", nullable=False),
        sa.Column("past_events", sa.Integer(), server_default="0", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("published_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("status IN ('draft', 'published')", name=op.f("ck_organization_status")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_organization")),
    )
    op.create_index(
        "ix_organization_status_name", "organization", ["status", sa.literal_column("lower(name)"), "id"], unique=False
    )
    op.create_table(
        "organization_role",
        sa.Column("organization_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("role IN ('admin', 'promoter')", name=op.f("ck_organization_role_role")),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organization.id"],
            name=op.f("fk_organization_role_organization_id_organization"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", "role", "user_id", name=op.f("pk_organization_role")),
    )
    op.create_index("ix_organization_role_user_id", "organization_role", ["user_id"], unique=False)
    op.create_table(
        "organization_member",
        sa.Column("organization_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organization.id"],
            name=op.f("fk_organization_member_organization_id_organization"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", "user_id", name=op.f("pk_organization_member")),
    )
    op.create_index("ix_organization_member_user_id", "organization_member", ["user_id"], unique=False)
    op.create_table(
        "profile",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("dancer_name", sa.String(length=100), nullable=True),
        sa.Column("avatar", sa.String(length=64), nullable=True),
        sa.Column("synced_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_profile")),
    )
    op.create_table(
        "battle_result",
        sa.Column("battle_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=True),
        sa.Column("organization_id", sa.Integer(), nullable=True),
        sa.Column("start_date", sa.Date(), nullable=False),
        sa.Column("set_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organization.id"],
            name=op.f("fk_battle_result_organization_id_organization"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("battle_id", name=op.f("pk_battle_result")),
    )
    op.create_table(
        "leaderboard_award",
        sa.Column("battle_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("organization_id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("place", sa.String(length=16), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["battle_id"],
            ["battle_result.battle_id"],
            name=op.f("fk_leaderboard_award_battle_id_battle_result"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organization.id"],
            name=op.f("fk_leaderboard_award_organization_id_organization"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("battle_id", "user_id", name=op.f("pk_leaderboard_award")),
    )
    op.create_index(
        "ix_leaderboard_award_org_year_user", "leaderboard_award", ["organization_id", "year", "user_id"], unique=False
    )
    op.create_table(
        "media",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("link", sa.String(length=11), nullable=False),
        sa.Column("name", sa.String(length=200), server_default="", nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("organization_id", sa.Integer(), nullable=True),
        sa.Column("event_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organization.id"],
            name=op.f("fk_media_organization_id_organization"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_media")),
    )
    op.create_index("ix_media_organization_id_id", "media", ["organization_id", "id"], unique=False)
    op.create_index("ix_media_event_id_id", "media", ["event_id", "id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_media_event_id_id", table_name="media")
    op.drop_index("ix_media_organization_id_id", table_name="media")
    op.drop_table("media")
    op.drop_index("ix_leaderboard_award_org_year_user", table_name="leaderboard_award")
    op.drop_table("leaderboard_award")
    op.drop_table("battle_result")
    op.drop_table("profile")
    op.drop_index("ix_organization_member_user_id", table_name="organization_member")
    op.drop_table("organization_member")
    op.drop_index("ix_organization_role_user_id", table_name="organization_role")
    op.drop_table("organization_role")
    op.drop_index("ix_organization_status_name", table_name="organization")
    op.drop_table("organization")
    drop_kit_tables()

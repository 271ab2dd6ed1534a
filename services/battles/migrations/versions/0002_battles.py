"""battles, judges, crews, entries, signatures; the projections of events, organizations, studios and profiles

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
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("style", sa.String(length=16), server_default="classic", nullable=False),
        sa.Column("crew_size", sa.Integer(), server_default="1", nullable=False),
        sa.Column("org_id", sa.Integer(), nullable=True),
        sa.Column("organization_competitors_only", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("description", sa.Text(), server_default="", nullable=False),
        sa.Column("hide_participants", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("cap_type", sa.String(length=16), server_default="none", nullable=False),
        sa.Column("limit", sa.Integer(), server_default="0", nullable=False),
        sa.Column("bracket_size", sa.Integer(), server_default="16", nullable=False),
        sa.Column("bracket_levels", postgresql.JSONB(astext_type=sa.Text()), server_default="[]", nullable=False),
        sa.Column("prizes_desc", sa.Text(), server_default="", nullable=False),
        sa.Column("prizes", postgresql.JSONB(astext_type=sa.Text()), server_default="[]", nullable=False),
        sa.Column("start_date", sa.DateTime(timezone=True), nullable=True),
        sa.Column("status", sa.String(length=32), server_default="registration", nullable=False),
        sa.Column("entry_seq", sa.Integer(), server_default="0", nullable=False),
        sa.Column("rand_seq", sa.Integer(), server_default="0", nullable=False),
        sa.Column("winners_set", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("cap_type IN ('none', 'registration', 'checkIn')", name=op.f("ck_battle_cap_type")),
        sa.CheckConstraint("style IN ('bracket', 'classic')", name=op.f("ck_battle_style")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_battle")),
    )
    op.create_index("ix_battle_event_id", "battle", ["event_id"], unique=False)
    op.create_table(
        "check_in",
        sa.Column("event_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("checked_in_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("event_id", "user_id", name=op.f("pk_check_in")),
    )
    op.create_table(
        "event_staff",
        sa.Column("event_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("present", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("event_id", "user_id", "role", name=op.f("pk_event_staff")),
    )
    op.create_table(
        "event_view",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("org_id", sa.Integer(), nullable=True),
        sa.Column("organizer_id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=200), server_default="", nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("time_zone", sa.String(length=64), server_default="UTC", nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("deleted", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_event_view")),
    )
    op.create_table(
        "org",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("name", sa.String(length=200), nullable=True),
        sa.Column("image", sa.String(length=64), nullable=True),
        sa.Column("agreement", postgresql.JSONB(astext_type=sa.Text()), server_default="{}", nullable=False),
        sa.Column("waiver", postgresql.JSONB(astext_type=sa.Text()), server_default="{}", nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("documents_changed_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_org")),
    )
    op.create_table(
        "org_member",
        sa.Column("org_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("member", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("org_id", "user_id", name=op.f("pk_org_member")),
    )
    op.create_table(
        "org_role",
        sa.Column("org_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("present", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("org_id", "user_id", "role", name=op.f("pk_org_role")),
    )
    create_profile_table()
    op.create_table(
        "studio_membership",
        sa.Column("studio_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("studio_name", sa.String(length=100), server_default="", nullable=False),
        sa.Column("studio_image", sa.String(length=64), nullable=True),
        sa.Column("published", sa.Boolean(), nullable=False),
        sa.Column("present", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("studio_id", "user_id", "role", name=op.f("pk_studio_membership")),
    )
    op.create_index("ix_studio_membership_user_id", "studio_membership", ["user_id"], unique=False)
    op.create_table(
        "crew",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("captain_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["battle_id"], ["battle.id"], name=op.f("fk_crew_battle_id_battle"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_crew")),
    )
    op.create_index("ix_crew_battle_id", "crew", ["battle_id"], unique=False)
    op.create_table(
        "judge",
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["battle_id"], ["battle.id"], name=op.f("fk_judge_battle_id_battle"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("battle_id", "user_id", name=op.f("pk_judge")),
    )
    op.create_table(
        "signature",
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("agreement_signed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("waiver_signed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["battle_id"], ["battle.id"], name=op.f("fk_signature_battle_id_battle"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("battle_id", "user_id", name=op.f("pk_signature")),
    )
    op.create_table(
        "crew_member",
        sa.Column("crew_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("confirmed", sa.Boolean(), nullable=False),
        sa.Column("confirmed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("requested", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["battle_id"], ["battle.id"], name=op.f("fk_crew_member_battle_id_battle"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["crew_id"], ["crew.id"], name=op.f("fk_crew_member_crew_id_crew"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("crew_id", "user_id", name=op.f("pk_crew_member")),
    )
    op.create_index("ix_crew_member_battle_user", "crew_member", ["battle_id", "user_id"], unique=False)
    op.create_table(
        "entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("crew_id", sa.Integer(), nullable=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("waitlisted", sa.Boolean(), nullable=False),
        sa.Column("checked_in_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("rand_id", sa.Integer(), nullable=True),
        sa.Column("place", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("(user_id IS NULL) <> (crew_id IS NULL)", name=op.f("ck_entry_dancer_or_crew")),
        sa.ForeignKeyConstraint(
            ["battle_id"], ["battle.id"], name=op.f("fk_entry_battle_id_battle"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["crew_id"], ["crew.id"], name=op.f("fk_entry_crew_id_crew"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_entry")),
        sa.UniqueConstraint("battle_id", "user_id", name="uq_entry_battle_user"),
        sa.UniqueConstraint("crew_id", name="uq_entry_crew_id"),
    )
    op.create_index("ix_entry_battle_seq", "entry", ["battle_id", "seq"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_entry_battle_seq", table_name="entry")
    op.drop_table("entry")
    op.drop_index("ix_crew_member_battle_user", table_name="crew_member")
    op.drop_table("crew_member")
    op.drop_table("signature")
    op.drop_table("judge")
    op.drop_index("ix_crew_battle_id", table_name="crew")
    op.drop_table("crew")
    op.drop_index("ix_studio_membership_user_id", table_name="studio_membership")
    op.drop_table("studio_membership")
    drop_profile_table()
    op.drop_table("org_role")
    op.drop_table("org_member")
    op.drop_table("org")
    op.drop_table("event_view")
    op.drop_table("event_staff")
    op.drop_table("check_in")
    op.drop_index("ix_battle_event_id", table_name="battle")
    op.drop_table("battle")

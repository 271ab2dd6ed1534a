"""accounts, profiles, refresh tokens, login failures

Revision ID: 0001
Revises:
Create Date: 2026-11-21 02:47:33.686889
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
        "account",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=True),
        sa.Column("is_platform_admin", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_account")),
        sa.UniqueConstraint("email", name=op.f("uq_account_email")),
    )
    op.create_table(
        "login_failure",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("failed_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_login_failure")),
    )
    op.create_index("ix_login_failure_email_failed_at", "login_failure", ["email", "failed_at"], unique=False)
    op.create_table(
        "profile",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("is_main", sa.Boolean(), nullable=False),
        sa.Column("dancer_name", sa.String(length=100), nullable=True),
        sa.Column("full_name", sa.String(length=200), nullable=True),
        sa.Column("birthday", sa.Date(), nullable=True),
        sa.Column("country", sa.String(length=100), nullable=True),
        sa.Column("city", sa.String(length=100), nullable=True),
        sa.Column("state", sa.String(length=100), nullable=True),
        sa.Column("avatar", sa.String(length=64), nullable=True),
        sa.Column("card", sa.String(length=64), nullable=True),
        sa.Column("is_patron", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("socials", postgresql.JSONB(astext_type=sa.Text()), server_default="{}", nullable=False),
        sa.Column("privacy", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("events_attended", sa.Integer(), server_default="0", nullable=False),
        sa.Column("battles_entered", sa.Integer(), server_default="0", nullable=False),
        sa.Column("battles_won", sa.Integer(), server_default="0", nullable=False),
        sa.Column("events_dj", sa.Integer(), server_default="0", nullable=False),
        sa.Column("battles_judged", sa.Integer(), server_default="0", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["account.id"], name=op.f("fk_profile_account_id_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_profile")),
    )
    op.create_index(op.f("ix_profile_account_id"), "profile", ["account_id"], unique=False)
    op.create_index(
        "uq_profile_main_per_account",
        "profile",
        ["account_id"],
        unique=True,
        postgresql_where=sa.text("is_main"),
    )
    op.create_table(
        "refresh_token",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("family_id", sa.Uuid(), nullable=False),
        sa.Column("token_hash", sa.LargeBinary(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["account.id"],
            name=op.f("fk_refresh_token_account_id_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_refresh_token")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_refresh_token_token_hash")),
    )
    op.create_index(op.f("ix_refresh_token_account_id"), "refresh_token", ["account_id"], unique=False)
    op.create_index(op.f("ix_refresh_token_family_id"), "refresh_token", ["family_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_refresh_token_family_id"), table_name="refresh_token")
    op.drop_index(op.f("ix_refresh_token_account_id"), table_name="refresh_token")
    op.drop_table("refresh_token")
    op.drop_index("uq_profile_main_per_account", table_name="profile", postgresql_where=sa.text("is_main"))
    op.drop_index(op.f("ix_profile_account_id"), table_name="profile")
    op.drop_table("profile")
    op.drop_index("ix_login_failure_email_failed_at", table_name="login_failure")
    op.drop_table("login_failure")
    op.drop_table("account")
    drop_kit_tables()

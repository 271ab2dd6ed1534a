"""email links, mail outbox, notifications, organization projection, social sign-in, user search index

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21 03:00:10.013269
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("account", sa.Column("email_verified_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index(
        "ix_profile_dancer_name_lower",
        "profile",
        [sa.literal_column("lower(dancer_name)"), "id"],
        unique=False,
        postgresql_where=sa.text("dancer_name IS NOT NULL"),
    )
    # The user search's substring filter (k) uses a trigram index where the server ships pg_trgm (contrib);
    # without it the same query scans, which is correct, only slower on a large table.
    op.execute(
        """
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
                CREATE EXTENSION IF NOT EXISTS pg_trgm;
                CREATE INDEX IF NOT EXISTS ix_profile_dancer_name_trgm ON profile
                    USING gin (dancer_name gin_trgm_ops) WHERE dancer_name IS NOT NULL;
            END IF;
        END
        $$
        """
    )
    op.create_table(
        "email_token",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("token_hash", sa.LargeBinary(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["account_id"], ["account.id"], name=op.f("fk_email_token_account_id_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_email_token")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_email_token_token_hash")),
    )
    op.create_index(op.f("ix_email_token_account_id"), "email_token", ["account_id"], unique=False)
    op.create_index("ix_email_token_email_kind_created_at", "email_token", ["email", "kind", "created_at"])
    op.create_table(
        "mail",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("to_address", sa.String(length=320), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("text_body", sa.Text(), nullable=False),
        sa.Column("html_body", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("attempts", sa.Integer(), server_default="0", nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("failed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mail")),
    )
    op.create_index(
        "ix_mail_due",
        "mail",
        ["next_attempt_at"],
        postgresql_where=sa.text("sent_at IS NULL AND failed_at IS NULL"),
    )
    op.create_table(
        "notification",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=50), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("link", sa.String(length=500), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("read_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["profile_id"], ["profile.id"], name=op.f("fk_notification_profile_id_profile"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notification")),
    )
    op.create_index("ix_notification_profile_id_id", "notification", ["profile_id", "id"])
    op.create_index(
        "ix_notification_unread", "notification", ["profile_id"], postgresql_where=sa.text("read_at IS NULL")
    )
    op.create_table(
        "organization",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("name", sa.String(length=200), nullable=True),
        sa.Column("image", sa.String(length=64), nullable=True),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_organization")),
    )
    op.create_table(
        "org_membership",
        sa.Column("org_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("profile_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("role", sa.String(length=20), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("org_id", "profile_id", "role", name=op.f("pk_org_membership")),
    )
    op.create_index("ix_org_membership_profile_id", "org_membership", ["profile_id"])
    op.create_table(
        "social_identity",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("provider", sa.String(length=20), nullable=False),
        sa.Column("subject", sa.String(length=255), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["account.id"], name=op.f("fk_social_identity_account_id_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_social_identity")),
        sa.UniqueConstraint("provider", "subject", name="uq_social_identity_provider_subject"),
    )
    op.create_index(op.f("ix_social_identity_account_id"), "social_identity", ["account_id"], unique=False)
    op.create_table(
        "oidc_login",
        sa.Column("state_hash", sa.LargeBinary(length=32), nullable=False),
        sa.Column("provider", sa.String(length=20), nullable=False),
        sa.Column("code_verifier", sa.String(length=128), nullable=False),
        sa.Column("nonce", sa.String(length=64), nullable=False),
        sa.Column("redirect", sa.String(length=500), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("state_hash", name=op.f("pk_oidc_login")),
    )


def downgrade() -> None:
    op.drop_table("oidc_login")
    op.drop_index(op.f("ix_social_identity_account_id"), table_name="social_identity")
    op.drop_table("social_identity")
    op.drop_index("ix_org_membership_profile_id", table_name="org_membership")
    op.drop_table("org_membership")
    op.drop_table("organization")
    op.drop_index("ix_notification_unread", table_name="notification")
    op.drop_index("ix_notification_profile_id_id", table_name="notification")
    op.drop_table("notification")
    op.drop_index("ix_mail_due", table_name="mail")
    op.drop_table("mail")
    op.drop_index("ix_email_token_email_kind_created_at", table_name="email_token")
    op.drop_index(op.f("ix_email_token_account_id"), table_name="email_token")
    op.drop_table("email_token")
    op.execute("DROP INDEX IF EXISTS ix_profile_dancer_name_trgm")
    op.drop_index("ix_profile_dancer_name_lower", table_name="profile")
    op.drop_column("account", "email_verified_at")

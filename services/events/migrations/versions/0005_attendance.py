"""Going to an event: payments, tickets, check-ins (attendee), likes and feedback; when an event's
attendees were asked for feedback.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24 21:32:36.533102
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "attendee",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("checked_in_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("checked_in_by", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["event.id"], name=op.f("fk_attendee_event_id_event"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("event_id", "user_id", name=op.f("pk_attendee")),
    )
    op.create_index("ix_attendee_user_id", "attendee", ["user_id"], unique=False)
    op.create_table(
        "event_like",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["event.id"], name=op.f("fk_event_like_event_id_event"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("event_id", "user_id", name=op.f("pk_event_like")),
    )
    op.create_index("ix_event_like_user_id", "event_like", ["user_id"], unique=False)
    op.create_table(
        "feedback",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("timeliness", sa.Float(), nullable=False),
        sa.Column("communication", sa.Float(), nullable=False),
        sa.Column("venue", sa.Float(), nullable=False),
        sa.Column("vibe", sa.Float(), nullable=False),
        sa.Column("music_sound", sa.Float(), nullable=False),
        sa.Column("average", sa.Float(), nullable=False),
        sa.Column("details", sa.Text(), server_default="", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint(
            "timeliness BETWEEN 1 AND 5 AND communication BETWEEN 1 AND 5 AND venue BETWEEN 1 AND 5"
            " AND vibe BETWEEN 1 AND 5 AND music_sound BETWEEN 1 AND 5",
            name=op.f("ck_feedback_stars"),
        ),
        sa.ForeignKeyConstraint(
            ["event_id"], ["event.id"], name=op.f("fk_feedback_event_id_event"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("event_id", "user_id", name=op.f("pk_feedback")),
    )
    op.create_table(
        "payment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("provider", sa.String(length=16), nullable=False),
        sa.Column("provider_ref", sa.String(length=200), nullable=True),
        sa.Column("amount_cents", sa.Integer(), nullable=False),
        sa.Column("currency", sa.String(length=3), server_default="usd", nullable=False),
        sa.Column("status", sa.String(length=16), server_default="pending", nullable=False),
        sa.Column("message", sa.String(length=300), server_default="", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint(
            "status IN ('pending', 'requires_action', 'succeeded', 'declined', 'cancelled', 'refunded')",
            name=op.f("ck_payment_status"),
        ),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], name=op.f("fk_payment_event_id_event"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_payment")),
        sa.UniqueConstraint("provider", "provider_ref", name="uq_payment_provider_ref"),
        sa.UniqueConstraint("user_id", "key", name="uq_payment_user_key"),
    )
    op.create_table(
        "ticket",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("tier_id", sa.Integer(), nullable=True),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("payment_id", sa.Integer(), nullable=True),
        sa.Column("title", sa.String(length=150), server_default="", nullable=False),
        sa.Column("method", sa.String(length=8), nullable=False),
        sa.Column("status", sa.String(length=16), server_default="pending", nullable=False),
        sa.Column("secret", sa.String(length=64), nullable=False),
        sa.Column("cost_cents", sa.Integer(), server_default="0", nullable=False),
        sa.Column("fees_cents", sa.Integer(), server_default="0", nullable=False),
        sa.Column("taxes_cents", sa.Integer(), server_default="0", nullable=False),
        sa.Column("total_cents", sa.Integer(), server_default="0", nullable=False),
        sa.Column("paid_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("method IN ('card', 'cash', 'free', 'staff')", name=op.f("ck_ticket_method")),
        sa.CheckConstraint("status IN ('pending', 'issued', 'cancelled', 'refunded')", name=op.f("ck_ticket_status")),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], name=op.f("fk_ticket_event_id_event"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["payment_id"], ["payment.id"], name=op.f("fk_ticket_payment_id_payment")),
        sa.ForeignKeyConstraint(["tier_id"], ["tier.id"], name=op.f("fk_ticket_tier_id_tier"), ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ticket")),
        sa.UniqueConstraint("payment_id", name=op.f("uq_ticket_payment_id")),
        sa.UniqueConstraint("secret", name=op.f("uq_ticket_secret")),
    )
    op.create_index("ix_ticket_event_user", "ticket", ["event_id", "user_id"], unique=False)
    op.create_index("ix_ticket_user_id", "ticket", ["user_id"], unique=False)
    op.add_column("event", sa.Column("feedback_requested_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("event", "feedback_requested_at")
    op.drop_index("ix_ticket_user_id", table_name="ticket")
    op.drop_index("ix_ticket_event_user", table_name="ticket")
    op.drop_table("ticket")
    op.drop_table("payment")
    op.drop_table("feedback")
    op.drop_index("ix_event_like_user_id", table_name="event_like")
    op.drop_table("event_like")
    op.drop_index("ix_attendee_user_id", table_name="attendee")
    op.drop_table("attendee")

"""Going to an event (issue 13): payments, tickets, who attends and checked in, likes and feedback.

Money is in cents. A ticket is issued exactly once per confirmed payment: `ticket.payment_id` is unique and a
payment moves `pending -> succeeded` once (an UPDATE ... WHERE status = 'pending'), whatever retries, repeated
webhooks or second tabs do. A ticket's `secret` is what its QR code encodes: random, unguessable, never an id."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, Float, ForeignKey, Index, String, Text, UniqueConstraint, func
from sqlalchemy.orm import Mapped, mapped_column

from events.models import Base


class Payment(Base):
    """One payment at a provider for one ticket. `key` is the buyer's idempotency key for the purchase: the same
    key never creates a second payment (unique per buyer)."""

    __tablename__ = "payment"
    __table_args__ = (
        CheckConstraint(
            "status IN ('pending', 'requires_action', 'succeeded', 'declined', 'cancelled', 'refunded')",
            name="status",
        ),
        UniqueConstraint("user_id", "key", name="uq_payment_user_key"),
        UniqueConstraint("provider", "provider_ref", name="uq_payment_provider_ref"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"))
    user_id: Mapped[int]
    key: Mapped[str] = mapped_column(String(200))
    provider: Mapped[str] = mapped_column(String(16))  # test | stripe
    provider_ref: Mapped[str | None] = mapped_column(String(200))  # the provider's payment id
    amount_cents: Mapped[int]
    currency: Mapped[str] = mapped_column(String(3), default="usd", server_default="usd")
    status: Mapped[str] = mapped_column(String(16), default="pending", server_default="pending")
    message: Mapped[str] = mapped_column(String(300), default="", server_default="")  # the processor's last word
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())


class Ticket(Base):
    """A ticket of a tier. method: card (issued when its payment succeeds), cash (chosen to pay at the door:
    `paid_at` set when staff take the money, 'Pay & Check-In'), free (issued at once), staff (given at the door by
    staff checking in someone without one). status: pending (card, awaiting the payment), issued, cancelled,
    refunded. The amounts are the tier's at purchase time."""

    __tablename__ = "ticket"
    __table_args__ = (
        CheckConstraint("method IN ('card', 'cash', 'free', 'staff')", name="method"),
        CheckConstraint("status IN ('pending', 'issued', 'cancelled', 'refunded')", name="status"),
        Index("ix_ticket_event_user", "event_id", "user_id"),
        Index("ix_ticket_user_id", "user_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"))
    tier_id: Mapped[int | None] = mapped_column(ForeignKey("tier.id", ondelete="SET NULL"))
    user_id: Mapped[int]
    payment_id: Mapped[int | None] = mapped_column(ForeignKey("payment.id"), unique=True)
    title: Mapped[str] = mapped_column(String(150), default="", server_default="")
    method: Mapped[str] = mapped_column(String(8))
    status: Mapped[str] = mapped_column(String(16), default="pending", server_default="pending")
    secret: Mapped[str] = mapped_column(String(64), unique=True)
    cost_cents: Mapped[int] = mapped_column(default=0, server_default="0")
    fees_cents: Mapped[int] = mapped_column(default=0, server_default="0")
    taxes_cents: Mapped[int] = mapped_column(default=0, server_default="0")
    total_cents: Mapped[int] = mapped_column(default=0, server_default="0")
    paid_at: Mapped[datetime | None]
    # The refund of a cancelled event's card ticket: what was given back, when, the processor's reference; or the
    # processor's words when it failed (the ticket stays issued until a retry succeeds).
    refunded_at: Mapped[datetime | None]
    refund_cents: Mapped[int | None]
    refund_ref: Mapped[str | None] = mapped_column(String(200))
    refund_error: Mapped[str | None] = mapped_column(String(300))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())


class Attendee(Base):
    """Who checked in at an event, and when (set once: a replayed check-in changes nothing). A row exists only
    while checked in; un-checking deletes it."""

    __tablename__ = "attendee"
    __table_args__ = (Index("ix_attendee_user_id", "user_id"),)

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(primary_key=True)
    checked_in_at: Mapped[datetime] = mapped_column(server_default=func.now())
    checked_in_by: Mapped[int]  # the user themself (self check-in) or the staff member


class EventLike(Base):
    __tablename__ = "event_like"
    __table_args__ = (Index("ix_event_like_user_id", "user_id"),)

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(primary_key=True)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class Feedback(Base):
    """One per user and event, edited in place. Each category 1 to 5 in halves; `average` the mean to 2
    decimals."""

    __tablename__ = "feedback"
    __table_args__ = (
        CheckConstraint(
            " AND ".join(
                f"{name} BETWEEN 1 AND 5" for name in ("timeliness", "communication", "venue", "vibe", "music_sound")
            ),
            name="stars",
        ),
    )

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(primary_key=True)
    timeliness: Mapped[float] = mapped_column(Float)
    communication: Mapped[float] = mapped_column(Float)
    venue: Mapped[float] = mapped_column(Float)
    vibe: Mapped[float] = mapped_column(Float)
    music_sound: Mapped[float] = mapped_column(Float)
    average: Mapped[float] = mapped_column(Float)
    details: Mapped[str] = mapped_column(Text, default="", server_default="")
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())

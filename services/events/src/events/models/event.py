from __future__ import annotations

import enum
from datetime import datetime

from sqlalchemy import CheckConstraint, Computed, DateTime, Float, ForeignKey, Index, String, Text, func, text
from sqlalchemy.dialects.postgresql import TSVECTOR
from sqlalchemy.orm import Mapped, mapped_column

from events.models import Base


class EventStatus(enum.StrEnum):
    DRAFT = "draft"
    PUBLISHED = "published"


class StaffRole(enum.StrEnum):
    """Admins edit the event as its organizer does; hosts and DJs are shown, and edit nothing."""

    ADMIN = "admin"
    HOST = "host"
    DJ = "dj"


LISTED = "status = 'published' AND deleted_at IS NULL"


class Event(Base):
    """An event. The organizer writes wall times in the venue's zone (local_start/local_end); starts_at and
    ends_at are the UTC instants derived from them on save, for lists and periods. Deleting sets deleted_at:
    battles and tickets keep referring to the row."""

    __tablename__ = "event"
    __table_args__ = (
        CheckConstraint("status IN ('draft', 'published')", name="status"),
        Index("ix_event_starts_at", "starts_at"),
        Index("ix_event_ends_at", "ends_at"),
        Index("ix_event_org_id_status", "org_id", "status"),
        Index("ix_event_location", text("point(lng, lat)"), postgresql_using="gist"),
        # The browse lists' (migration 0004 says why each): published, undeleted events only.
        Index("ix_event_published_start", "starts_at", "id", postgresql_where=text(LISTED)),
        Index("ix_event_published_title", text("lower(title)"), "id", postgresql_where=text(LISTED)),
        Index(
            "ix_event_published_running",
            text("tstzrange(starts_at, greatest(starts_at, coalesce(ends_at, starts_at)), '[]')"),
            postgresql_using="gist",
            postgresql_where=text(LISTED),
        ),
        Index(
            "ix_event_published_local",
            text("tsrange(local_start, greatest(local_start, coalesce(local_end, local_start)), '[]')"),
            postgresql_using="gist",
            postgresql_where=text(LISTED),
        ),
        Index("ix_event_title_words", "title_words", postgresql_using="gin"),
        Index(
            "ix_event_published_location",
            text("point(lng, lat)"),
            postgresql_using="gist",
            postgresql_include=["starts_at", "ends_at"],
            postgresql_where=text(f"{LISTED} AND lat IS NOT NULL AND lng IS NOT NULL"),
        ),
    )
    __mapper_args__ = {"eager_defaults": True}

    id: Mapped[int] = mapped_column(primary_key=True)
    org_id: Mapped[int | None]  # None: a platform event
    organizer_id: Mapped[int]
    status: Mapped[str] = mapped_column(String(16), default=EventStatus.DRAFT, server_default="draft")
    title: Mapped[str] = mapped_column(String(150), default="", server_default="")
    # The title's words for k, kept by PostgreSQL (migration 0006 says why stored).
    title_words: Mapped[str] = mapped_column(
        TSVECTOR, Computed("to_tsvector('simple'::regconfig, (title)::text)", persisted=True), deferred=True
    )
    image: Mapped[str | None] = mapped_column(String(64))
    description: Mapped[str] = mapped_column(Text, default="", server_default="")
    website: Mapped[str] = mapped_column(String(300), default="", server_default="")
    location_address: Mapped[str] = mapped_column(String(300), default="", server_default="")
    lat: Mapped[float | None] = mapped_column(Float)
    lng: Mapped[float | None] = mapped_column(Float)
    time_zone: Mapped[str] = mapped_column(String(64), default="UTC", server_default="UTC")
    local_start: Mapped[datetime | None] = mapped_column(DateTime(timezone=False))
    local_end: Mapped[datetime | None] = mapped_column(DateTime(timezone=False))
    starts_at: Mapped[datetime | None]
    ends_at: Mapped[datetime | None]
    scoreboard_logo: Mapped[str | None] = mapped_column(String(64))
    scoreboard_bg_image: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())
    deleted_at: Mapped[datetime | None]
    # A published event called off: it stays readable, shows 'Cancelled', sells and checks in nothing.
    cancelled_at: Mapped[datetime | None]
    # when the checked-in attendees were asked for feedback (once, after the event ended; issue 13)
    feedback_requested_at: Mapped[datetime | None]


class Tier(Base):
    """A ticket tier, in the order the organizer wrote them."""

    __tablename__ = "tier"
    __table_args__ = (Index("ix_tier_event_id", "event_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"))
    position: Mapped[int]
    title: Mapped[str] = mapped_column(String(150), default="")
    cost_cents: Mapped[int] = mapped_column(default=0)
    description: Mapped[str] = mapped_column(Text, default="")


class Carpet(Base):
    """A dance floor of the event; battles are held on one."""

    __tablename__ = "carpet"
    __table_args__ = (Index("ix_carpet_event_id", "event_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"))
    position: Mapped[int]
    name: Mapped[str] = mapped_column(String(100))


class EventStaff(Base):
    __tablename__ = "event_staff"
    __table_args__ = (
        CheckConstraint("role IN ('admin', 'host', 'dj')", name="role"),
        Index("ix_event_staff_user_id", "user_id"),
    )

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    role: Mapped[str] = mapped_column(String(16), primary_key=True)
    user_id: Mapped[int] = mapped_column(primary_key=True)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())

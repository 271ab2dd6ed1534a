from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, String, text
from sqlalchemy.orm import Mapped, mapped_column

from organizations.models import Base


class OrgEvent(Base):
    """The events service's events (events.event.*): enough to count an organization's by period at query time
    and to know who edits an event's clips. A period is never stored: it changes with the clock, not with an
    event."""

    __tablename__ = "org_event"
    __table_args__ = (
        # The counts read the published, not deleted events of one organization.
        Index("ix_org_event_org_id", "org_id", postgresql_where=text("status = 'published' AND NOT deleted")),
    )

    event_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    org_id: Mapped[int | None]
    # None only for rows applied before the organizer was projected (migration 0004).
    organizer_id: Mapped[int | None]
    status: Mapped[str] = mapped_column(String(16))
    starts_at: Mapped[datetime | None]
    ends_at: Mapped[datetime | None]
    deleted: Mapped[bool] = mapped_column(default=False)
    # The occurredAt of the event applied: an older one arriving late changes nothing.
    changed_at: Mapped[datetime]


class OrgEventAdmin(Base):
    """An event's admins (events.staff.added / removed with role admin): with the organizer and the
    organization's admins, the event's editors, who add and delete its clips."""

    __tablename__ = "org_event_admin"

    event_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    profile_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    # Removed admins stay as a row, so an older "added" delivered late cannot bring them back.
    active: Mapped[bool]
    changed_at: Mapped[datetime]

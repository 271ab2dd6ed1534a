from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, String
from sqlalchemy.orm import Mapped, mapped_column

from identity.models import Base


class StaffedEvent(Base):
    """An event of the events service (events.event.*), as far as a profile's stats need it: whether it counts."""

    __tablename__ = "staffed_event"

    event_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    status: Mapped[str] = mapped_column(String(16))
    deleted: Mapped[bool] = mapped_column(default=False)
    changed_at: Mapped[datetime]


class EventDj(Base):
    """A DJ of an event (events.staff.added / removed with role dj). A removal keeps the row inactive with its
    time, so a late older event cannot undo a newer one."""

    __tablename__ = "event_dj"
    __table_args__ = (Index("ix_event_dj_user_id", "user_id"),)

    event_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    active: Mapped[bool]
    changed_at: Mapped[datetime]


class AttendedEvent(Base):
    """A check-in at an event (events.attendee.checked_in / unchecked): each profile's eventsAttended counts the
    active rows. An un-check keeps the row inactive with its time, so a late older event cannot undo a newer one and
    a redelivery changes nothing."""

    __tablename__ = "attended_event"
    __table_args__ = (Index("ix_attended_event_user_id", "user_id"),)

    event_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    active: Mapped[bool]
    changed_at: Mapped[datetime]

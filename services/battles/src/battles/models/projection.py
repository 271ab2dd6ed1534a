"""What this service knows of other services, from their events (no call per request). Each row keeps when its
announcement happened (`changed_at`), so an older one arriving late changes nothing."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Index, String
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from battles.models import Base


class EventView(Base):
    """An event as `events.event.*` last said: who organizes it, when it runs (its period), its organization."""

    __tablename__ = "event_view"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    org_id: Mapped[int | None]
    organizer_id: Mapped[int]
    title: Mapped[str] = mapped_column(String(200), default="", server_default="")
    starts_at: Mapped[datetime | None]
    ends_at: Mapped[datetime | None]
    time_zone: Mapped[str] = mapped_column(String(64), default="UTC", server_default="UTC")
    status: Mapped[str] = mapped_column(String(16))
    deleted: Mapped[bool] = mapped_column(default=False, server_default="false")
    cancelled: Mapped[bool] = mapped_column(default=False, server_default="false")  # called off: no registrations
    changed_at: Mapped[datetime]


class EventStaff(Base):
    """A user's staff role at an event (admin, host, dj), from `events.staff.*`."""

    __tablename__ = "event_staff"

    event_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    role: Mapped[str] = mapped_column(String(16), primary_key=True)
    present: Mapped[bool]
    changed_at: Mapped[datetime]


class CheckIn(Base):
    """A user's check-in at an event (`events.attendee.*`); `checked_in_at` is None once un-checked."""

    __tablename__ = "check_in"

    event_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    checked_in_at: Mapped[datetime | None]
    changed_at: Mapped[datetime]


class Org(Base):
    """An organization's chip and its agreement and waiver ({} when it has none), from `orgs.org.*`."""

    __tablename__ = "org"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    name: Mapped[str | None] = mapped_column(String(200))
    image: Mapped[str | None] = mapped_column(String(64))
    agreement: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict, server_default="{}")
    waiver: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict, server_default="{}")
    changed_at: Mapped[datetime]
    # Only `orgs.org.updated` carries the documents: they keep their own announcement time.
    documents_changed_at: Mapped[datetime | None]


class OrgMember(Base):
    """A dancer's membership of an organization (`orgs.member.*`), for organizationCompetitorsOnly."""

    __tablename__ = "org_member"

    org_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    member: Mapped[bool]
    changed_at: Mapped[datetime]


class OrgRole(Base):
    """A user's admin or promoter role in an organization (`orgs.role.*`): an organization's admins edit its
    events, and so their battles (the events service's rule)."""

    __tablename__ = "org_role"

    org_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    role: Mapped[str] = mapped_column(String(16), primary_key=True)
    present: Mapped[bool]
    changed_at: Mapped[datetime]


class StudioMembership(Base):
    """A dancer's role in a studio (`studios.member.*`); rows show the published studios of a dancer."""

    __tablename__ = "studio_membership"
    __table_args__ = (Index("ix_studio_membership_user_id", "user_id"),)

    studio_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    role: Mapped[str] = mapped_column(String(16), primary_key=True)
    studio_name: Mapped[str] = mapped_column(String(100), default="", server_default="")
    studio_image: Mapped[str | None] = mapped_column(String(64))
    published: Mapped[bool]
    present: Mapped[bool]
    changed_at: Mapped[datetime]

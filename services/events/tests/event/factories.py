"""Events as tests need them, written straight to the database."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from event.cast import ORGANIZER
from sqlalchemy.ext.asyncio import AsyncSession

from events.events import rules
from events.models import Event, EventStaff, Org, OrgRole, Profile
from kit.db import utcnow
from kit.testing import as_user


def headers(profile_id: int, *, admin: bool = False) -> dict[str, str]:
    return as_user(profile_id, profile_id, admin=admin)


async def create_event(
    session: AsyncSession,
    *,
    admins: Iterable[int] = (),
    hosts: Iterable[int] = (),
    djs: Iterable[int] = (),
    start: str | None = "2030-06-01T12:00",
    end: str | None = "2030-06-01T18:00",
    **overrides: Any,
) -> Event:
    values: dict[str, Any] = {
        "title": "Battle of the Year",
        "status": "published",
        "organizer_id": ORGANIZER,
        "time_zone": "America/New_York",
    } | overrides
    event = Event(**values)
    event.local_start, event.local_end = rules.parse_local(start), rules.parse_local(end)
    event.starts_at = rules.to_utc(event.local_start, event.time_zone)
    event.ends_at = rules.to_utc(event.local_end, event.time_zone)
    session.add(event)
    await session.flush()
    for role, users in (("admin", admins), ("host", hosts), ("dj", djs)):
        for user_id in users:
            session.add(EventStaff(event_id=event.id, user_id=user_id, role=role))
    await session.commit()
    return event


async def create_org(
    session: AsyncSession, org_id: int, *, admins: Iterable[int] = (), promoters: Iterable[int] = ()
) -> None:
    """An organization in the projection, as orgs events would have left it."""
    session.add(Org(id=org_id, name="Floor Lords", image="org-img", status="published"))
    for role, users in (("admin", admins), ("promoter", promoters)):
        for user_id in users:
            session.add(OrgRole(org_id=org_id, user_id=user_id, role=role))
    await session.commit()


async def create_profiles(session: AsyncSession, *names: tuple[int, str]) -> None:
    for profile_id, name in names:
        session.add(Profile(id=profile_id, dancer_name=name, avatar=f"avatar-{profile_id}", synced_at=utcnow()))
    await session.commit()


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)

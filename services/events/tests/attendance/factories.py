"""Events happening now, finished or to come, paid tiers and tickets, written straight to the database (the
purchase API is another package's: these rows are what it leaves)."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from event.factories import create_event
from sqlalchemy.ext.asyncio import AsyncSession

from events.models import Attendee, Event, Ticket, Tier
from kit.db import utcnow


def wall(delta: timedelta) -> str:
    return (datetime.now(UTC) + delta).strftime("%Y-%m-%dT%H:%M")


async def event_at(session: AsyncSession, period: str, **overrides: Any) -> Event:
    """An event (in UTC wall time) that is happening now, finished (past) or to come (future)."""
    start, end = {
        "now": (timedelta(hours=-1), timedelta(hours=2)),
        "past": (timedelta(hours=-5), timedelta(hours=-2)),
        "future": (timedelta(days=2), timedelta(days=2, hours=3)),
    }[period]
    return await create_event(session, time_zone="UTC", start=wall(start), end=wall(end), **overrides)


async def add_tier(session: AsyncSession, event: Event, cost: int = 2000, title: str = "General") -> Tier:
    tier = Tier(event_id=event.id, position=0, title=title, cost_cents=cost, description="")
    session.add(tier)
    await session.commit()
    return tier


async def add_ticket(
    session: AsyncSession,
    event: Event,
    user_id: int,
    *,
    method: str = "card",
    status: str = "issued",
    paid: bool = False,
    tier: Tier | None = None,
    cost: int = 2000,
) -> Ticket:
    """`paid` sets paid_at (cash taken at the door)."""
    ticket = Ticket(
        event_id=event.id,
        tier_id=tier.id if tier else None,
        user_id=user_id,
        title=tier.title if tier else "General",
        method=method,
        status=status,
        secret=secrets.token_urlsafe(24),
        cost_cents=cost,
        fees_cents=150,
        taxes_cents=178,
        total_cents=cost + 328,
        paid_at=utcnow() if paid else None,
    )
    session.add(ticket)
    await session.commit()
    return ticket


async def check_in_row(session: AsyncSession, event: Event, user_id: int) -> None:
    session.add(Attendee(event_id=event.id, user_id=user_id, checked_in_by=user_id))
    await session.commit()


def message(response: httpx.Response) -> str:
    return str(response.json()["error"]["message"])

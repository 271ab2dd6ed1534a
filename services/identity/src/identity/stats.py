"""A profile's stats from other services' events (eventsAttended, eventsDj, battlesEntered, battlesWon,
battlesJudged): each is kept as a set of rows (an event, a battle ... and a profile) that are active or not as of
the announcement that last changed them, and recounted from them after each change, never incremented. So a
redelivery, a replayed announcement or a late older one cannot make a count drift."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Select, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import SQLCoreOperations

from identity.models import Profile
from kit.projections import upsert_as_of


async def record(session: AsyncSession, model: Any, key: dict[str, Any], *, active: bool, at: datetime) -> None:
    """The row of `key` active or not as of `at`. An inactive row keeps its time, so an older announcement
    arriving after a newer one changes nothing."""
    await upsert_as_of(session, model, key, {"active": active}, at=at)


def active_count(model: Any, *criteria: ColumnElement[bool]) -> SQLCoreOperations[int]:
    """How many active rows of `model` (with `user_id`) the profile being updated has, meeting `criteria`."""
    return (
        select(func.count())
        .select_from(model)
        .where(model.user_id == Profile.id, model.active, *criteria)
        .scalar_subquery()
    )


async def recount(
    session: AsyncSession, profile_ids: Iterable[int] | Select[tuple[int]], **counts: SQLCoreOperations[int]
) -> None:
    """Sets each named stat column of these profiles to its count (`active_count`)."""
    ids = profile_ids if isinstance(profile_ids, Select) else list(profile_ids)
    await session.execute(update(Profile).where(Profile.id.in_(ids)).values(**counts))

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Row, delete, func, literal_column, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from kit.profiles import profile, with_profiles
from kit.text import LIKE_ESCAPE, contains_pattern
from studios.competitions.repository import MEMBER_EVENTS
from studios.models import StudioMember


class MemberRepository:
    async def page(
        self,
        session: AsyncSession,
        studio_id: int,
        role: str,
        *,
        descending: bool,
        keyword: str | None,
        limit: int,
        offset: int,
        with_events: bool,
    ) -> Sequence[Row[Any]]:
        """One statement: the people of a role by name (unknown names last), each with their events when asked."""
        columns: list[Any] = [StudioMember.user_id]
        if with_events:
            columns.append(literal_column(MEMBER_EVENTS).label("events"))
        name = func.lower(profile.c.dancer_name)
        statement = (
            with_profiles(select(*columns), StudioMember.user_id)
            .where(StudioMember.studio_id == studio_id, StudioMember.role == role)
            .order_by((name.desc() if descending else name.asc()).nulls_last(), StudioMember.user_id)
            .limit(limit)
            .offset(offset)
        )
        if keyword:
            statement = statement.where(profile.c.dancer_name.ilike(contains_pattern(keyword), escape=LIKE_ESCAPE))
        return (await session.execute(statement)).all()

    async def add(self, session: AsyncSession, studio_id: int, user_id: int, role: str) -> bool:
        """True when the user did not hold the role yet."""
        result = await session.execute(
            insert(StudioMember)
            .values(studio_id=studio_id, user_id=user_id, role=role)
            .on_conflict_do_nothing()
            .returning(StudioMember.user_id)
        )
        return result.first() is not None

    async def remove(self, session: AsyncSession, studio_id: int, user_id: int, role: str) -> bool:
        """True when the user held the role."""
        result = await session.execute(
            delete(StudioMember)
            .where(StudioMember.studio_id == studio_id, StudioMember.user_id == user_id, StudioMember.role == role)
            .returning(StudioMember.user_id)
        )
        return result.first() is not None

    async def ids(self, session: AsyncSession, studio_id: int, role: str) -> list[int]:
        found = await session.scalars(
            select(StudioMember.user_id)
            .where(StudioMember.studio_id == studio_id, StudioMember.role == role)
            .order_by(StudioMember.created_at, StudioMember.user_id)
        )
        return list(found.all())


member_repository = MemberRepository()

"""The crews' reads: a crew, its members, its entry, and who is a confirmed member elsewhere in the battle."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import Crew, CrewMember, Entry


class CrewRepository:
    async def get(self, session: AsyncSession, crew_id: int) -> Crew | None:
        return await session.get(Crew, crew_id)

    async def members(self, session: AsyncSession, crew_id: int) -> dict[int, CrewMember]:
        """The crew's members (invited, asking or confirmed) in the order they came."""
        found = await session.scalars(
            select(CrewMember).where(CrewMember.crew_id == crew_id).order_by(CrewMember.created_at, CrewMember.user_id)
        )
        return {m.user_id: m for m in found.all()}

    async def member(self, session: AsyncSession, crew_id: int, user_id: int) -> CrewMember | None:
        return await session.get(CrewMember, (crew_id, user_id))

    async def confirmed_elsewhere(
        self, session: AsyncSession, battle_id: int, users: Iterable[int], crew_id: int | None
    ) -> set[int]:
        """Of `users`, the confirmed members of the battle's crews other than `crew_id`."""
        found = await session.scalars(
            select(CrewMember.user_id).where(
                CrewMember.battle_id == battle_id,
                CrewMember.confirmed,
                CrewMember.user_id.in_(list(users)),
                *([CrewMember.crew_id != crew_id] if crew_id else []),
            )
        )
        return set(found.all())

    async def entry(self, session: AsyncSession, crew_id: int) -> Entry | None:
        return await session.scalar(select(Entry).where(Entry.crew_id == crew_id))


crew_repository = CrewRepository()

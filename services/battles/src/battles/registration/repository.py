"""Registration's reads and its one delete: entries, signatures, who is registered, and the admin's dancer picker."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import CrewMember, Entry, Profile, Signature
from kit.text import LIKE_ESCAPE, contains_pattern


class RegistrationRepository:
    async def entered(self, session: AsyncSession, battle_id: int, user_id: int) -> bool:
        found = await session.scalar(select(Entry.id).where(Entry.battle_id == battle_id, Entry.user_id == user_id))
        return found is not None

    async def signature(self, session: AsyncSession, battle_id: int, user_id: int) -> Signature | None:
        return await session.get(Signature, (battle_id, user_id))

    async def signatures(self, session: AsyncSession, battle_id: int, user_ids: Iterable[int]) -> dict[int, Signature]:
        found = await session.scalars(
            select(Signature).where(Signature.battle_id == battle_id, Signature.user_id.in_(list(user_ids)))
        )
        return {s.user_id: s for s in found.all()}

    async def checked_in(self, session: AsyncSession, battle_id: int) -> int:
        """How many of the battle's entries are checked in."""
        found = await session.scalar(
            select(func.count()).where(Entry.battle_id == battle_id, Entry.checked_in_at.is_not(None))
        )
        return found or 0

    async def remove_dancer(self, session: AsyncSession, battle_id: int, user_id: int) -> bool:
        """The dancer's entry deleted; false when there was none."""
        removed = await session.execute(
            delete(Entry).where(Entry.battle_id == battle_id, Entry.user_id == user_id).returning(Entry.id)
        )
        return removed.first() is not None

    async def registered(self, session: AsyncSession, battle_id: int) -> set[int]:
        """Dancers with an entry and confirmed crew members."""
        singles = await session.scalars(
            select(Entry.user_id).where(Entry.battle_id == battle_id, Entry.user_id.is_not(None))
        )
        confirmed = await session.scalars(
            select(CrewMember.user_id).where(CrewMember.battle_id == battle_id, CrewMember.confirmed)
        )
        return {u for u in singles.all() if u is not None} | set(confirmed.all())

    async def dancers(
        self, session: AsyncSession, *, excluded: Sequence[int], keyword: str | None, limit: int, offset: int
    ) -> tuple[int, Sequence[Profile]]:
        """Profiles with a dancer name, none of `excluded`, matching `keyword`, by name: the total and one page."""
        where = [Profile.dancer_name.is_not(None), Profile.dancer_name != ""]
        if excluded:
            where.append(Profile.id.not_in(excluded))
        if keyword:
            where.append(Profile.dancer_name.ilike(contains_pattern(keyword), escape=LIKE_ESCAPE))
        total = await session.scalar(select(func.count()).select_from(Profile).where(*where)) or 0
        found = await session.scalars(
            select(Profile)
            .where(*where)
            .order_by(func.lower(Profile.dancer_name), Profile.id)
            .limit(limit)
            .offset(offset)
        )
        return total, found.all()


registration_repository = RegistrationRepository()

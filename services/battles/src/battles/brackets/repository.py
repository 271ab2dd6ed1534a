"""The queries of the bracket: its sparrings in one statement."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import and_, delete, exists, select
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import Sparring


class BracketRepository:
    async def sparrings(
        self, session: AsyncSession, battle_id: int, ids: Iterable[int] | None = None, *, groups: bool = False
    ) -> list[Sparring]:
        """The bracket's sparrings; a round-robin group's battles are not the bracket's, unless `groups`."""
        statement = select(Sparring).where(Sparring.battle_id == battle_id)
        if not groups:
            statement = statement.where(Sparring.side != "group")
        if ids is not None:
            statement = statement.where(Sparring.id.in_(sorted(set(ids))))
        found = await session.scalars(statement.order_by(Sparring.side, Sparring.round, Sparring.position))
        return list(found.all())

    async def decided(self, session: AsyncSession, battle_id: int) -> bool:
        """Whether a sparring was decided by its judges or by hand (a bye, with one side, does not count)."""
        statement = select(Sparring.id).where(
            Sparring.battle_id == battle_id,
            and_(
                Sparring.winner_entry_id.is_not(None),
                Sparring.red_entry_id.is_not(None),
                Sparring.blue_entry_id.is_not(None),
            ),
        )
        return bool(await session.scalar(select(exists(statement))))

    async def remove(self, session: AsyncSession, battle_id: int) -> None:
        await session.execute(delete(Sparring).where(Sparring.battle_id == battle_id))


bracket_repository = BracketRepository()

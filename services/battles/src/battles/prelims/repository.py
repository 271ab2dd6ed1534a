"""The queries of the prelims: the competing entries, their scores and the groups, each list in one statement."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import delete, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import Entry, PrelimGroup, PrelimScore


def competitor_id(entry: Entry) -> int:
    """The id the API names an entry by: the crew's in a crew battle, the dancer's otherwise."""
    return entry.crew_id if entry.crew_id is not None else entry.user_id or 0


class PrelimsRepository:
    async def competing(self, session: AsyncSession, battle_id: int) -> list[Entry]:
        """The battle's competing entries (not the wait list), in arrival order."""
        found = await session.scalars(
            select(Entry).where(Entry.battle_id == battle_id, Entry.waitlisted.is_(False)).order_by(Entry.seq, Entry.id)
        )
        return list(found.all())

    async def scores(self, session: AsyncSession, battle_id: int) -> list[PrelimScore]:
        found = await session.scalars(
            select(PrelimScore)
            .where(PrelimScore.battle_id == battle_id)
            .order_by(PrelimScore.round, PrelimScore.updated_at, PrelimScore.judge_id)
        )
        return list(found.all())

    async def set_score(
        self, session: AsyncSession, battle_id: int, entry_id: int, judge_id: int, round_: int, points: Decimal | None
    ) -> bool:
        """One score per entry, judge and round: a replay updates it; None clears it. True when it changed: the
        same points sent again (a judge's Done pressed twice, a queued call replayed) change nothing."""
        if points is None:
            cleared = await session.execute(
                delete(PrelimScore)
                .where(PrelimScore.entry_id == entry_id, PrelimScore.judge_id == judge_id, PrelimScore.round == round_)
                .returning(PrelimScore.entry_id)
            )
            return cleared.first() is not None
        statement = insert(PrelimScore).values(
            entry_id=entry_id, judge_id=judge_id, round=round_, battle_id=battle_id, points=points
        )
        written = await session.execute(
            statement.on_conflict_do_update(
                index_elements=[PrelimScore.entry_id, PrelimScore.judge_id, PrelimScore.round],
                set_={"points": statement.excluded.points, "updated_at": statement.excluded.updated_at},
                where=PrelimScore.points.is_distinct_from(statement.excluded.points),
            ).returning(PrelimScore.entry_id)
        )
        return written.first() is not None

    async def clear_draws(self, session: AsyncSession, battle_id: int) -> None:
        """The lots Randomize drew are void once a score changes."""
        await session.execute(update(Entry).where(Entry.battle_id == battle_id).values(draw=None))

    async def groups(self, session: AsyncSession, battle_id: int) -> list[PrelimGroup]:
        found = await session.scalars(
            select(PrelimGroup).where(PrelimGroup.battle_id == battle_id).order_by(PrelimGroup.position)
        )
        return list(found.all())

    async def group(self, session: AsyncSession, battle_id: int, group_id: int) -> PrelimGroup | None:
        found = await session.get(PrelimGroup, group_id)
        return found if found is not None and found.battle_id == battle_id else None

    async def replace_groups(self, session: AsyncSession, battle_id: int, count: int) -> list[PrelimGroup]:
        """The battle's groups removed (its entries in none), then `count` new ones 'Group 1' ..."""
        await session.execute(update(Entry).where(Entry.battle_id == battle_id).values(group_id=None))
        await session.execute(delete(PrelimGroup).where(PrelimGroup.battle_id == battle_id))
        groups = [PrelimGroup(battle_id=battle_id, position=n) for n in range(1, count + 1)]
        session.add_all(groups)
        await session.flush()
        return groups


prelims_repository = PrelimsRepository()

"""The queries of sparrings: the sparring, its judges' scores, the audience's votes, the sides' entries."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from sqlalchemy import Integer, String, bindparam, cast, delete, func, literal, or_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from battles.judging.rules import Mark
from battles.models import AudienceVote, Battle, CheckIn, Crew, Entry, Sparring, SparringScore
from kit.shared_reads import topic_version, version_query

# A sparring's read shows its battle's facts too (judges, hidden names): its version is the newer of both topics,
# the battle's found through the sparring, in one statement (docs/decisions.md, "Reads a crowd shares").
_SPARRING_ID = bindparam("sparring_id", type_=Integer)
VERSION_OF_SPARRING = version_query(
    or_(
        topic_version.c.topic == literal("sparring:") + cast(_SPARRING_ID, String),
        topic_version.c.topic
        == select(literal("battle:") + cast(Sparring.battle_id, String))
        .where(Sparring.id == _SPARRING_ID)
        .scalar_subquery(),
    )
)

Lock = Literal["update", "share"] | None


class SparringRepository:
    async def get(self, session: AsyncSession, sparring_id: int, *, lock: Lock = None) -> Sparring | None:
        statement = select(Sparring).where(Sparring.id == sparring_id)
        if lock is not None:
            # refreshed as the lock finds it: a sparring read earlier in the request may have changed meanwhile
            statement = statement.with_for_update(read=lock == "share").execution_options(populate_existing=True)
        return (await session.scalars(statement)).one_or_none()

    async def event_of(self, session: AsyncSession, sparring: Sparring) -> int | None:
        return await session.scalar(select(Battle.event_id).where(Battle.id == sparring.battle_id))

    async def lock_battles(self, session: AsyncSession, battle_ids: Iterable[int]) -> None:
        """The battles' rows, in id order (what moves a bracket holds its battle's row first)."""
        wanted = sorted(set(battle_ids))
        if wanted:
            await session.execute(select(Battle.id).where(Battle.id.in_(wanted)).order_by(Battle.id).with_for_update())

    async def of_battle(self, session: AsyncSession, battle_id: int) -> list[Sparring]:
        found = await session.scalars(
            select(Sparring)
            .where(Sparring.battle_id == battle_id)
            .order_by(Sparring.side, Sparring.round, Sparring.position)
        )
        return list(found.all())

    async def all_last_decided(self, session: AsyncSession, battle_id: int) -> bool:
        """Whether the final and the battle for third place, when there is one, are decided (the battle is over)."""
        undecided = await session.scalar(
            select(func.count())
            .select_from(Sparring)
            .where(
                Sparring.battle_id == battle_id,
                Sparring.side != "group",  # a round-robin group's battles move nobody and end nothing
                Sparring.next_id.is_(None),
                Sparring.winner_entry_id.is_(None),
            )
        )
        return not undecided

    async def scores(self, session: AsyncSession, sparring_id: int) -> list[SparringScore]:
        found = await session.scalars(
            select(SparringScore)
            .where(SparringScore.sparring_id == sparring_id)
            .order_by(SparringScore.round, SparringScore.judge_id)
        )
        return list(found.all())

    async def save_scores(
        self, session: AsyncSession, sparring_id: int, judge_id: int, rounds: dict[int, Mark]
    ) -> None:
        """One row per judge and round: a replay or a correction overwrites, never adds."""
        rows = [
            {
                "sparring_id": sparring_id,
                "judge_id": judge_id,
                "round": number,
                "red_points": given.red,
                "blue_points": given.blue,
                "faders": list(given.faders) if given.faders is not None else None,
            }
            for number, given in sorted(rounds.items())
        ]
        statement = insert(SparringScore).values(rows)
        await session.execute(
            statement.on_conflict_do_update(
                index_elements=[SparringScore.sparring_id, SparringScore.judge_id, SparringScore.round],
                set_={
                    "red_points": statement.excluded.red_points,
                    "blue_points": statement.excluded.blue_points,
                    "faders": statement.excluded.faders,
                    "updated_at": func.now(),
                },
            )
        )

    async def clear_scores(self, session: AsyncSession, sparring_id: int, judge_id: int | None = None) -> int:
        """Every judge's scores, or one judge's; how many were removed."""
        statement = delete(SparringScore).where(SparringScore.sparring_id == sparring_id)
        if judge_id is not None:
            statement = statement.where(SparringScore.judge_id == judge_id)
        result = await session.execute(statement)
        return int(result.rowcount)  # type: ignore[attr-defined]

    async def rounds_of(self, session: AsyncSession, sparring_id: int, judge_id: int) -> list[int]:
        """The rounds this judge has given."""
        found = await session.scalars(
            select(SparringScore.round).where(
                SparringScore.sparring_id == sparring_id, SparringScore.judge_id == judge_id
            )
        )
        return list(found.all())

    async def has_scores(self, session: AsyncSession, sparring_id: int) -> bool:
        found = await session.scalar(select(SparringScore.round).where(SparringScore.sparring_id == sparring_id))
        return found is not None

    async def battle_scored(self, session: AsyncSession, battle_id: int) -> bool:
        """A judge has scored one of the battle's sparrings."""
        found = await session.scalar(
            select(SparringScore.round)
            .join(Sparring, Sparring.id == SparringScore.sparring_id)
            .where(Sparring.battle_id == battle_id)
            .limit(1)
        )
        return found is not None

    async def votes(self, session: AsyncSession, sparring_id: int) -> dict[str, int]:
        found = await session.execute(
            select(AudienceVote.color, func.count())
            .where(AudienceVote.sparring_id == sparring_id)
            .group_by(AudienceVote.color)
        )
        return {color: count for color, count in found.all()}  # noqa: C416 - typed rows, not dict(rows)

    async def vote_of(self, session: AsyncSession, sparring_id: int, user_id: int | None) -> str | None:
        if user_id is None:
            return None
        found = await session.get(AudienceVote, (sparring_id, user_id))
        return found.color if found is not None else None

    async def checked_in(self, session: AsyncSession, event_id: int, user_id: int) -> bool:
        """Whether this person is checked in at the event now (the events service's check-ins, projected)."""
        statement = select(CheckIn.checked_in_at).where(CheckIn.event_id == event_id, CheckIn.user_id == user_id)
        return await session.scalar(statement) is not None

    async def add_vote(self, session: AsyncSession, sparring_id: int, user_id: int, color: str) -> bool:
        """False when this person voted already (their first vote stands)."""
        statement = (
            insert(AudienceVote)
            .values(sparring_id=sparring_id, user_id=user_id, color=color)
            .on_conflict_do_nothing()
            .returning(AudienceVote.user_id)
        )
        return (await session.execute(statement)).first() is not None

    async def clear_votes(self, session: AsyncSession, sparring_id: int) -> int:
        result = await session.execute(delete(AudienceVote).where(AudienceVote.sparring_id == sparring_id))
        return int(result.rowcount)  # type: ignore[attr-defined]

    async def entries(self, session: AsyncSession, ids: Iterable[int | None]) -> dict[int, Entry]:
        wanted = sorted({i for i in ids if i is not None})
        if not wanted:
            return {}
        found = await session.scalars(select(Entry).where(Entry.id.in_(wanted)))
        return {e.id: e for e in found.all()}

    async def crews(self, session: AsyncSession, ids: Iterable[int | None]) -> dict[int, Crew]:
        wanted = sorted({i for i in ids if i is not None})
        if not wanted:
            return {}
        found = await session.scalars(select(Crew).where(Crew.id.in_(wanted)))
        return {c.id: c for c in found.all()}


sparring_repository = SparringRepository()

"""The queries of scoreboards: an event's present carpets and their boards."""

from __future__ import annotations

from sqlalchemy import Integer, String, bindparam, cast, delete, exists, literal, or_, select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import Battle, Carpet, Scoreboard, Sparring
from kit.shared_reads import topic_version, version_query

LOCK_SPACE = 0x53424F  # "SBO": advisory locks of an event's boards

# A board's read shows its sparring (announced on the carpet's topic too) and that sparring's battle's facts
# (judges, hidden names): its version is the newer of the carpet's and the battle's, in one statement
# (docs/decisions.md, "Reads a crowd shares").
_CARPET_ID = bindparam("carpet_id", type_=Integer)
VERSION_OF_BOARD = version_query(
    or_(
        topic_version.c.topic == literal("carpet:") + cast(_CARPET_ID, String),
        topic_version.c.topic
        == select(literal("battle:") + cast(Sparring.battle_id, String))
        .join(Scoreboard, Scoreboard.sparring_id == Sparring.id)
        .where(Scoreboard.carpet_id == _CARPET_ID)
        .scalar_subquery(),
    )
)

# The list of an event's boards shows each board's sparring: its version is the newest of the event's topic (boards
# built, shown, cleared), its carpets' and the battles shown on them, in one statement.
_EVENT_ID = bindparam("event_id", type_=Integer)
VERSION_OF_BOARDS = version_query(
    or_(
        topic_version.c.topic == literal("event:") + cast(_EVENT_ID, String),
        topic_version.c.topic.in_(
            select(literal("carpet:") + cast(Carpet.id, String)).where(Carpet.event_id == _EVENT_ID)
        ),
        topic_version.c.topic.in_(
            select(literal("battle:") + cast(Sparring.battle_id, String))
            .join(Scoreboard, Scoreboard.sparring_id == Sparring.id)
            .where(Scoreboard.event_id == _EVENT_ID)
        ),
    )
)


class ScoreboardRepository:
    async def boards(self, session: AsyncSession, event_id: int) -> list[tuple[Scoreboard, Carpet]]:
        """The event's boards of present carpets, in the carpets' order."""
        found = await session.execute(
            select(Scoreboard, Carpet)
            .join(Carpet, Carpet.id == Scoreboard.carpet_id)
            .where(Scoreboard.event_id == event_id, Carpet.event_id == event_id, Carpet.present)
            .order_by(Carpet.position, Carpet.id)
        )
        return [(row[0], row[1]) for row in found]

    async def board(self, session: AsyncSession, event_id: int, carpet_id: int) -> tuple[Scoreboard, Carpet] | None:
        statement = (
            select(Scoreboard, Carpet)
            .join(Carpet, Carpet.id == Scoreboard.carpet_id)
            .where(
                Scoreboard.event_id == event_id,
                Scoreboard.carpet_id == carpet_id,
                Carpet.event_id == event_id,
                Carpet.present,
            )
        )
        found = (await session.execute(statement)).first()
        return (found[0], found[1]) if found is not None else None

    async def lock(self, session: AsyncSession, event_id: int) -> list[Scoreboard]:
        """Every board of the event, held in carpet order (one change of boards at a time per event)."""
        statement = (
            select(Scoreboard)
            .where(Scoreboard.event_id == event_id)
            .order_by(Scoreboard.carpet_id)
            .with_for_update()
            .execution_options(populate_existing=True)
        )
        return list((await session.scalars(statement)).all())

    async def hold(self, session: AsyncSession, event_id: int) -> list[Scoreboard]:
        """One reconciliation of the event's boards at a time (two could both insert a board for a carpet the
        other is removing), then its boards held as a sparring shown on one is (`lock`)."""
        await session.execute(text("SELECT pg_advisory_xact_lock(:ns, :id)"), {"ns": LOCK_SPACE, "id": event_id})
        return await self.lock(session, event_id)

    async def carpets(self, session: AsyncSession, event_id: int) -> dict[int, str]:
        """The event's present carpets: {id: name}."""
        found = await session.execute(select(Carpet.id, Carpet.name).where(Carpet.event_id == event_id, Carpet.present))
        return {row.id: row.name for row in found}

    async def has_battle(self, session: AsyncSession, event_id: int) -> bool:
        found = await session.scalar(select(exists().where(Battle.event_id == event_id)))
        return bool(found)

    async def add(self, session: AsyncSession, event_id: int, carpet_ids: list[int]) -> list[int]:
        """Boards for these carpets (the primary key is the carpet: never two); the carpets given a new one."""
        if not carpet_ids:
            return []
        statement = insert(Scoreboard).values([{"carpet_id": c, "event_id": event_id} for c in carpet_ids])
        added = await session.scalars(statement.on_conflict_do_nothing().returning(Scoreboard.carpet_id))
        return sorted(added.all())

    async def remove(self, session: AsyncSession, carpet_ids: list[int]) -> None:
        """These boards go; the sparrings they showed are on no board any more."""
        if carpet_ids:
            await session.execute(update(Sparring).where(Sparring.carpet_id.in_(carpet_ids)).values(carpet_id=None))
            await session.execute(delete(Scoreboard).where(Scoreboard.carpet_id.in_(carpet_ids)))

    async def showing(self, session: AsyncSession, battle_id: int) -> list[int]:
        """The carpets whose boards show a sparring of this battle."""
        found = await session.scalars(
            select(Scoreboard.carpet_id)
            .join(Sparring, Sparring.id == Scoreboard.sparring_id)
            .where(Sparring.battle_id == battle_id)
        )
        return sorted(found.all())


scoreboard_repository = ScoreboardRepository()

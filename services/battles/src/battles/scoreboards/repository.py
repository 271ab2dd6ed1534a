"""The queries of scoreboards: an event's present carpets and their boards."""

from __future__ import annotations

from sqlalchemy import delete, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import Carpet, Scoreboard, Sparring


class ScoreboardRepository:
    async def boards(self, session: AsyncSession, event_id: int) -> list[tuple[Scoreboard, Carpet]]:
        """The event's boards of present carpets, in the carpets' order."""
        found = await session.execute(
            select(Scoreboard, Carpet)
            .join(Carpet, Carpet.id == Scoreboard.carpet_id)
            .where(Scoreboard.event_id == event_id, Carpet.event_id == event_id, Carpet.present)
            .order_by(Carpet.position, Carpet.id)
        )
        return [(board, carpet) for board, carpet in found.tuples()]

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

    async def build(self, session: AsyncSession, event_id: int) -> None:
        """One board per present carpet of the event (a board kept keeps its sparring); the boards of removed
        carpets go, and the sparrings they showed are on no board any more."""
        present = select(Carpet.id).where(Carpet.event_id == event_id, Carpet.present)
        carpets = list((await session.scalars(present)).all())
        if carpets:
            statement = insert(Scoreboard).values([{"carpet_id": c, "event_id": event_id} for c in carpets])
            await session.execute(statement.on_conflict_do_nothing())
        gone = select(Scoreboard.carpet_id).where(Scoreboard.event_id == event_id, Scoreboard.carpet_id.not_in(present))
        gone_ids = list((await session.scalars(gone)).all())
        if gone_ids:
            await session.execute(update(Sparring).where(Sparring.carpet_id.in_(gone_ids)).values(carpet_id=None))
            await session.execute(delete(Scoreboard).where(Scoreboard.carpet_id.in_(gone_ids)))


scoreboard_repository = ScoreboardRepository()

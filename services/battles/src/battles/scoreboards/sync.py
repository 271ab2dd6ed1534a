"""The event's boards follow its carpets and battles: one board per present carpet once the event has a battle
(or once its editors built them). Called wherever either changes (the carpets' announcement, a battle added or
deleted, the editors' init), so the wizard's order (carpets first, battles later, or the other way) does not
matter. Boards stay when the last battle goes (a projector showing one keeps a board, empty)."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy.ext.asyncio import AsyncSession

from battles import events
from battles.scoreboards.repository import scoreboard_repository


async def sync(
    session: AsyncSession,
    event_id: int,
    *,
    build: bool = False,
    renamed: Iterable[int] = (),
    emptied: Iterable[int] = (),
) -> None:
    """`build`: boards even without a battle (the editors' init). `renamed`: carpets whose name changed, and
    `emptied`: boards whose sparring went (its battle deleted), announced so their screens re-read.

    Locks, in the order of every write of boards: the event's reconciliation, its boards, then sparrings."""
    boards = {board.carpet_id: board for board in await scoreboard_repository.hold(session, event_id)}
    carpets = await scoreboard_repository.carpets(session, event_id)
    wanted = build or bool(boards) or await scoreboard_repository.has_battle(session, event_id)
    added = await scoreboard_repository.add(session, event_id, sorted(carpets)) if wanted else []
    gone = sorted(set(boards) - set(carpets))
    await scoreboard_repository.remove(session, gone)
    await session.flush()
    told = set(added) | set(gone)
    for carpet_id in added + gone:
        await events.scoreboard_changed(session, event_id, carpet_id, None)
    for carpet_id in sorted((set(renamed) | set(emptied)) & set(boards) - told):
        await events.scoreboard_changed(session, event_id, carpet_id, boards[carpet_id].sparring_id)

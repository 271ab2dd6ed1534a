"""A rush of registrations entered together (docs/decisions.md, "A registration rush"). The registrations of one
battle wait on its row one at a time, and a transaction holding the row waits on every round trip for the event
loop, busy with the rest of the rush: so the registrations that arrive while a group is being entered are entered
next, together, in one transaction of four statements (`registration_repository.enter_all`), each dancer's request
answered once it is committed. The refusals are each request's own, found before it arrives here."""

from __future__ import annotations

import asyncio
import contextvars
from datetime import datetime

from fastapi import Request
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from battles.registration.repository import Arrival, Entered, registration_repository


class Entrance:
    """One per process (`entrance(request)`): per battle, the dancers waiting, and the task entering them."""

    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession]) -> None:
        self.sessionmaker = sessionmaker
        self._waiting: dict[int, list[tuple[Arrival, asyncio.Future[Entered]]]] = {}
        self._doors: dict[int, asyncio.Task[None]] = {}
        self.groups = 0  # transactions that entered dancers (a test reads it)

    async def enter(self, battle_id: int, user_id: int, checked_in_at: datetime | None) -> Entered:
        """The dancer's entry, committed (or what stopped it: a failure reaches every dancer of its group)."""
        answer: asyncio.Future[Entered] = asyncio.get_running_loop().create_future()
        answer.add_done_callback(_retrieve)
        self._waiting.setdefault(battle_id, []).append(
            (Arrival(user_id, checked_in_at, contextvars.copy_context()), answer)
        )
        if battle_id not in self._doors:
            self._doors[battle_id] = asyncio.create_task(self._open(battle_id))
        return await asyncio.shield(answer)

    async def _open(self, battle_id: int) -> None:
        try:
            while group := self._waiting.pop(battle_id, None):
                try:
                    async with self.sessionmaker() as session:
                        entered = await registration_repository.enter_all(session, battle_id, [a for a, _ in group])
                        await session.commit()
                    self.groups += 1
                except BaseException as exc:  # the database out of reach (503), the battle deleted (404): each of them
                    for _, answer in group:
                        answer.set_exception(exc if isinstance(exc, Exception) else asyncio.CancelledError())
                    if not isinstance(exc, Exception):
                        raise
                else:
                    for (_, answer), result in zip(group, entered, strict=True):
                        answer.set_result(result)
        finally:
            self._doors.pop(battle_id, None)


def _retrieve(future: asyncio.Future[Entered]) -> None:
    if not future.cancelled():
        future.exception()  # a request gone meanwhile (its client left): its failure is not logged as unretrieved


def entrance(request: Request) -> Entrance:
    state = request.app.state
    found: Entrance | None = getattr(state, "entrance", None)
    if found is None:
        found = state.entrance = Entrance(state.sessionmaker)
    return found

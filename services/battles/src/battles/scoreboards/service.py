"""Scoreboards: one per carpet of the event, built by its editors; its admins (hosts too) choose the sparring a
board shows, and the board beside the carpet follows it live (topics carpet:<id> and the sparring's)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from battles import events
from battles.battles.access import EventAccess
from battles.models import Carpet, Scoreboard
from battles.scoreboards import sync as board_sync
from battles.scoreboards.repository import scoreboard_repository
from battles.scoreboards.schemas import Board
from battles.sparrings.exceptions import SparringNotFound
from battles.sparrings.repository import sparring_repository
from battles.sparrings.service import sparring_service
from kit.errors import Forbidden, NotFound
from kit.profiles import IdentityClient

BOARD_NOT_FOUND = "Scoreboard not found"


class ScoreboardService:
    async def build(self, session: AsyncSession, identity: IdentityClient, access: EventAccess) -> list[Board]:
        if not access.can_edit:
            raise Forbidden()
        await board_sync.sync(session, access.event.id, build=True)
        return await self.boards(session, identity, access)

    async def boards(self, session: AsyncSession, identity: IdentityClient | None, access: EventAccess) -> list[Board]:
        found = await scoreboard_repository.boards(session, access.event.id)
        return [await self._board(session, identity, access, board, carpet) for board, carpet in found]

    async def board(
        self, session: AsyncSession, identity: IdentityClient | None, access: EventAccess, carpet_id: int
    ) -> Board:
        found = await scoreboard_repository.board(session, access.event.id, carpet_id)
        if found is None:
            raise NotFound(BOARD_NOT_FOUND)
        return await self._board(session, identity, access, *found)

    async def show(self, session: AsyncSession, access: EventAccess, carpet_id: int, sparring_id: int | None) -> None:
        """The board shows this sparring (of a battle of the event) or nothing; a sparring is on one board at a
        time (its `carpetId`, where its changes are also announced)."""
        if not access.is_admin:
            raise Forbidden()
        event_id = access.event.id
        found = await scoreboard_repository.board(session, event_id, carpet_id)
        if found is None:
            raise NotFound(BOARD_NOT_FOUND)
        board = found[0]
        sparring = await sparring_repository.get(session, sparring_id) if sparring_id is not None else None
        if sparring_id is not None and (
            sparring is None or await sparring_repository.event_of(session, sparring) != event_id
        ):
            raise SparringNotFound()
        shown = await sparring_repository.get(session, board.sparring_id) if board.sparring_id else None
        # The lock order of what moves a bracket: the battles, then (here) the event's boards, then sparrings.
        await sparring_repository.lock_battles(session, [x.battle_id for x in (sparring, shown) if x is not None])
        boards = await scoreboard_repository.lock(session, event_id)
        if all(other.carpet_id != carpet_id for other in boards):
            raise NotFound(BOARD_NOT_FOUND)  # its carpet was removed meanwhile
        if shown is not None and shown.id != sparring_id:
            await session.refresh(shown)
            if shown.carpet_id == carpet_id:
                shown.carpet_id = None
        if sparring is not None:
            await session.refresh(sparring)
            for other in boards:
                if other.sparring_id == sparring.id and other.carpet_id != carpet_id:
                    other.sparring_id = None
                    await events.scoreboard_changed(session, event_id, other.carpet_id, None)
            sparring.carpet_id = carpet_id
        board.sparring_id = sparring_id
        await session.flush()
        await events.scoreboard_changed(session, event_id, carpet_id, sparring_id)

    async def _board(
        self,
        session: AsyncSession,
        identity: IdentityClient | None,
        access: EventAccess,
        board: Scoreboard,
        carpet: Carpet,
    ) -> Board:
        sparring = None
        if board.sparring_id is not None:
            shown = await sparring_service.access(session, board.sparring_id, access.principal)
            sparring = await sparring_service.view(session, identity, shown)
        return Board(carpet_id=carpet.id, carpet_name=carpet.name, event_id=access.event.id, sparring=sparring)


scoreboard_service = ScoreboardService()

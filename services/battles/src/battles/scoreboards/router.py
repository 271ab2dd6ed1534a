"""`/api/events/{id}/scoreboards` (build, list) and `/api/events/{id}/scoreboards/{carpetId}` (read, show a
sparring)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from battles.battles.access import EventAccess
from battles.battles.service import battle_service
from battles.scoreboards.repository import VERSION_OF_BOARD, VERSION_OF_BOARDS
from battles.scoreboards.schemas import Board, BoardAssign
from battles.scoreboards.service import scoreboard_service
from kit.db import SessionDep
from kit.openapi import errors
from kit.principal import Principal, PrincipalDep, UserDep
from kit.profiles import IdentityDep
from kit.shared_reads import read_session, shared_reads
from kit.types import Id

router = APIRouter(prefix="/api", tags=["scoreboards"])


async def visible_event(event_id: Id, session: SessionDep, principal: PrincipalDep) -> EventAccess:
    return await battle_service.event_access(session, event_id, principal)


async def staffed_event(event_id: Id, session: SessionDep, principal: UserDep) -> EventAccess:
    return await battle_service.event_access(session, event_id, principal)


VisibleEvent = Annotated[EventAccess, Depends(visible_event)]
StaffedEvent = Annotated[EventAccess, Depends(staffed_event)]


@router.post("/events/{event_id}/scoreboards/init", response_model=list[Board])
async def build_boards(access: StaffedEvent, session: SessionDep, identity: IdentityDep) -> list[Board]:
    return await scoreboard_service.build(session, identity, access)


@router.get("/events/{event_id}/scoreboards", response_model=list[Board])
async def list_boards(event_id: Id, request: Request) -> Response:
    """A crowd's read (docs/decisions.md, "Reads a crowd shares"), as a board's."""

    async def build(principal: Principal) -> list[Board]:
        async with read_session(request) as session:
            access = await battle_service.event_access(session, event_id, principal)
            return await scoreboard_service.boards(session, request.app.state.identity, access)

    return await shared_reads(request).answer(request, build, version=VERSION_OF_BOARDS, params={"event_id": event_id})


@router.get("/events/{event_id}/scoreboards/{carpet_id}", response_model=Board)
async def get_board(event_id: Id, carpet_id: Id, request: Request) -> Response:
    """A crowd's read (docs/decisions.md, "Reads a crowd shares")."""

    async def build(principal: Principal) -> Board:
        async with read_session(request) as session:
            access = await battle_service.event_access(session, event_id, principal)
            return await scoreboard_service.board(session, request.app.state.identity, access, carpet_id)

    return await shared_reads(request).answer(request, build, version=VERSION_OF_BOARD, params={"carpet_id": carpet_id})


@router.post("/events/{event_id}/scoreboards/{carpet_id}", response_model=Board, responses=errors(409))
async def show_on_board(
    carpet_id: Id, body: BoardAssign, access: StaffedEvent, session: SessionDep, identity: IdentityDep
) -> Board:
    await scoreboard_service.show(session, access, carpet_id, body.sparring_id)
    return await scoreboard_service.board(session, identity, access, carpet_id)

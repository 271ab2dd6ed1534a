"""`/api/battles/{id}/brackets` (read, Undo bracket) and `/api/battles/{id}/seed`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Request, Response

from battles.battles.dependencies import BattleEditor
from battles.battles.service import battle_service
from battles.brackets.schemas import Bracket, BracketSeedIn
from battles.brackets.service import bracket_service
from battles.prelims.schemas import Prelims
from battles.prelims.service import prelims_service
from kit.db import SessionDep
from kit.openapi import errors
from kit.principal import Principal
from kit.shared_reads import read_session, shared_reads
from kit.types import Id

router = APIRouter(prefix="/api", tags=["brackets"])

MAX_SEEDS = 64  # more than the sparrings of the largest bracket (31)


@router.get("/battles/{battle_id}/brackets", response_model=Bracket, responses=errors(404))
async def get_bracket(battle_id: Id, request: Request) -> Response:
    """A crowd's read (docs/decisions.md, "Reads a crowd shares")."""

    async def build(principal: Principal) -> Bracket:
        async with read_session(request) as session:
            access = await battle_service.access(session, battle_id, principal)
            return await bracket_service.view(session, access)

    return await shared_reads(request).answer(request, build, topics=(f"battle:{battle_id}",))


@router.delete("/battles/{battle_id}/brackets", response_model=Prelims, responses=errors(401, 403, 404, 409))
async def undo_bracket(access: BattleEditor, session: SessionDep) -> Prelims:
    return await prelims_service.undo(session, access)


@router.post("/battles/{battle_id}/seed", response_model=Bracket, responses=errors(400, 401, 403, 404, 409))
async def seed(
    body: Annotated[list[BracketSeedIn], Body(max_length=MAX_SEEDS)], access: BattleEditor, session: SessionDep
) -> Bracket:
    return await bracket_service.seed(session, access, body)

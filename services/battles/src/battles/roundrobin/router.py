"""`/api/battles/{id}/groups`: round-robin groups, read by anyone who sees the battle, run by its editors
(docs/product/competition.md, "Round-robin groups")."""

from __future__ import annotations

from fastapi import APIRouter, Path, Request, Response

from battles.battles.dependencies import BattleEditor
from battles.battles.service import battle_service
from battles.roundrobin.schemas import RoundRobin
from battles.roundrobin.service import roundrobin_service
from kit.db import SessionDep
from kit.openapi import errors
from kit.principal import Principal
from kit.shared_reads import read_session, shared_reads
from kit.types import Id

router = APIRouter(prefix="/api", tags=["groups"])

Competitor = Path(ge=-(2**31), le=2**31 - 1)  # hidden battles name their dancers by negative ids


@router.get("/battles/{battle_id}/groups", response_model=RoundRobin, responses=errors(404))
async def read(battle_id: Id, request: Request) -> Response:
    """A crowd's read (docs/decisions.md, "Reads a crowd shares"): every group battle scored moves the battle's
    version."""

    async def build(principal: Principal) -> RoundRobin:
        async with read_session(request) as session:
            access = await battle_service.access(session, battle_id, principal)
            return await roundrobin_service.view(session, access)

    return await shared_reads(request).answer(request, build, topics=(f"battle:{battle_id}",))


@router.post("/battles/{battle_id}/groups/bracket", response_model=RoundRobin, responses=errors(401, 403, 404, 409))
async def add_to_bracket(access: BattleEditor, session: SessionDep) -> RoundRobin:
    return await roundrobin_service.add_to_bracket(session, access)


@router.delete("/battles/{battle_id}/groups/bracket", response_model=RoundRobin, responses=errors(401, 403, 404, 409))
async def undo_bracket(access: BattleEditor, session: SessionDep) -> RoundRobin:
    return await roundrobin_service.undo_bracket(session, access)


@router.post(
    "/battles/{battle_id}/groups/tiebreak/{competitor_id}",
    response_model=RoundRobin,
    responses=errors(400, 401, 403, 404, 409),
)
async def tiebreak(access: BattleEditor, session: SessionDep, competitor_id: int = Competitor) -> RoundRobin:
    return await roundrobin_service.tiebreak(session, access, competitor_id)

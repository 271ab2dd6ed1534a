"""`/api/battles/{id}/prelims` (read, judges' points, gone, finish, groups) and `/api/battles/{id}/reshuffle`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Query, Request, Response

from battles.battles.dependencies import BattleEditor, LockedBattle
from battles.battles.service import battle_service
from battles.prelims.schemas import CreateGroups, Prelims, PrelimScoreIn, PrelimsGroups
from battles.prelims.service import Sort, prelims_service
from kit.db import SessionDep
from kit.openapi import errors
from kit.principal import Principal
from kit.shared_reads import read_session, shared_reads
from kit.types import Id

router = APIRouter(prefix="/api", tags=["prelims"])

MAX_SCORES = 1000


@router.get("/battles/{battle_id}/prelims", response_model=Prelims, responses=errors(404))
async def get_prelims(
    battle_id: Id,
    request: Request,
    sb: Annotated[Sort, Query(description="by pointsAverage")] = "value-desc",
) -> Response:
    """A crowd's read (docs/decisions.md, "Reads a crowd shares")."""

    async def build(principal: Principal) -> Prelims:
        async with read_session(request) as session:
            access = await battle_service.access(session, battle_id, principal)
            return await prelims_service.view(session, access, sb)

    return await shared_reads(request).answer(request, build, topics=(f"battle:{battle_id}",))


@router.post("/battles/{battle_id}/prelims", response_model=Prelims, responses=errors(400, 401, 403, 404, 409))
async def score(
    body: Annotated[list[PrelimScoreIn], Body(max_length=MAX_SCORES)], access: LockedBattle, session: SessionDep
) -> Prelims:
    return await prelims_service.score(session, access, body)


@router.post(
    "/battles/{battle_id}/prelims/gone/{participant_id}",
    response_model=Prelims,
    responses=errors(401, 403, 404, 409),
)
async def toggle_gone(participant_id: Id, access: BattleEditor, session: SessionDep) -> Prelims:
    return await prelims_service.toggle_gone(session, access, participant_id)


@router.post("/battles/{battle_id}/reshuffle", response_model=Prelims, responses=errors(401, 403, 404, 409))
async def reshuffle(access: BattleEditor, session: SessionDep) -> Prelims:
    return await prelims_service.reshuffle(session, access)


@router.post("/battles/{battle_id}/prelims/finish", response_model=Prelims, responses=errors(401, 403, 404, 409))
async def finish(access: BattleEditor, session: SessionDep) -> Prelims:
    return await prelims_service.finish(session, access)


@router.post(
    "/battles/{battle_id}/prelims/create-groups",
    response_model=PrelimsGroups,
    responses=errors(400, 401, 403, 404, 409),
)
async def create_groups(body: CreateGroups, access: BattleEditor, session: SessionDep) -> PrelimsGroups:
    return await prelims_service.create_groups(session, access, body.amount, body.type)


@router.post(
    "/battles/{battle_id}/prelims/{group_id}/move/{target}",
    response_model=PrelimsGroups,
    responses=errors(401, 403, 404),
)
async def move(group_id: Id, target: Id, access: BattleEditor, session: SessionDep) -> PrelimsGroups:
    return await prelims_service.move(session, access, group_id, target)

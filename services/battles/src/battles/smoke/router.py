"""`/api/battles/{id}/smoke`: seven to smoke, read by anyone who sees the battle, run by its admins (docs/decisions.md,
"Seven to smoke")."""

from __future__ import annotations

from fastapi import APIRouter, Path

from battles.battles.dependencies import BattleAdmin, VisibleBattle
from battles.smoke.schemas import Smoke
from battles.smoke.service import smoke_service
from kit.db import SessionDep
from kit.openapi import errors

router = APIRouter(prefix="/api", tags=["smoke"])

Number = Path(ge=1, le=10_000)
Competitor = Path(ge=-(2**31), le=2**31 - 1)  # hidden battles name their dancers by negative ids


@router.get("/battles/{battle_id}/smoke", response_model=Smoke, responses=errors(404))
async def read(access: VisibleBattle, session: SessionDep) -> Smoke:
    return await smoke_service.view(session, access)


@router.post("/battles/{battle_id}/smoke/start", response_model=Smoke, responses=errors(400, 401, 403, 404, 409))
async def start(access: BattleAdmin, session: SessionDep) -> Smoke:
    return await smoke_service.start(session, access)


@router.post(
    "/battles/{battle_id}/smoke/{number}/winner/{competitor_id}",
    response_model=Smoke,
    responses=errors(400, 401, 403, 404, 409),
)
async def decide(
    access: BattleAdmin, session: SessionDep, number: int = Number, competitor_id: int = Competitor
) -> Smoke:
    return await smoke_service.decide(session, access, number, competitor_id)


@router.delete("/battles/{battle_id}/smoke/{number}", response_model=Smoke, responses=errors(401, 403, 404, 409))
async def undo(access: BattleAdmin, session: SessionDep, number: int = Number) -> Smoke:
    return await smoke_service.undo_last(session, access, number)

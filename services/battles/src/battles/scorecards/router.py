"""`/api/battles/{id}/scorecards/{competitorId}`: a competitor's scorecard (beside the spec, docs/decisions.md,
"Scorecards")."""

from __future__ import annotations

from fastapi import APIRouter

from battles.battles.dependencies import VisibleBattle
from battles.scorecards.schemas import Scorecard
from battles.scorecards.service import scorecard_service
from kit.db import SessionDep
from kit.openapi import errors
from kit.types import Id

router = APIRouter(prefix="/api", tags=["battles"])


@router.get("/battles/{battle_id}/scorecards/{competitor_id}", response_model=Scorecard, responses=errors(403, 404))
async def scorecard(competitor_id: Id, access: VisibleBattle, session: SessionDep) -> Scorecard:
    return await scorecard_service.read(session, access, competitor_id)

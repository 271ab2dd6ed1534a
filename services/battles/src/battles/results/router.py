"""`/api/battles/{id}/winners` and `/api/battles/{id}/download`."""

from __future__ import annotations

from fastapi import APIRouter, Response
from pydantic import Field

from battles.battles.dependencies import BattleEditor, EditableBattleReader
from battles.battles.schemas import Battle
from battles.results.service import results_service
from kit.db import SessionDep
from kit.errors import Invalid
from kit.profiles import IdentityDep
from kit.schemas import Schema
from kit.types import Id

router = APIRouter(prefix="/api", tags=["battles"])

MAX_WINNERS = 32  # every slot of every place (1 + 1 + 2 + 4 + 8 + 16)
TOO_MANY = "At most 32 winners"


class WinnerIn(Schema):
    id: Id
    place: int = Field(ge=1, le=32)


@router.post("/battles/{battle_id}/winners", response_model=Battle)
async def set_winners(body: list[WinnerIn], access: BattleEditor, session: SessionDep, identity: IdentityDep) -> Battle:
    if len(body) > MAX_WINNERS:
        raise Invalid(TOO_MANY)
    return await results_service.set_winners(session, identity, access, [(w.id, w.place) for w in body])


@router.get(
    "/battles/{battle_id}/download",
    response_class=Response,
    responses={200: {"content": {"text/csv": {}}, "description": "battle_{id}.csv"}},
)
async def download(access: EditableBattleReader, session: SessionDep) -> Response:
    content = await results_service.csv(session, access)
    return Response(
        content=content.encode("utf-8"),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="battle_{access.battle.id}.csv"'},
    )

"""`/api/events/{id}/add-battle`, `/api/battles/{id}` (read, save, delete) and its judges (`/role`)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from battles.battles.crowd import battle_answer
from battles.battles.dependencies import BattleEditor
from battles.battles.schemas import Battle, BattleUpdate, RoleBody
from battles.battles.service import battle_service
from kit.db import SessionDep
from kit.principal import UserDep
from kit.profiles import IdentityDep, User
from kit.types import Id

router = APIRouter(prefix="/api", tags=["battles"])


@router.post("/events/{event_id}/add-battle", status_code=201, response_model=Battle)
async def add_battle(event_id: Id, session: SessionDep, principal: UserDep, identity: IdentityDep) -> Battle:
    access = await battle_service.add(session, principal, event_id)
    return await battle_service.view(session, identity, access)


@router.get("/battles/{battle_id}", response_model=Battle)
async def get_battle(battle_id: Id, request: Request) -> Response:
    """A crowd's read: a conditional GET and the guests' shared body (docs/decisions.md, "Reads a crowd shares");
    no dependency, so a 304 costs one statement."""
    return await battle_answer(request, battle_id)


@router.put("/battles/{battle_id}", response_model=Battle)
async def save_battle(body: BattleUpdate, access: BattleEditor, session: SessionDep, identity: IdentityDep) -> Battle:
    return await battle_service.save(session, identity, access, body)


@router.delete("/battles/{battle_id}", status_code=204)
async def delete_battle(access: BattleEditor, session: SessionDep) -> Response:
    await battle_service.delete(session, access)
    return Response(status_code=204)


@router.post("/battles/{battle_id}/role", response_model=list[User])
async def add_judge(body: RoleBody, access: BattleEditor, session: SessionDep, identity: IdentityDep) -> list[User]:
    return await battle_service.add_judge(session, identity, access, body.user_id)


@router.delete("/battles/{battle_id}/role", response_model=list[User])
async def remove_judge(body: RoleBody, access: BattleEditor, session: SessionDep, identity: IdentityDep) -> list[User]:
    return await battle_service.remove_judge(session, identity, access, body.user_id)

"""`/api/events/{id}/add-battle`, `/api/battles/{id}` (read, save, delete) and its judges (`/role`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from battles.battles import view
from battles.battles.dependencies import BattleEditor
from battles.battles.schemas import Battle, BattleUpdate, RoleBody
from battles.battles.service import battle_service
from kit.db import SessionDep
from kit.principal import Principal, UserDep
from kit.profiles import IdentityDep, User
from kit.shared_reads import read_session, shared_reads
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

    async def build(principal: Principal) -> Battle:
        async with read_session(request) as session:
            access = await battle_service.access(session, battle_id, principal)
            return await battle_service.view(session, request.app.state.identity, access)

    async def personal(principal: Principal) -> dict[str, Any] | None:
        """A signed-in viewer who is not the battle's admin sees the guests' body with their own standing."""
        async with read_session(request) as session:
            access = await battle_service.access(session, battle_id, principal)
            return None if access.is_admin else await view.personal(session, request.app.state.identity, access)

    return await shared_reads(request).answer(request, build, topics=(f"battle:{battle_id}",), personal=personal)


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

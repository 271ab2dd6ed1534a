"""`/api/battles/{id}/dancer`, `/sign-agreement`, `/sign-waiver` and the admins' `/api/admin/battles/{id}/...`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response

from battles.battles.crowd import write_answer
from battles.battles.dependencies import BattleAdmin, BattleAdminReader, LockedBattle
from battles.battles.schemas import Battle
from battles.battles.service import battle_service
from battles.crews.service import crew_service
from battles.registration.entrance import entrance
from battles.registration.schemas import AdminPickerPage, RegisterUsers, SignedDate, UnregisterUser
from battles.registration.service import registration_service
from kit.db import SessionDep
from kit.paging import Page, paging
from kit.principal import UserDep
from kit.profiles import IdentityDep
from kit.rows import rows_of
from kit.types import Id, Text

router = APIRouter(prefix="/api", tags=["battles"])

PickerPageDep = Annotated[Page, Depends(paging(default=50, cap=100))]


@router.post("/battles/{battle_id}/dancer", response_model=Battle)
async def register(
    request: Request, battle_id: Id, principal: UserDep, session: SessionDep, identity: IdentityDep
) -> Response:
    # the battle, the caller's standing and facts on kit.rows: the session stays untouched in a rush (the service's
    # doc)
    access, facts = await registration_service.look_up(rows_of(request), battle_id, principal)
    mine = await registration_service.register(session, identity, access, facts, entrance(request))
    return await write_answer(request, session, identity, access, mine)


@router.delete("/battles/{battle_id}/dancer", response_model=Battle)
async def unregister(request: Request, access: LockedBattle, session: SessionDep, identity: IdentityDep) -> Response:
    await registration_service.unregister(session, identity, access)
    return await write_answer(request, session, identity, access)


@router.post("/battles/{battle_id}/sign-agreement", response_model=Battle)
async def sign_agreement(access: LockedBattle, session: SessionDep, identity: IdentityDep) -> Battle:
    assert access.user_id is not None
    await registration_service.sign(session, access, access.user_id, "agreement", signer=access.user_id)
    return await battle_service.view(session, identity, access)


@router.post("/battles/{battle_id}/sign-waiver", response_model=Battle)
async def sign_waiver(access: LockedBattle, session: SessionDep, identity: IdentityDep) -> Battle:
    assert access.user_id is not None
    await registration_service.sign(session, access, access.user_id, "waiver", signer=access.user_id)
    return await battle_service.view(session, identity, access)


@router.post("/admin/battles/{battle_id}/register", response_model=Battle)
async def admin_register(
    body: RegisterUsers, access: BattleAdmin, session: SessionDep, identity: IdentityDep
) -> Battle:
    return await registration_service.register_users(session, identity, access, body.user_ids)


@router.post("/admin/battles/{battle_id}/unregister", response_model=Battle)
async def admin_unregister(
    body: UnregisterUser, access: BattleAdmin, session: SessionDep, identity: IdentityDep
) -> Battle:
    if body.crew_id:
        return await crew_service.admin_remove(session, identity, access, body.crew_id, body.user_id)
    return await registration_service.admin_unregister(session, identity, access, body.user_id)


@router.get("/admin/battles/{battle_id}/users", response_model=AdminPickerPage)
async def available_users(
    access: BattleAdminReader,
    session: SessionDep,
    page: PickerPageDep,
    k: Annotated[Text | None, Query(max_length=100, description="part of the dancer's name")] = None,
) -> AdminPickerPage:
    keyword = (k or "").strip() or None
    return await registration_service.picker(
        session, access, keyword=keyword, limit=page.limit, offset=page.offset, with_signatures=True
    )


@router.post("/admin/battles/{battle_id}/sign-agreement/{user_id}", response_model=SignedDate)
async def admin_sign_agreement(user_id: Id, access: BattleAdmin, session: SessionDep) -> SignedDate:
    assert access.user_id is not None
    date = await registration_service.sign(session, access, user_id, "agreement", signer=access.user_id)
    return SignedDate(date=date)


@router.post("/admin/battles/{battle_id}/sign-waiver/{user_id}", response_model=SignedDate)
async def admin_sign_waiver(user_id: Id, access: BattleAdmin, session: SessionDep) -> SignedDate:
    assert access.user_id is not None
    date = await registration_service.sign(session, access, user_id, "waiver", signer=access.user_id)
    return SignedDate(date=date)

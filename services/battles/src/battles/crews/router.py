"""`/api/crews/{battleId}/...` (the captain and the dancers) and `/api/admin/crews/{battleId}/...` (the battle's
admins). Every route answers the updated battle."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from battles.battles.dependencies import BattleAdmin, LockedBattle, SignedInBattle
from battles.battles.schemas import Battle
from battles.crews.schemas import CrewForm
from battles.crews.service import crew_service
from battles.registration.schemas import AdminPickerPage
from kit.db import SessionDep
from kit.paging import Page, paging
from kit.profiles import IdentityDep
from kit.types import Id, Text

router = APIRouter(prefix="/api", tags=["crews"])

CandidatesPageDep = Annotated[Page, Depends(paging(default=100, cap=100))]


@router.get("/crews/{battle_id}/candidates", response_model=AdminPickerPage)
async def crew_candidates(
    access: SignedInBattle,
    session: SessionDep,
    page: CandidatesPageDep,
    k: Annotated[Text | None, Query(max_length=100, description="part of the dancer's name")] = None,
    crew_id: Annotated[Id | None, Query(alias="crewId", description="the crew edited: its members stay")] = None,
) -> AdminPickerPage:
    """Whom the crew form may add: not the battle's judges, the event's organizer, admins and hosts, registered
    dancers, confirmed members of other crews, nor the caller. Decided here, as the lists may be hidden. The
    signature dates are given to the battle's admins only."""
    keyword = (k or "").strip() or None
    return await crew_service.candidates(
        session, access, crew_id=crew_id, keyword=keyword, limit=page.limit, offset=page.offset
    )


@router.post("/crews/{battle_id}", status_code=201, response_model=Battle)
async def create_crew(body: CrewForm, access: LockedBattle, session: SessionDep, identity: IdentityDep) -> Battle:
    return await crew_service.create(session, identity, access, body)


@router.put("/crews/{battle_id}/{crew_id}", response_model=Battle)
async def edit_crew(
    crew_id: Id, body: CrewForm, access: LockedBattle, session: SessionDep, identity: IdentityDep
) -> Battle:
    return await crew_service.edit(session, identity, access, crew_id, body)


@router.post("/crews/{battle_id}/{crew_id}/unregister", response_model=Battle)
async def leave_crew(crew_id: Id, access: LockedBattle, session: SessionDep, identity: IdentityDep) -> Battle:
    return await crew_service.leave(session, identity, access, crew_id)


@router.post("/crews/{battle_id}/{crew_id}/join", response_model=Battle)
async def join_crew(crew_id: Id, access: LockedBattle, session: SessionDep, identity: IdentityDep) -> Battle:
    return await crew_service.join(session, identity, access, crew_id)


@router.post("/crews/{battle_id}/{crew_id}/accept", response_model=Battle)
async def accept_invitation(crew_id: Id, access: LockedBattle, session: SessionDep, identity: IdentityDep) -> Battle:
    return await crew_service.accept(session, identity, access, crew_id)


@router.post("/crews/{battle_id}/{crew_id}/decline", response_model=Battle)
async def decline_invitation(crew_id: Id, access: LockedBattle, session: SessionDep, identity: IdentityDep) -> Battle:
    return await crew_service.decline(session, identity, access, crew_id)


# The battle's admins, and the crew's captain for their own crew (seed: a join request is "accepted by the captain
# or an admin").
@router.post("/admin/crews/{battle_id}/{crew_id}/accept/{user_id}", response_model=Battle)
async def admin_accept(
    crew_id: Id, user_id: Id, access: LockedBattle, session: SessionDep, identity: IdentityDep
) -> Battle:
    return await crew_service.admin_accept(session, identity, access, crew_id, user_id)


@router.post("/admin/crews/{battle_id}/{crew_id}/decline/{user_id}", response_model=Battle)
async def admin_decline(
    crew_id: Id, user_id: Id, access: LockedBattle, session: SessionDep, identity: IdentityDep
) -> Battle:
    return await crew_service.admin_decline(session, identity, access, crew_id, user_id)


@router.post("/admin/crews/{battle_id}/{crew_id}/unregister", response_model=Battle)
async def admin_unregister_crew(crew_id: Id, access: BattleAdmin, session: SessionDep, identity: IdentityDep) -> Battle:
    return await crew_service.admin_unregister(session, identity, access, crew_id)


@router.post("/admin/crews/{battle_id}/{crew_id}/unregister/{user_id}", response_model=Battle)
async def admin_unregister_dancer(
    crew_id: Id, user_id: Id, access: BattleAdmin, session: SessionDep, identity: IdentityDep
) -> Battle:
    return await crew_service.admin_remove(session, identity, access, crew_id, user_id)

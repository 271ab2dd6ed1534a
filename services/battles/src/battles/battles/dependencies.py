"""The battle of a path `/api/.../{battle_id}`, with what the caller may do with it. Writes lock its row."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from battles.battles.access import BattleAccess
from battles.battles.service import battle_service
from kit.db import SessionDep
from kit.principal import PrincipalDep, UserDep
from kit.types import Id


async def visible_battle(battle_id: Id, session: SessionDep, principal: PrincipalDep) -> BattleAccess:
    return await battle_service.access(session, battle_id, principal)


async def locked_battle(battle_id: Id, session: SessionDep, principal: UserDep) -> BattleAccess:
    """A signed-in caller, holding the battle's row until the request commits (registration, crews)."""
    return await battle_service.access(session, battle_id, principal, lock=True)


async def signed_in_battle(battle_id: Id, session: SessionDep, principal: UserDep) -> BattleAccess:
    """A signed-in caller; the service locks the battle's row itself once it has checked what needs no lock."""
    return await battle_service.access(session, battle_id, principal)


async def editable_battle(battle_id: Id, session: SessionDep, principal: UserDep) -> BattleAccess:
    return await battle_service.editable(session, battle_id, principal, lock=True)


async def administered_battle(battle_id: Id, session: SessionDep, principal: UserDep) -> BattleAccess:
    return await battle_service.administered(session, battle_id, principal, lock=True)


VisibleBattle = Annotated[BattleAccess, Depends(visible_battle)]
LockedBattle = Annotated[BattleAccess, Depends(locked_battle)]
SignedInBattle = Annotated[BattleAccess, Depends(signed_in_battle)]
BattleEditor = Annotated[BattleAccess, Depends(editable_battle)]
BattleAdmin = Annotated[BattleAccess, Depends(administered_battle)]


async def administered_battle_read(battle_id: Id, session: SessionDep, principal: UserDep) -> BattleAccess:
    return await battle_service.administered(session, battle_id, principal, lock=False)


BattleAdminReader = Annotated[BattleAccess, Depends(administered_battle_read)]


async def editable_battle_read(battle_id: Id, session: SessionDep, principal: UserDep) -> BattleAccess:
    return await battle_service.editable(session, battle_id, principal, lock=False)


EditableBattleReader = Annotated[BattleAccess, Depends(editable_battle_read)]

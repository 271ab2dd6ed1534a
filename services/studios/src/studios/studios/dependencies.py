"""The studio of a path `/api/studios/{studio_id}/…`, with what the caller may do with it."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from kit.db import SessionDep
from kit.principal import PrincipalDep, UserDep
from kit.types import Id
from studios.studios.access import StudioAccess
from studios.studios.service import studio_service


async def visible_studio(studio_id: Id, session: SessionDep, principal: PrincipalDep) -> StudioAccess:
    return await studio_service.access(session, studio_id, principal)


async def editable_studio(studio_id: Id, session: SessionDep, principal: UserDep) -> StudioAccess:
    return await studio_service.editable(session, studio_id, principal)


async def locked_editable_studio(studio_id: Id, session: SessionDep, principal: UserDep) -> StudioAccess:
    """As an editor, holding the studio's row until the request commits (member changes, deletion)."""
    return await studio_service.editable(session, studio_id, principal, lock=True)


VisibleStudio = Annotated[StudioAccess, Depends(visible_studio)]
StudioEditor = Annotated[StudioAccess, Depends(editable_studio)]
LockedStudioEditor = Annotated[StudioAccess, Depends(locked_editable_studio)]

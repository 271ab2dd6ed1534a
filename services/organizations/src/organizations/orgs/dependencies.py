"""The organization of a path `/api/orgs/{org_id}/…`, with what the caller may do with it."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from kit.db import SessionDep
from kit.principal import PrincipalDep, UserDep
from kit.types import Id
from organizations.orgs.access import OrgAccess
from organizations.orgs.service import organization_service


async def visible_org(org_id: Id, session: SessionDep, principal: PrincipalDep) -> OrgAccess:
    return await organization_service.access(session, org_id, principal)


async def editable_org(org_id: Id, session: SessionDep, principal: UserDep) -> OrgAccess:
    return await organization_service.editable(session, org_id, principal)


async def locked_editable_org(org_id: Id, session: SessionDep, principal: UserDep) -> OrgAccess:
    """As an editor, holding the organization's row until the request commits (role changes)."""
    return await organization_service.editable(session, org_id, principal, lock=True)


VisibleOrg = Annotated[OrgAccess, Depends(visible_org)]
OrgEditor = Annotated[OrgAccess, Depends(editable_org)]
LockedOrgEditor = Annotated[OrgAccess, Depends(locked_editable_org)]

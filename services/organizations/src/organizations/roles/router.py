from __future__ import annotations

from fastapi import APIRouter

from kit.db import SessionDep
from kit.openapi import errors
from kit.profiles import IdentityDep
from organizations.orgs.dependencies import LockedOrgEditor
from organizations.roles.schemas import RoleChange, Roles
from organizations.roles.service import role_service

router = APIRouter(prefix="/api", tags=["organizations"])


@router.post("/orgs/{org_id}/role", response_model=Roles, responses=errors(409))
async def add_role(body: RoleChange, access: LockedOrgEditor, session: SessionDep, identity: IdentityDep) -> Roles:
    return await role_service.add(session, identity, access, body)


@router.delete("/orgs/{org_id}/role", response_model=Roles, responses=errors(409))
async def remove_role(body: RoleChange, access: LockedOrgEditor, session: SessionDep, identity: IdentityDep) -> Roles:
    return await role_service.remove(session, identity, access, body)

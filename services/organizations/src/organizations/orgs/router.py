from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response

from kit.db import SessionDep, reads
from kit.images import ImageRefsDep
from kit.openapi import errors
from kit.paging import Page, paging
from kit.principal import UserDep, principal_of
from kit.profiles import IdentityDep
from kit.rows import rows_of
from kit.types import Id, IdOrZero, Text
from organizations.orgs.dependencies import OrgEditor, VisibleOrg
from organizations.orgs.schemas import (
    CallerRoles,
    Organization,
    OrganizationCreated,
    OrganizationList,
    OrganizationUpdate,
)
from organizations.orgs.service import organization_service

router = APIRouter(prefix="/api", tags=["organizations"])

ListPage = Annotated[Page, Depends(paging(default=100, cap=100))]


@router.post("/orgs", status_code=201, response_model=OrganizationCreated)
async def create_organization(session: SessionDep, principal: UserDep) -> OrganizationCreated:
    """An empty draft with the caller as its admin."""
    organization = await organization_service.create(session, principal)
    return OrganizationCreated(id=organization.id)


@router.get("/orgs", response_model=OrganizationList)
async def list_organizations(
    request: Request,
    page: ListPage,
    u: Annotated[IdOrZero | None, Query(description="a user id: their organizations; 0 = everyone's")] = None,
    k: Annotated[Text | None, Query(max_length=100, description="part of the name")] = None,
) -> Response:
    # The events filter calls GET /orgs with u 0 for the whole list (the events filter), as identity's orgs=0.
    # A hot read: no dependency but its parameters' (docs/development.md, "How a service reads").
    return await organization_service.page(rows_of(request), principal_of(request), page, user_id=u or None, keyword=k)


@router.get("/orgs/{org_id}", response_model=Organization)
@reads
async def get_organization(access: VisibleOrg, session: SessionDep, identity: IdentityDep) -> Organization:
    return await organization_service.view(session, identity, access)


@router.post("/orgs/{org_id}", response_model=Organization, responses=errors(409))
async def save_organization(
    body: OrganizationUpdate, access: OrgEditor, session: SessionDep, identity: IdentityDep, images: ImageRefsDep
) -> Organization:
    return await organization_service.save(session, identity, images, access, body)


@router.post("/orgs/{org_id}/publish", response_model=Organization)
async def publish_organization(access: OrgEditor, session: SessionDep, identity: IdentityDep) -> Organization:
    return await organization_service.publish(session, identity, access)


internal_router = APIRouter(prefix="/internal", tags=["internal"])


@internal_router.get("/orgs/{org_id}/roles/{user_id}", response_model=CallerRoles)
@reads
async def roles_of(org_id: Id, user_id: Id, session: SessionDep) -> CallerRoles:
    """Never routed by the gateway: the events service checks here (or projects orgs.role.* events) whether
    a user may create events under the organization."""
    return await organization_service.roles_of(session, org_id, user_id)

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query

from kit.db import SessionDep, reads
from kit.paging import Page, paging
from kit.profiles import IdentityDep, User
from kit.types import Id, Text
from organizations.members.service import member_service
from organizations.orgs.dependencies import OrgEditor, VisibleOrg

router = APIRouter(prefix="/api", tags=["organizations"])

MembersPage = Annotated[Page, Depends(paging(default=100, cap=100))]

Ok = Literal["ok"]


@router.get("/orgs/{org_id}/members", response_model=list[User])
@reads
async def list_members(
    access: VisibleOrg,
    session: SessionDep,
    identity: IdentityDep,
    page: MembersPage,
    k: Annotated[Text | None, Query(max_length=100, description="part of the dancer name")] = None,
) -> list[User]:
    return await member_service.page(session, identity, access, page, k)


@router.post("/orgs/{org_id}/members/{user_id}", response_model=Ok)
async def add_member(user_id: Id, access: OrgEditor, session: SessionDep, identity: IdentityDep) -> Ok:
    await member_service.add(session, identity, access, user_id)
    return "ok"


@router.delete("/orgs/{org_id}/members/{user_id}", response_model=Ok)
async def remove_member(user_id: Id, access: OrgEditor, session: SessionDep) -> Ok:
    await member_service.remove(session, access, user_id)
    return "ok"

"""`/api/studios/{id}/students|teachers|admins` (lists, add, remove) and `/api/studios/{id}/events` (the studio's
competitions)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query

from kit.db import SessionDep, reads
from kit.openapi import errors
from kit.paging import Page, paging
from kit.profiles import IdentityDep, User
from kit.types import Id, Text
from studios.competitions.repository import competition_repository
from studios.competitions.schemas import StudioEvent, StudioMember
from studios.members.service import member_service
from studios.models import Role
from studios.studios import rules
from studios.studios.dependencies import LockedStudioEditor, StudioEditor, VisibleStudio
from studios.studios.rules import EventSort, MemberSort

router = APIRouter(prefix="/api", tags=["studios"])

ListPage = Annotated[Page, Depends(paging(default=rules.PAGE_SIZE, cap=rules.PAGE_SIZE))]
Keyword = Annotated[Text | None, Query(max_length=100, description="part of the dancer name (events: the title)")]
Ok = Literal["ok"]
PEOPLE = {"students": Role.STUDENT, "teachers": Role.TEACHER, "admins": Role.ADMIN}


def _people_routes(path: str, role: Role) -> None:
    async def list_people(
        access: VisibleStudio,
        session: SessionDep,
        identity: IdentityDep,
        page: ListPage,
        keyword: Keyword = None,
        sort_by: Annotated[MemberSort, Query(alias="sortBy")] = MemberSort.NAME_ASC,
    ) -> list[StudioMember]:
        return await member_service.page(
            session,
            identity,
            access,
            role,
            descending=sort_by == MemberSort.NAME_DESC,
            keyword=keyword,
            limit=page.limit,
            offset=page.offset,
        )

    async def add_person(user_id: Id, access: StudioEditor, session: SessionDep, identity: IdentityDep) -> User:
        return await member_service.add(session, identity, access, user_id, role)

    async def remove_person(user_id: Id, access: LockedStudioEditor, session: SessionDep) -> Ok:
        await member_service.remove(session, access, user_id, role)
        return "ok"

    for function in (list_people, add_person, remove_person):
        function.__name__ = f"{function.__name__}_{path}"
    router.get(f"/studios/{{studio_id}}/{path}", response_model=list[StudioMember])(reads(list_people))
    router.post(f"/studios/{{studio_id}}/{path}/{{user_id}}", response_model=User)(add_person)
    router.delete(f"/studios/{{studio_id}}/{path}/{{user_id}}", response_model=Ok, responses=errors(409))(remove_person)


for _path, _role in PEOPLE.items():
    _people_routes(_path, _role)


@router.get("/studios/{studio_id}/events", response_model=list[StudioEvent])
@reads
async def list_competitions(
    access: VisibleStudio,
    session: SessionDep,
    page: ListPage,
    keyword: Keyword = None,
    sort_by: Annotated[EventSort, Query(alias="sortBy")] = EventSort.DATE_DESC,
) -> list[StudioEvent]:
    """The published events where the studio's teachers and students competed, each with the battles they
    entered and their best rank there."""
    found = await competition_repository.events(
        session,
        access.studio.id,
        sort=sort_by.value,
        keyword=rules.keyword(keyword),
        limit=page.limit,
        offset=page.offset,
    )
    return [StudioEvent.model_validate(row) for row in found]

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from kit.db import SessionDep, reads
from kit.openapi import errors
from kit.paging import Page, paging
from kit.principal import PrincipalDep, UserDep
from kit.types import Id
from organizations.media.schemas import Media, MediaIn
from organizations.media.service import media_service

router = APIRouter(prefix="/api", tags=["media"])

MediaPage = Annotated[Page, Depends(paging(default=100, cap=100))]


@router.get("/media", response_model=list[Media], responses=errors(404))
@reads
async def list_media(
    session: SessionDep,
    principal: PrincipalDep,
    page: MediaPage,
    o: Annotated[Id | None, Query(description="organization id")] = None,
    e: Annotated[Id | None, Query(description="event id")] = None,
) -> list[Media]:
    return await media_service.page(session, principal, org_id=o, event_id=e, page=page)


@router.post("/media", response_model=list[Media], responses=errors(404))
async def save_media(body: MediaIn, session: SessionDep, principal: UserDep) -> list[Media]:
    return await media_service.save(session, principal, body)


@router.delete("/media/{media_id}", response_model=list[Media])
async def delete_media(media_id: Id, session: SessionDep, principal: UserDep) -> list[Media]:
    return await media_service.delete(session, principal, media_id)

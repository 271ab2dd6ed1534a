"""`/api/studios` (the grid, create), `/api/studios/{id}` (read, save, publish, deactivate, delete) and
`/api/studios-map` (the map's studios in the view)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query, Request, Response

from kit.db import SessionDep, reads
from kit.errors import Invalid
from kit.images import ImageRefsDep
from kit.paging import Page, paging
from kit.places import GeocoderDep
from kit.places import bounds as map_bounds
from kit.principal import UserDep, principal_of
from kit.profiles import IdentityDep
from kit.rows import rows_of
from kit.types import IdOrZero, Text
from studios.studios import rules
from studios.studios.dependencies import LockedStudioEditor, StudioEditor, VisibleStudio
from studios.studios.schemas import Studio, StudioCreated, StudioList, StudioUpdate
from studios.studios.service import studio_service

router = APIRouter(prefix="/api", tags=["studios"])

ListPage = Annotated[Page, Depends(paging(default=rules.PAGE_SIZE, cap=rules.PAGE_SIZE))]
Keyword = Annotated[Text | None, Query(max_length=100, description="part of the studio's name")]
Corner = Annotated[str | None, Query(max_length=60, description="a corner of the map's view: lat,lng")]
Ok = Literal["ok"]


@router.post("/studios", status_code=201, response_model=StudioCreated)
async def create_studio(session: SessionDep, principal: UserDep) -> StudioCreated:
    """An empty draft with the caller as its admin (the wizard then saves it at every step)."""
    studio = await studio_service.create(session, principal)
    return StudioCreated(id=studio.id)


@router.get("/studios", response_model=StudioList)
async def list_studios(
    request: Request,
    page: ListPage,
    user_id: Annotated[
        IdOrZero | None, Query(alias="userId", description="a user's studios (admin, teacher or student); 0: all")
    ] = None,
    keyword: Keyword = None,
) -> Response:
    # A hot read: no dependency but its parameters' (docs/development.md, "A read that is fast from its first line").
    return await studio_service.page(
        rows_of(request), principal_of(request), p=page.p, pp=page.pp, user_id=user_id or None, keyword=keyword
    )


def _checked_corners(**corners: str | None) -> tuple[map_bounds.Box, ...] | None:
    try:
        return map_bounds.boxes(corners)
    except ValueError as exc:
        raise Invalid(str(exc), field="nw") from None


@router.get("/studios-map", response_model=StudioList)
async def studios_map(
    request: Request,
    page: ListPage,
    keyword: Keyword = None,
    uc: Annotated[str | None, Query(max_length=60, description="the user's position, lat,lng: nearest first")] = None,
    nw: Corner = None,
    ne: Corner = None,
    se: Corner = None,
    sw: Corner = None,
) -> Response:
    """Published studios with a place inside the view (none: the world; a view across the antimeridian too),
    nearest to uc first, else nearest to the view's centre."""
    boxes = _checked_corners(nw=nw, ne=ne, se=se, sw=sw)
    try:
        near = map_bounds.lat_lng("uc", uc, on_earth=True) if uc is not None else None
    except ValueError as exc:
        raise Invalid(str(exc), field="uc") from None
    return await studio_service.map(rows_of(request), p=page.p, pp=page.pp, boxes=boxes, near=near, keyword=keyword)


@router.get("/studios/{studio_id}", response_model=Studio)
@reads
async def get_studio(access: VisibleStudio, session: SessionDep, identity: IdentityDep) -> Studio:
    return await studio_service.view(session, identity, access)


@router.put("/studios/{studio_id}", response_model=Studio)
async def save_studio(
    body: StudioUpdate,
    access: StudioEditor,
    session: SessionDep,
    identity: IdentityDep,
    images: ImageRefsDep,
    geocoder: GeocoderDep,
) -> Studio:
    return await studio_service.save(session, identity, images, geocoder, access, body)


@router.put("/studios/{studio_id}/publish", response_model=Studio)
async def publish_studio(access: StudioEditor, session: SessionDep, identity: IdentityDep) -> Studio:
    return await studio_service.publish(session, identity, access)


@router.put("/studios/{studio_id}/deactivate", response_model=Studio)
async def deactivate_studio(access: StudioEditor, session: SessionDep, identity: IdentityDep) -> Studio:
    return await studio_service.deactivate(session, identity, access)


@router.delete("/studios/{studio_id}", response_model=Ok)
async def delete_studio(access: LockedStudioEditor, session: SessionDep) -> Ok:
    await studio_service.delete(session, access)
    return "ok"

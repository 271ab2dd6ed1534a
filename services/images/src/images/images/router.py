from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, BackgroundTasks, Depends, Header, Query, Request, Response

from images.images.repository import image_repository
from images.images.rules import ImageType, is_image_id
from images.images.schemas import ImageCreated
from images.images.service import ImageResources, image_service
from images.images.upload import read_upload
from kit.db import SessionDep, reads
from kit.openapi import errors
from kit.principal import UserDep
from kit.schemas import Schema

router = APIRouter(prefix="/api/images", tags=["images"])


async def get_resources(request: Request) -> ImageResources:
    # async: a plain function dependency would cost a thread-pool hop on every request.
    return request.app.state.images


ResourcesDep = Annotated[ImageResources, Depends(get_resources)]


@router.post("", status_code=201, response_model=ImageCreated, responses=errors(400, 413))
async def upload_image(request: Request, principal: UserDep, db: SessionDep, resources: ResourcesDep) -> ImageCreated:
    """Multipart field `file`: PNG, JPEG or WebP (judged by the content), at most 10,000,000 bytes and
    40 megapixels. Stored upright and without metadata."""
    upload = await read_upload(request, limit=resources.settings.max_upload_bytes)
    try:
        image = await image_service.upload(db, resources, principal, upload)
    finally:
        upload.close()
    return ImageCreated(id=image.id, width=image.width, height=image.height)


@router.get(
    "/{image_id}",
    response_class=Response,
    responses={200: {"content": {"image/webp": {}, "image/jpeg": {}, "image/png": {}}}, 304: {}},
)
async def get_image(
    image_id: str,
    resources: ResourcesDep,
    size: Annotated[int | None, Query(ge=1, le=100_000, description="Width; snapped up to a known size")] = None,
    type: Annotated[ImageType | None, Query(description="Where it is shown; tunes quality")] = None,
    accept: Annotated[str | None, Header()] = None,
    if_none_match: Annotated[str | None, Header()] = None,
) -> Response:
    """The image `size` pixels wide (never upscaled), WebP when accepted, else JPEG (PNG if transparent)."""
    variant = await image_service.variant(
        resources, image_id, size=size, image_type=type, accept=accept, if_none_match=if_none_match
    )
    if variant.data is None:
        return Response(status_code=304, headers=variant.headers)
    return Response(variant.data, media_type=variant.content_type, headers=variant.headers)


@router.delete("/{image_id}", status_code=204, response_class=Response)
async def delete_image(
    image_id: str, principal: UserDep, db: SessionDep, resources: ResourcesDep, background: BackgroundTasks
) -> Response:
    """By its owner only. The files go after the deletion is committed."""
    await image_service.delete(db, resources, principal, image_id)
    background.add_task(image_service.delete_files, resources, image_id)
    return Response(status_code=204)


internal_router = APIRouter(prefix="/internal", tags=["internal"])

MAX_LOOKUP = 100


class ExistingImages(Schema):
    ids: list[str]


@internal_router.get("/images", response_model=ExistingImages)
@reads
async def existing_images(
    db: SessionDep, ids: Annotated[str, Query(description=f"comma-separated image ids, at most {MAX_LOOKUP}")] = ""
) -> ExistingImages:
    """Never routed by the gateway: which of these ids are images, for services that store a reference to one
    (kit.images). Anything not of an image id's form is simply not found."""
    wanted = [i for i in dict.fromkeys(ids.split(",")) if is_image_id(i)][:MAX_LOOKUP]
    return ExistingImages(ids=await image_repository.existing(db, wanted) if wanted else [])

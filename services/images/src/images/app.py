from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI
from starlette.middleware import Middleware

from images.config import Settings
from images.images import processing
from images.images.fastpath import CachedVariants
from images.images.router import internal_router as images_internal_router
from images.images.router import router as images_router
from images.images.service import ImageResources
from images.storage import open_storage
from kit.app import create_service_app


@contextlib.asynccontextmanager
async def image_resources(app: FastAPI) -> AsyncIterator[ImageResources]:
    """The storage (local or S3), the caches and the limits of the process."""
    settings: Settings = app.state.settings
    storage = await open_storage(settings)
    try:
        yield ImageResources.create(settings, storage, app.state.sessionmaker)
    finally:
        await storage.close()


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    processing.limit_pixels(settings.max_pixels)
    return create_service_app(
        settings,
        title="Cypher images",
        routers=[images_router, images_internal_router],
        resources={"images": image_resources},
        # Innermost of the middleware: inside the kit's request id and metrics, before FastAPI's routing.
        middleware=[Middleware(CachedVariants)],
    )

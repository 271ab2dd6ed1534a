from __future__ import annotations

from pathlib import Path

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

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    processing.limit_pixels(settings.max_pixels)

    async def on_startup(app: FastAPI) -> None:
        storage = await open_storage(settings)
        app.state.images = ImageResources.create(settings, storage, app.state.sessionmaker)

    async def on_shutdown(app: FastAPI) -> None:
        resources: ImageResources | None = getattr(app.state, "images", None)
        if resources is not None:
            await resources.storage.close()

    app = create_service_app(
        settings,
        title="Cypher images",
        routers=[images_router, images_internal_router],
        migrations_dir=MIGRATIONS_DIR,
        on_startup=on_startup,
        on_shutdown=on_shutdown,
    )
    # Innermost of the user middleware: inside the kit's request id and metrics, before FastAPI's routing.
    app.user_middleware.append(Middleware(CachedVariants))
    return app

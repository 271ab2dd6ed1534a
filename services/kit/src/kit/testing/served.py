"""Another service, real and served on a port, for the tests of a service that calls it (the images service
for the image references of kit.images): its own fresh database migrated to head, the same NATS."""

from __future__ import annotations

import importlib
import io
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import httpx

from kit.local import free_port
from kit.testing.helpers import as_user, migrated_database, serve_app


@dataclass(frozen=True)
class Served:
    url: str
    database_url: str


@asynccontextmanager
async def served_service(package: str, pg_server_url: str, nats_url: str, **settings: Any) -> AsyncIterator[Served]:
    """`package`'s app (`<package>.app.create_app`, `<package>.config.Settings`) on a free port."""
    app_module = importlib.import_module(f"{package}.app")
    config = importlib.import_module(f"{package}.config")
    async with migrated_database(pg_server_url, package, name=f"{package}_served") as database_url:
        values = {"database_url": database_url, "nats_url": nats_url, "env": "test", "log_json": False} | settings
        port = free_port()
        async with serve_app(app_module.create_app(config.Settings(**values)), port):
            yield Served(f"http://127.0.0.1:{port}", database_url)


def png_bytes(size: tuple[int, int] = (8, 8)) -> bytes:
    from PIL import Image  # the images service's own dependency, present wherever it is served

    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(buffer, "PNG")
    return buffer.getvalue()


async def upload_image(images_url: str, profile_id: int = 1) -> str:
    """A real image uploaded to the served images service; its id."""
    async with httpx.AsyncClient(base_url=images_url, timeout=30) as http:
        response = await http.post(
            "/api/images",
            files={"file": ("a.png", png_bytes(), "image/png")},
            headers=as_user(profile_id, profile_id),
        )
        response.raise_for_status()
        image_id: str = response.json()["id"]
        return image_id

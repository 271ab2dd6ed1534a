"""Another service, real and served on a port, for the tests of a service that calls it (the images service
for the image references of kit.images): its own fresh database migrated to head, the same NATS."""

from __future__ import annotations

import importlib
import io
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import asyncpg
import httpx

from kit.db import asyncpg_dsn
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


@dataclass(frozen=True)
class ServedIdentity(Served):
    """The real identity service, for a service that looks profiles up in it."""

    async def signup(self, email: str, dancer_name: str) -> int:
        """A real account and profile; its name (and avatar `avatar-<id>`) written straight to identity's
        database: onboarding is identity's business, not the calling test's."""
        async with httpx.AsyncClient(base_url=self.url) as http:
            response = await http.post("/api/auth/signup", json={"email": email, "password": "correct horse 1"})
            assert response.status_code == 201, response.text
            profile_id = int(response.json()["user"]["id"])
        await self.rename(profile_id, dancer_name)
        return profile_id

    async def rename(self, profile_id: int, dancer_name: str) -> None:
        conn = await asyncpg.connect(asyncpg_dsn(self.database_url))
        try:
            await conn.execute(
                "UPDATE profile SET dancer_name = $1, avatar = $2 WHERE id = $3",
                dancer_name,
                f"avatar-{profile_id}",
                profile_id,
            )
        finally:
            await conn.close()


@asynccontextmanager
async def served_identity(pg_server_url: str, nats_url: str) -> AsyncIterator[ServedIdentity]:
    """identity on a port with its relay off: its own events stay in its outbox, so the caller sees only what it
    looks up."""
    tokens = importlib.import_module("identity.auth.tokens")
    settings = {"jwt_private_key": tokens.generate_private_key_pem(), "run_workers": False}
    async with served_service("identity", pg_server_url, nats_url, **settings) as served:
        yield ServedIdentity(served.url, served.database_url)


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

"""/readyz: ready when the database answers at the code's migration head or a newer revision (one a newer release
wrote), whatever NATS does; not ready when the database is out of reach or behind, nor once the server started to
shut down (docs/decisions.md, "Readiness and shutting down")."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
import uvicorn
from asgi_lifespan import LifespanManager

from kit.app import create_service_app
from kit.db import asyncpg_dsn
from kit.health import migration_state
from kit.local import EmbeddedNats, free_port
from kit.serving import DRAINING, HttpProtocol
from kit.settings import ServiceSettings
from kit.testing import eventually

SAMPLE = Path(__file__).parent / "sample"
HEAD = "0003"


@asynccontextmanager
async def served(database_url: str, nats_url: str) -> AsyncIterator[httpx.AsyncClient]:
    settings = ServiceSettings(
        database_url=database_url, nats_url=nats_url, env="test", log_json=False, service_name="kittest"
    )
    app = create_service_app(settings, title="sample", routers=[], migrations=SAMPLE)
    async with LifespanManager(app):  # type: ignore[arg-type]
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client:  # type: ignore[arg-type]
            yield client


@asynccontextmanager
async def version_set_to(database_url: str, version: str) -> AsyncIterator[None]:
    conn = await asyncpg.connect(asyncpg_dsn(database_url))
    try:
        await conn.execute("UPDATE alembic_version SET version_num = $1", version)
        yield
    finally:
        await conn.execute("UPDATE alembic_version SET version_num = $1", HEAD)
        await conn.close()


def flag(read: Callable[[], bool]) -> Callable[[], Awaitable[bool]]:
    async def check() -> bool:
        return read()

    return check


def closed_url(scheme: str) -> str:
    return f"{scheme}://127.0.0.1:{free_port()}"  # nothing listens there


async def test_ready_at_head_with_nats_never_connected(database_url: str) -> None:
    async with served(database_url, closed_url("nats")) as client:
        ready = await client.get("/readyz")
    assert ready.status_code == 200, ready.text
    assert ready.json() == {"status": "ready", "checks": {"database": True, "migrations": True, "nats": False}}


async def test_ready_while_nats_is_stopped(database_url: str, tmp_path: Path) -> None:
    nats = EmbeddedNats(tmp_path / "nats", port=free_port())
    nats.start()
    try:
        async with served(database_url, nats.url) as client:
            app: Any = client._transport.app  # type: ignore[attr-defined]
            await app.state.bus.wait_ready(timeout=10)
            assert (await client.get("/readyz")).json()["checks"]["nats"] is True
            nats.stop()
            await eventually(flag(lambda: not app.state.bus.connected), timeout=10)
            ready = await client.get("/readyz")
            assert ready.status_code == 200 and ready.json()["checks"]["nats"] is False
    finally:
        nats.stop()


async def test_ready_when_the_database_is_at_a_newer_revision(database_url: str) -> None:
    async with served(database_url, closed_url("nats")) as client, version_set_to(database_url, "0099_next_release"):
        ready = await client.get("/readyz")
    assert ready.status_code == 200, ready.text


async def test_not_ready_when_the_database_is_behind(database_url: str) -> None:
    async with served(database_url, closed_url("nats")) as client, version_set_to(database_url, "0002"):
        ready = await client.get("/readyz")
    assert ready.status_code == 503
    assert ready.json()["checks"] == {"database": True, "migrations": False, "nats": False}


async def test_not_ready_when_the_database_is_out_of_reach(database_url: str) -> None:
    unreachable = database_url.replace(database_url.split("@", 1)[1].split("/", 1)[0], f"127.0.0.1:{free_port()}")
    async with served(unreachable, closed_url("nats")) as client:
        ready = await client.get("/readyz")
    assert ready.status_code == 503 and ready.json()["checks"]["database"] is False


class TestShuttingDown:
    @pytest.fixture(autouse=True)
    def _reset(self) -> Any:
        yield
        DRAINING.reset()

    async def test_the_servers_shutdown_makes_readiness_false_at_once(self, database_url: str) -> None:
        """uvicorn as deployed (kit.serving's protocol); `should_exit` is what its SIGTERM handler sets."""
        settings = ServiceSettings(
            database_url=database_url, nats_url=closed_url("nats"), env="test", log_json=False, service_name="kittest"
        )
        app = create_service_app(settings, title="sample", routers=[], migrations=SAMPLE)
        port = free_port()
        server = uvicorn.Server(uvicorn.Config(app, port=port, http=HttpProtocol, log_level="warning"))
        serving = asyncio.create_task(server.serve())
        try:
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as client:
                await eventually(flag(lambda: server.started), timeout=10)
                assert (await client.get("/readyz")).status_code == 200  # its connection stays open
                server.should_exit = True
                await eventually(flag(lambda: DRAINING.active), timeout=2)
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as local:  # type: ignore[arg-type]
                draining = await local.get("/readyz")
                assert draining.status_code == 503 and draining.json()["status"] == "shutting down"
                assert (await local.get("/healthz")).status_code == 200  # alive: not restarted while it drains
        finally:
            server.should_exit = True
            await asyncio.wait_for(serving, 10)


def test_migration_state() -> None:
    known = frozenset({"0001", "0002", "0003"})
    assert migration_state("0003", "0003", known) == "head"
    assert migration_state("0004", "0003", known) == "newer"
    assert migration_state("0002", "0003", known) == "behind"
    assert migration_state(None, "0003", known) == "behind"

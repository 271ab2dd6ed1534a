"""The fixtures. A service's tests/conftest.py declares `pytest_plugins = ["kit.testing.plugin"]` and a
session fixture `service_spec` returning a ServiceSpec."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import httpx
import nats
import pytest
from asgi_lifespan import LifespanManager
from fastapi import FastAPI

from kit.local import EmbeddedNats, EmbeddedPostgres
from kit.migrations import upgrade_to_head
from kit.outbox import asyncpg_dsn
from kit.settings import ServiceSettings
from kit.testing.helpers import ServiceSpec


def repo_root() -> Path:
    here = Path.cwd().resolve()
    for candidate in (here, *here.parents):
        if (candidate / "uv.lock").exists():
            return candidate
    return here


@pytest.fixture(scope="session")
def pg_server_url() -> Iterator[str]:
    """A PostgreSQL server: TEST_DATABASE_URL, or the shared embedded one under .run/test/pg."""
    configured = os.environ.get("TEST_DATABASE_URL")
    if configured:
        yield configured
        return
    server = EmbeddedPostgres(repo_root() / ".run" / "test" / "pg", durable=False)
    server.start()
    yield server.url()


@pytest.fixture(scope="session")
def nats_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A NATS JetStream server of this test session (or TEST_NATS_URL)."""
    configured = os.environ.get("TEST_NATS_URL")
    if configured:
        yield configured
        return
    server = EmbeddedNats(tmp_path_factory.mktemp("nats"))
    server.start()
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
async def database_url(service_spec: ServiceSpec, pg_server_url: str) -> AsyncIterator[str]:
    name = f"test_{service_spec.name}_{uuid.uuid4().hex[:10]}"
    admin = await asyncpg.connect(asyncpg_dsn(pg_server_url))
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    url = pg_server_url.rsplit("/", 1)[0] + f"/{name}"
    await upgrade_to_head(service_spec.migrations_dir, url)
    yield url
    admin = await asyncpg.connect(asyncpg_dsn(pg_server_url))
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@pytest.fixture(scope="session")
def settings(service_spec: ServiceSpec, database_url: str, nats_url: str) -> ServiceSettings:
    return service_spec.settings_factory(
        database_url=database_url,
        nats_url=nats_url,
        env="test",
        log_json=False,
        outbox_poll_seconds=0.2,
        consumer_max_deliver=3,
    )


@pytest.fixture(scope="session")
async def _tables(database_url: str) -> list[str]:
    conn = await asyncpg.connect(asyncpg_dsn(database_url))
    try:
        rows = await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'alembic_version'"
        )
    finally:
        await conn.close()
    return [r["tablename"] for r in rows]


@pytest.fixture
async def clean_state(database_url: str, nats_url: str, _tables: list[str]) -> None:
    """Every test starts from empty tables and an empty bus (tests commit for real: the relay and the
    consumers must see committed rows, so rolled-back transactions would not test them)."""
    conn = await asyncpg.connect(asyncpg_dsn(database_url))
    try:
        if _tables:
            await conn.execute(f"TRUNCATE {', '.join(_tables)} RESTART IDENTITY CASCADE")
    finally:
        await conn.close()
    nc = await nats.connect(nats_url)
    try:
        js = nc.jetstream()
        for info in await js.streams_info():
            if info.config.name:
                await js.delete_stream(info.config.name)
    finally:
        await nc.close()


@pytest.fixture
async def app(service_spec: ServiceSpec, settings: ServiceSettings, clean_state: None) -> AsyncIterator[FastAPI]:
    application = service_spec.app_factory(settings)
    async with LifespanManager(application, startup_timeout=30, shutdown_timeout=30):
        await application.state.bus.wait_ready(timeout=10)
        yield application


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
        yield c


@pytest.fixture
async def session(app: FastAPI) -> AsyncIterator[object]:
    """A session on the service's database for factories and assertions; commit explicitly."""
    async with app.state.sessionmaker() as s:
        yield s

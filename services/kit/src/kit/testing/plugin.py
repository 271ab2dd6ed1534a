"""The fixtures. A service's tests/conftest.py is `pytest_plugins = ["kit.testing.plugin"]`; the service under
test is derived from the tests' folder (override `service_spec` for test defaults of its settings)."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import nats
import pytest
from asgi_lifespan import LifespanManager
from fastapi import FastAPI

from kit.db import asyncpg_dsn
from kit.local import EmbeddedNats, EmbeddedPostgres
from kit.settings import ServiceSettings
from kit.testing import helpers
from kit.testing.helpers import REFERENCE_TABLES, ServiceSpec, migrated_database


def pytest_configure(config: pytest.Config) -> None:
    """The one factories layout: `tests/<domain>/factories.py`, imported as `<domain>.factories` (and any helper
    module of `tests/` by its path from there), as pytest's `pythonpath = .` would make them in each suite."""
    tests = str(Path(config.rootpath).resolve())
    if tests not in sys.path:
        sys.path.insert(0, tests)


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
    # `make test` starts it once for the suites it runs side by side, and stops it; a lone pytest run stops
    # the server it started itself (docs/development.md, "Nothing left running").
    already = server.running_port() is not None
    server.start()
    yield server.url()
    if not already:
        server.stop()


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
def service_spec(request: pytest.FixtureRequest) -> ServiceSpec:
    """The service whose tests run: the package of `services/<package>/tests` (a conftest may override this
    fixture, e.g. to add test defaults: `ServiceSpec.of("identity", smtp_port=...)`)."""
    return ServiceSpec.of(Path(request.config.rootpath).resolve().parent.name)


@pytest.fixture(scope="session")
async def database_url(service_spec: ServiceSpec, pg_server_url: str) -> AsyncIterator[str]:
    """A fresh database of this test session, migrated to head."""
    async with migrated_database(
        pg_server_url, service_spec.package, migrations=service_spec.migrations_dir, name=service_spec.name
    ) as url:
        yield url


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
    # Reference data a migration loads (kit.places' cities) stays: the tests read it, none writes it.
    return [r["tablename"] for r in rows if r["tablename"] not in REFERENCE_TABLES]


# Emptying the tables between tests, in one round trip: only the tables with rows are emptied (DELETE; foreign
# keys' triggers off for the statement's transaction, so the order does not matter and nothing cascades twice),
# and only the identity sequences a test used start again, as TRUNCATE ... RESTART IDENTITY would. TRUNCATE of every
# table took about 20 ms a test (a new file per table), a fifth of a small test and most of its setup.
_EMPTY = """
DO $$
DECLARE
    name text;
    found boolean;
BEGIN
    SET LOCAL session_replication_role = replica;
    FOREACH name IN ARRAY $1 LOOP
        EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I)', name) INTO found;
        IF found THEN
            EXECUTE format('DELETE FROM %I', name);
        END IF;
    END LOOP;
    FOR name IN
        SELECT s.relname FROM pg_class s
        JOIN pg_depend d ON d.objid = s.oid AND d.deptype IN ('a', 'i')
        JOIN pg_class t ON t.oid = d.refobjid
        JOIN pg_sequences q ON q.schemaname = 'public' AND q.sequencename = s.relname
        WHERE s.relkind = 'S' AND t.relname = ANY($1) AND q.last_value IS NOT NULL
    LOOP
        EXECUTE format('ALTER SEQUENCE %I RESTART', name);
    END LOOP;
END $$
"""


def _emptying(tables: list[str]) -> str:
    """The DO block for these tables (a DO block takes no parameters: the names go in as an array literal)."""
    names = ", ".join("'" + name.replace("'", "''") + "'" for name in tables)
    return _EMPTY.replace("$1", f"ARRAY[{names}]::text[]")


@pytest.fixture
async def clean_state(database_url: str, nats_url: str, _tables: list[str]) -> None:
    """Every test starts from empty tables and an empty bus (tests commit for real: the relay and the
    consumers must see committed rows, so rolled-back transactions would not test them)."""
    conn = await asyncpg.connect(asyncpg_dsn(database_url))
    try:
        if _tables:
            await conn.execute(_emptying(_tables))
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


AppClient = Callable[..., contextlib.AbstractAsyncContextManager[httpx.AsyncClient]]


@pytest.fixture
def app_with(service_spec: ServiceSpec, settings: ServiceSettings, clean_state: None) -> AppClient:
    """`async with app_with(run_workers=False) as client:` another app of the service with some settings changed
    (its lifespan running, on the same database and NATS), and a client on it (`client.app` is the app)."""

    @contextlib.asynccontextmanager
    async def make(**overrides: Any) -> AsyncIterator[httpx.AsyncClient]:
        application = service_spec.app_factory(settings.model_copy(update=overrides))
        async with running_app(application) as c:
            yield c

    return make


@contextlib.asynccontextmanager
async def running_app(application: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with LifespanManager(application, startup_timeout=30, shutdown_timeout=30):
        await application.state.bus.wait_ready(timeout=10)
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            c.app = application  # type: ignore[attr-defined]
            yield c


@pytest.fixture
def count_queries(
    app: FastAPI, service_spec: ServiceSpec
) -> Callable[[], contextlib.AbstractContextManager[list[str]]]:
    """`with count_queries() as queries:` the SQL the app sends during the block (see helpers.count_queries)."""
    return lambda: helpers.count_queries(app, service_spec.background_tables)


@pytest.fixture
async def session(app: FastAPI) -> AsyncIterator[object]:
    """A session on the service's database for factories and assertions; commit explicitly."""
    async with app.state.sessionmaker() as s:
        yield s

"""The read path: a `@reads` route's session opens no transaction while an unmarked GET stays one
transaction (rolled back on error); the pool keeps the connections a burst of 64 requests opened; no TLS is tried
against a local database; the text check every Schema runs agrees with the character-by-character rule."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from asgi_lifespan import LifespanManager
from fastapi import APIRouter, FastAPI
from sqlalchemy import event, text
from sqlalchemy.ext.asyncio import AsyncSession

from kit.app import create_service_app
from kit.db import SessionDep, create_engine, reads, use_ssl
from kit.schemas import _first_unstorable, _surely_storable
from kit.settings import ServiceSettings
from kit.types import unstorable

SAMPLE = Path(__file__).parent / "sample"


async def two_snapshots(session: AsyncSession) -> bool:
    """now() is the start of the transaction: two statements of one transaction see the same."""
    first = await session.scalar(text("SELECT now()"))
    await session.execute(text("SELECT pg_sleep(0.01)"))
    return bool(first != await session.scalar(text("SELECT now()")))


def _app(settings: ServiceSettings) -> FastAPI:
    router = APIRouter()

    @router.get("/api/read")
    @reads
    async def marked(session: SessionDep) -> dict[str, bool]:
        return {"autocommit": await two_snapshots(session)}

    @router.get("/api/plain")
    async def unmarked(session: SessionDep) -> dict[str, bool]:
        return {"autocommit": await two_snapshots(session)}

    @router.get("/api/write-then-fail")
    async def write_then_fail(session: SessionDep) -> None:
        await session.execute(text("INSERT INTO received (event_id, type) VALUES (gen_random_uuid(), 'x')"))
        await session.execute(text("SELECT * FROM no_such_table"))

    @router.get("/api/count")
    @reads
    async def count(session: SessionDep) -> dict[str, int]:
        return {"count": int(await session.scalar(text("SELECT count(*) FROM received")) or 0)}

    return create_service_app(settings, title="sample", routers=[router], migrations=SAMPLE)


@pytest.fixture
async def sample(database_url: str, nats_url: str, clean_state: None) -> AsyncIterator[httpx.AsyncClient]:
    settings = ServiceSettings(
        database_url=database_url, nats_url=nats_url, env="test", log_json=False, service_name="kittest"
    )
    application = _app(settings)
    async with LifespanManager(application):  # type: ignore[arg-type]
        transport = httpx.ASGITransport(app=application, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            yield client


class TestReadSessions:
    async def test_a_reads_route_opens_no_transaction(self, sample: httpx.AsyncClient) -> None:
        assert (await sample.get("/api/read")).json() == {"autocommit": True}
        assert (await sample.head("/api/read")).status_code in (200, 405)

    async def test_an_unmarked_get_is_one_transaction(self, sample: httpx.AsyncClient) -> None:
        assert (await sample.get("/api/plain")).json() == {"autocommit": False}

    async def test_an_unmarked_get_that_writes_is_rolled_back_on_error(self, sample: httpx.AsyncClient) -> None:
        assert (await sample.get("/api/write-then-fail")).status_code == 500
        assert (await sample.get("/api/count")).json() == {"count": 0}

    async def test_read_sessions_and_write_sessions_share_one_pool_and_stay_usable(
        self, sample: httpx.AsyncClient
    ) -> None:
        answers = await asyncio.gather(*(sample.get(path) for path in ["/api/read", "/api/plain"] * 40))
        assert [a.json()["autocommit"] for a in answers] == [True, False] * 40


class TestPool:
    async def test_64_concurrent_requests_open_no_connection_the_second_time(self, database_url: str) -> None:
        engine = create_engine(database_url)
        opened = 0

        def count(*_: object) -> None:
            nonlocal opened
            opened += 1

        event.listen(engine.sync_engine, "connect", count)

        async def one() -> None:
            async with engine.connect() as connection:
                await connection.execute(text("SELECT pg_sleep(0.05)"))

        try:
            await asyncio.gather(*(one() for _ in range(64)))
            first = opened
            await asyncio.gather(*(one() for _ in range(64)))
            assert 0 < first <= 64 and opened == first
        finally:
            await engine.dispose()


class TestSsl:
    @pytest.mark.parametrize(
        ("url", "setting", "expected"),
        [
            ("postgresql+asyncpg://u@127.0.0.1:5432/db", None, False),
            ("postgresql+asyncpg://u@localhost/db", None, False),
            ("postgresql+asyncpg://u@[::1]:5432/db", None, False),
            ("postgresql+asyncpg://u@db.internal:5432/db?sslmode=disable", None, False),
            ("postgresql+asyncpg://u@db.internal:5432/db", None, None),
            ("postgresql+asyncpg://u@127.0.0.1/db", True, True),
            ("postgresql+asyncpg://u@db.internal/db", False, False),
        ],
    )
    def test_tls_is_not_tried_against_a_local_database_or_one_told_not_to(
        self, url: str, setting: bool | None, expected: bool | None
    ) -> None:
        assert use_ssl(url, setting) is expected

    async def test_an_engine_on_a_sslmode_disable_url_connects(self, database_url: str) -> None:
        engine = create_engine(database_url + "?sslmode=disable", pool_size=1)
        try:
            async with engine.connect() as connection:
                assert await connection.scalar(text("SELECT 1")) == 1
        finally:
            await engine.dispose()


class TestStorableText:
    @pytest.mark.parametrize(
        "value", ["", "plain", "é ñ ü", "\U0001f469\u200d\U0001f467", "a\x00b", "\ud800", "x\udfffy", "\ud83d\ude00"]
    )
    def test_the_fast_check_agrees_with_the_rule(self, value: str) -> None:
        assert unstorable(value) == ("\x00" in value or any("\ud800" <= ch <= "\udfff" for ch in value))

    @pytest.mark.parametrize(
        "data",
        [
            {"name": "Ana", "tags": ["a", "b"], "nested": {"x": [1, 2.5, None, True]}},
            {"name": "a\x00b"},
            {"deep": [{"x": ["\ud800"]}]},
            {"key\x00": 1},
            {"\ud83d\ude00": "emoji as two halves"},
            {1: "int key", "ok": "\U0001f600 é"},
            {"backslash": "\\u0000 is six characters"},
            {"big": 2**70, "text": "fine"},
            {"other": object(), "text": "x\x00"},
        ],
    )
    def test_the_fast_body_check_never_passes_what_the_walk_refuses(self, data: dict[object, object]) -> None:
        if _surely_storable(data):  # type: ignore[arg-type]
            assert _first_unstorable(data, "") is None
        else:
            assert _first_unstorable(data, "") is None or any(
                marker in repr(data) for marker in ("\\x00", "\\ud8", "\\udf", "\\ude")
            )

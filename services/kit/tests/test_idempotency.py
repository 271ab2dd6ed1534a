"""Idempotency keys on real PostgreSQL: a keyed write is done once per user and key, its answer replayed."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import httpx
import pytest
from asgi_lifespan import LifespanManager
from fastapi import APIRouter
from sqlalchemy import column, func, select, table
from sqlalchemy.types import String, Uuid

from kit.app import create_service_app
from kit.db import SessionDep, asyncpg_dsn, commit_writes
from kit.errors import Conflict
from kit.principal import UserDep
from kit.schemas import Schema
from kit.settings import ServiceSettings
from kit.testing import as_user

SAMPLE = Path(__file__).parent / "sample"
received = table("received", column("event_id", Uuid()), column("type", String()))


class Thing(Schema):
    name: str


def sample_app(settings: ServiceSettings) -> object:
    router = APIRouter()

    @router.post("/api/things", status_code=201)
    async def create(body: Thing, user: UserDep, session: SessionDep) -> dict[str, object]:
        await session.execute(received.insert().values(event_id=uuid.uuid4(), type=body.name))
        await asyncio.sleep(0.2)  # long enough for a concurrent retry to arrive meanwhile
        count = await session.scalar(select(func.count()).select_from(received))
        return {"name": body.name, "count": count, "by": user.profile_id}

    @router.post("/api/refused")
    async def refused(body: Thing, session: SessionDep) -> None:
        await session.execute(received.insert().values(event_id=uuid.uuid4(), type=body.name))
        raise Conflict("Taken")

    @router.post("/api/early")
    async def early(body: Thing, user: UserDep, session: SessionDep) -> None:
        # the write committed before its answer is read; then the answer fails
        await session.execute(received.insert().values(event_id=uuid.uuid4(), type=body.name))
        await commit_writes(session)
        raise Conflict("The answer could not be read")

    return create_service_app(settings, title="sample", routers=[router], migrations=SAMPLE)


@pytest.fixture
async def client(database_url: str, nats_url: str) -> AsyncIterator[httpx.AsyncClient]:
    conn = await asyncpg.connect(asyncpg_dsn(database_url))
    await conn.execute("TRUNCATE received, idempotency_key")
    await conn.close()
    settings = ServiceSettings(
        database_url=database_url, nats_url=nats_url, env="test", log_json=False, service_name="kittest"
    )
    app = sample_app(settings)
    async with LifespanManager(app):  # type: ignore[arg-type]
        transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
            yield c


async def rows(database_url: str) -> int:
    conn = await asyncpg.connect(asyncpg_dsn(database_url))
    try:
        return int(await conn.fetchval("SELECT count(*) FROM received"))
    finally:
        await conn.close()


def keyed(profile_id: int, key: str) -> dict[str, str]:
    return {**as_user(profile_id), "Idempotency-Key": key}


class TestIdempotencyKey:
    async def test_a_retry_gets_the_stored_answer_and_writes_nothing(
        self, client: httpx.AsyncClient, database_url: str
    ) -> None:
        first = await client.post("/api/things", json={"name": "a"}, headers=keyed(1, "k1"))
        again = await client.post("/api/things", json={"name": "a"}, headers=keyed(1, "k1"))
        assert first.status_code == again.status_code == 201
        assert again.content == first.content and again.headers["content-type"] == first.headers["content-type"]
        assert await rows(database_url) == 1

    async def test_without_a_key_every_request_writes(self, client: httpx.AsyncClient, database_url: str) -> None:
        for _ in range(2):
            assert (await client.post("/api/things", json={"name": "a"}, headers=as_user(1))).status_code == 201
        assert await rows(database_url) == 2

    async def test_concurrent_requests_with_one_key_write_once(
        self, client: httpx.AsyncClient, database_url: str
    ) -> None:
        answers = await asyncio.gather(
            *(client.post("/api/things", json={"name": "a"}, headers=keyed(1, "same")) for _ in range(4))
        )
        assert {a.status_code for a in answers} == {201}
        assert len({a.content for a in answers}) == 1  # the later ones waited and got the first one's answer
        assert await rows(database_url) == 1

    async def test_a_failed_write_stores_nothing(self, client: httpx.AsyncClient, database_url: str) -> None:
        for _ in range(2):
            answer = await client.post("/api/refused", json={"name": "a"}, headers=keyed(1, "k2"))
            assert answer.status_code == 409
        assert await rows(database_url) == 0
        conn = await asyncpg.connect(asyncpg_dsn(database_url))
        try:
            assert await conn.fetchval("SELECT count(*) FROM idempotency_key") == 0
        finally:
            await conn.close()

    async def test_different_users_with_one_key_are_independent(
        self, client: httpx.AsyncClient, database_url: str
    ) -> None:
        one = await client.post("/api/things", json={"name": "a"}, headers=keyed(1, "shared"))
        two = await client.post("/api/things", json={"name": "a"}, headers=keyed(2, "shared"))
        assert one.json()["by"] == 1 and two.json()["by"] == 2
        assert await rows(database_url) == 2

    async def test_the_same_key_for_another_request_is_refused(
        self, client: httpx.AsyncClient, database_url: str
    ) -> None:
        await client.post("/api/things", json={"name": "a"}, headers=keyed(1, "k3"))
        other = await client.post("/api/things", json={"name": "b"}, headers=keyed(1, "k3"))
        assert other.status_code == 400
        assert other.json()["error"]["code"] == "idempotency_key_reused"
        assert await rows(database_url) == 1

    async def test_an_expired_answer_is_not_replayed(self, client: httpx.AsyncClient, database_url: str) -> None:
        await client.post("/api/things", json={"name": "a"}, headers=keyed(1, "k4"))
        conn = await asyncpg.connect(asyncpg_dsn(database_url))
        try:
            await conn.execute("UPDATE idempotency_key SET expires_at = now() - interval '1 second'")
        finally:
            await conn.close()
        again = await client.post("/api/things", json={"name": "a"}, headers=keyed(1, "k4"))
        assert again.json()["count"] == 2  # done again: a day later it is a new request

    async def test_a_key_too_long_is_refused(self, client: httpx.AsyncClient, database_url: str) -> None:
        answer = await client.post("/api/things", json={"name": "a"}, headers=keyed(1, "k" * 201))
        assert answer.status_code == 400
        assert await rows(database_url) == 0


class TestCommitWrites:
    async def test_a_write_is_committed_before_its_answer(self, client: httpx.AsyncClient, database_url: str) -> None:
        answer = await client.post("/api/early", json={"name": "early"}, headers=as_user(5))
        assert answer.status_code == 409
        assert await rows(database_url) == 1

    async def test_a_keyed_write_keeps_its_one_transaction(self, client: httpx.AsyncClient, database_url: str) -> None:
        answer = await client.post("/api/early", json={"name": "early"}, headers=keyed(5, "k-early"))
        assert answer.status_code == 409
        assert await rows(database_url) == 0

"""A database out of reach answers 503 with Retry-After and the kit's error body, one log line per failure and no
traceback, and the service recovers by itself once the database is back. The outage is real: the app reaches
the test PostgreSQL through a TCP relay of this test, which is closed (connections cut, port refusing) and
opened again on the same port."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest
from asgi_lifespan import LifespanManager
from fastapi import APIRouter, FastAPI, Request, Response
from sqlalchemy import literal, select, text

from kit.app import create_service_app
from kit.db import SessionDep
from kit.rows import Query, answer, rows_of
from kit.settings import ServiceSettings
from kit.testing import eventually

SAMPLE = Path(__file__).parent / "sample"


class Relay:
    """A TCP relay to PostgreSQL that can be taken down (every connection cut, the port refusing) and back up."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.port = 0
        self.server: asyncio.Server | None = None
        self.writers: set[asyncio.StreamWriter] = set()

    async def up(self) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
        self.port = self.server.sockets[0].getsockname()[1]

    async def down(self) -> None:
        assert self.server is not None
        self.server.close()
        for writer in list(self.writers):
            writer.close()
        await self.server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream_reader, upstream_writer = await asyncio.open_connection(*self.target)
        self.writers |= {writer, upstream_writer}

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            try:
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                sink.close()

        await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer))
        self.writers -= {writer, upstream_writer}


def _app(settings: ServiceSettings) -> FastAPI:
    router = APIRouter()
    one = Query(select(literal(1).label("one")))

    @router.get("/api/orm")
    async def orm(session: SessionDep) -> dict[str, int]:
        return {"one": (await session.execute(text("SELECT 1"))).scalar_one()}

    @router.get("/api/rows")
    async def rows(request: Request) -> Response:
        return answer({"one": await rows_of(request).value(one)})

    return create_service_app(settings, title="sample", routers=[router], migrations=SAMPLE)


@pytest.fixture
async def relay(database_url: str) -> AsyncIterator[Relay]:
    parts = urlsplit(database_url)
    relay = Relay(parts.hostname or "127.0.0.1", parts.port or 5432)
    await relay.up()
    yield relay
    if relay.server is not None and relay.server.is_serving():
        await relay.down()


@pytest.fixture
async def client(database_url: str, nats_url: str, clean_state: None, relay: Relay) -> AsyncIterator[httpx.AsyncClient]:
    parts = urlsplit(database_url)
    through_relay = urlunsplit(parts._replace(netloc=parts.netloc.replace(f":{parts.port}", f":{relay.port}")))
    settings = ServiceSettings(
        database_url=through_relay, nats_url=nats_url, env="test", log_json=False, service_name="kittest"
    )
    application = _app(settings)
    async with LifespanManager(application):
        transport = httpx.ASGITransport(app=application, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
            yield http


async def test_an_outage_answers_503_with_retry_after_and_the_service_recovers_alone(
    client: httpx.AsyncClient, relay: Relay, caplog: pytest.LogCaptureFixture
) -> None:
    for path in ("/api/orm", "/api/rows"):
        assert (await client.get(path)).json() == {"one": 1}

    await relay.down()
    with caplog.at_level(logging.WARNING):
        for path in ("/api/orm", "/api/rows", "/api/orm", "/api/rows"):
            response = await client.get(path)
            assert response.status_code == 503, (path, response.text)
            assert response.headers["retry-after"] == "5"
            assert response.json()["error"]["code"] == "unavailable"
    # one warning per failed request (its access line), naming the cause, and no traceback anywhere
    lines = [r.getMessage() for r in caplog.records if r.name == "kit.http" and r.levelno >= logging.WARNING]
    assert len(lines) == 4, lines
    assert all("-> 503" in line and "(database unavailable: " in line for line in lines), lines
    assert not [r for r in caplog.records if r.exc_info and r.name in ("kit.http", "kit.errors", "uvicorn.error")]

    await relay.up()

    async def back() -> bool:
        answers = [await client.get(path) for path in ("/api/orm", "/api/rows")]
        assert all(a.status_code in (200, 503) for a in answers), [a.text for a in answers]
        return all(a.status_code == 200 for a in answers)

    await eventually(back, timeout=20)

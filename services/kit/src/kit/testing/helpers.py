from __future__ import annotations

import asyncio
import contextlib
import importlib
import re
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import httpx
import nats
import uvicorn
from fastapi import FastAPI
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
from sqlalchemy import event

from kit.bus import ensure_stream
from kit.db import asyncpg_dsn
from kit.events import STREAMS, Envelope, Event
from kit.migrations import migrations_dir, upgrade_to_head
from kit.principal import PRINCIPAL_HEADER, Principal, encode_principal
from kit.serving import DRAINING, HttpProtocol
from kit.settings import DEV_INTERNAL_SECRET, ServiceSettings

T = TypeVar("T")


@dataclass(frozen=True)
class ServiceSpec:
    """What kit.testing needs to know about the service under test. `ServiceSpec.of("organizations")` derives it
    from the package (its `config.Settings`, `app.create_app` and `migrations/`); the plugin's default
    `service_spec` fixture does so for the package whose tests run (`services/<package>/tests`)."""

    name: str
    settings_factory: Callable[..., ServiceSettings]
    app_factory: Callable[[Any], FastAPI]
    migrations_dir: Path
    package: str | None = None
    # Tables of the service's own worker loops: their statements are not counted by `count_queries`.
    background_tables: tuple[str, ...] = ()

    @classmethod
    def of(cls, package: str, *, background_tables: tuple[str, ...] = (), **settings: Any) -> ServiceSpec:
        """`settings` are the test defaults of the service's Settings (a test may still override them)."""
        settings_class = importlib.import_module(f"{package}.config").Settings
        return cls(
            name=package,
            settings_factory=lambda **overrides: settings_class(**(settings | overrides)),
            app_factory=importlib.import_module(f"{package}.app").create_app,
            migrations_dir=migrations_dir(package),
            package=package,
            background_tables=background_tables,
        )


# The kit's own background work (relay, consumers' bookkeeping, idempotency records).
KIT_TABLES = ("outbox_message", "processed_message", "idempotency_key")
# Loaded by a migration, never written by a test: kept between tests (the plugin truncates the rest).
REFERENCE_TABLES = frozenset({"place"})
COUNTED = ("SELECT", "INSERT", "UPDATE", "DELETE", "WITH")


@contextlib.contextmanager
def count_queries(app: FastAPI, background_tables: tuple[str, ...] = ()) -> Iterator[list[str]]:
    """`with count_queries(app) as queries:` collects the SQL statements (SELECT, INSERT, UPDATE, DELETE) the app
    sends while the block runs; the worker loops' statements, which run beside the requests, are left out."""
    background = re.compile(r"\b(" + "|".join(map(re.escape, KIT_TABLES + background_tables)) + r")\b")
    statements: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if statement.lstrip().upper().startswith(COUNTED) and not background.search(statement):
            statements.append(statement)

    engine = app.state.engine.sync_engine
    observers = app.state.rows.observers  # the hot reads on kit.rows, beside the sessions
    event.listen(engine, "before_cursor_execute", record)
    observers.append(seen := lambda statement: record(None, None, statement))
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", record)
        observers.remove(seen)


async def _on_server(server_url: str, statement: str) -> None:
    admin = await asyncpg.connect(asyncpg_dsn(server_url))
    try:
        await admin.execute(statement)
    finally:
        await admin.close()


async def create_database(server_url: str, name: str) -> str:
    """A new empty database on the server of `server_url` (any database URL of it); its URL."""
    await _on_server(server_url, f'CREATE DATABASE "{name}"')
    return server_url.rsplit("/", 1)[0] + f"/{name}"


async def drop_database(server_url: str, name: str) -> None:
    await _on_server(server_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextlib.asynccontextmanager
async def migrated_database(
    server_url: str, package: str | None, *, migrations: Path | None = None, name: str | None = None
) -> AsyncIterator[str]:
    """A fresh database of `package` at its migration head, dropped afterwards (the tests of a service, or another
    service's database its tests need: organizations' tests run identity on one). The kit's own tests pass their
    sample `migrations` and no package."""
    name = f"test_{name or package}_{uuid.uuid4().hex[:10]}"
    url = await create_database(server_url, name)
    try:
        found = migrations or migrations_dir(package or "")
        await upgrade_to_head(found, url, package=package)
        yield url
    finally:
        await drop_database(server_url, name)


def as_user(
    account_id: int,
    profile_id: int | None = None,
    *,
    profile_ids: tuple[int, ...] | None = None,
    admin: bool = False,
    secret: str = DEV_INTERNAL_SECRET,
) -> dict[str, str]:
    """Headers of a request as the gateway would forward it for this user."""
    pid = profile_id if profile_id is not None else account_id
    principal = Principal(
        account_id=account_id, profile_id=pid, profile_ids=profile_ids or (pid,), is_platform_admin=admin
    )
    return {PRINCIPAL_HEADER: encode_principal(principal, secret)}


async def eventually(check: Callable[[], Awaitable[T]], *, timeout: float = 10.0, interval: float = 0.05) -> T:
    """Retry an async check until it returns a truthy value (events travel asynchronously)."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while True:
        try:
            last = await check()
            if last:
                return last
        except AssertionError:
            if time.monotonic() > deadline:
                raise
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout}s (last value: {last!r})")
        await asyncio.sleep(interval)


async def collect_events(nats_url: str, subject: str, *, count: int, timeout: float = 10.0) -> list[Envelope]:
    """Read `count` events on `subject` from the start of its stream (an ephemeral consumer)."""
    nc = await nats.connect(nats_url)
    try:
        js = nc.jetstream()
        stream = STREAMS[subject.split(".", 1)[0]]
        deadline = time.monotonic() + timeout
        while True:
            try:
                await js.stream_info(stream)
                break
            except Exception:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.05)
        sub = await js.pull_subscribe(
            subject,
            stream=stream,
            config=ConsumerConfig(ack_policy=AckPolicy.NONE, deliver_policy=DeliverPolicy.ALL),
        )
        found: list[Envelope] = []
        while len(found) < count and time.monotonic() < deadline:
            try:
                msgs = await sub.fetch(count - len(found), timeout=max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                break
            found += [Envelope.from_json(m.data) for m in msgs]
        return found
    finally:
        await nc.close()


@contextlib.asynccontextmanager
async def serve_app(app: Any, port: int, host: str = "127.0.0.1") -> AsyncIterator[uvicorn.Server]:
    """Run an ASGI app on a real port inside the test's event loop (gateway tests talk HTTP to it)."""
    # proxy_headers off: like the deployed gateway, which decides itself whom to trust in X-Forwarded-For.
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        lifespan="on",
        access_log=False,
        proxy_headers=False,
        http=HttpProtocol,  # as deployed
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.02)
    try:
        yield server
    finally:
        server.should_exit = True
        await task
        # Its shutdown marked the process as draining (kit.serving); the test's other apps go on.
        DRAINING.reset()


async def publish(nats_url: str, event: Event | Envelope, *, msg_id: str | None = None) -> Envelope:
    """Publish an event as its owner's outbox relay would (JetStream, `Nats-Msg-Id` = the envelope id; another
    msg_id makes a second delivery of the same event). Tests of consumers and tools (seed_points) use it."""
    envelope = event if isinstance(event, Envelope) else Envelope.of(event)
    nc = await nats.connect(nats_url)
    try:
        js = nc.jetstream()
        await ensure_stream(js, envelope.type.split(".", 1)[0])
        await js.publish(envelope.type, envelope.to_json(), headers={"Nats-Msg-Id": msg_id or str(envelope.id)})
    finally:
        await nc.close()
    return envelope


@contextlib.asynccontextmanager
async def asgi_client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    """A client on `app` in process (its lifespan is the caller's); an unexpected exception answers 500 as it
    would served, instead of reaching the test."""
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        yield client


@contextlib.contextmanager
def memory_spans() -> Iterator[Any]:
    """Every span this process makes, kept in memory (an SDK provider with an InMemorySpanExporter) while inside;
    the API's no-op tracer again after (docs/decisions.md, Observability)."""
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from kit import tracing

    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    tracing.use(provider)
    try:
        yield exporter
    finally:
        tracing.use(None)


def metric_values(exposition: str) -> dict[str, float]:
    """A /metrics answer as {sample with its labels: value} (Prometheus text format; comments left out)."""
    values = {}
    for line in exposition.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            values[name] = float(value)
    return values

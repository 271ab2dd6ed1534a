"""Following one request (docs/decisions.md, Observability): one trace and one request id from the request through
a call to another service, the outbox, the relay's publish and a consumer; an access line per request; the gauges
of /metrics. Real PostgreSQL and NATS, a kit app with its lifespan."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any, ClassVar

import httpx
import orjson
import pytest
from asgi_lifespan import LifespanManager
from fastapi import APIRouter, FastAPI, Request
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from prometheus_client import generate_latest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from kit import outbox, outgoing, tracing
from kit.app import create_service_app
from kit.bus import Bus
from kit.consumers import ConsumerRunner, Handler
from kit.db import SessionDep
from kit.events import Envelope, Event
from kit.local import free_port
from kit.logs import JsonFormatter, request_id_var
from kit.settings import ServiceSettings
from kit.testing import eventually, memory_spans, metric_values, serve_app
from kit.workers import running

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
TRACEPARENT = f"00-{TRACE_ID}-00f067aa0ba902b7-01"


class ThingTraced(Event):
    type: ClassVar[str] = "kittest.thing.traced"

    n: int

    def topics(self) -> list[str]:
        return [f"thing:{self.n}"]


seen: list[dict[str, Any]] = []  # what the consumer saw, per event


async def note(session: AsyncSession, event: ThingTraced, envelope: Envelope) -> None:
    logging.getLogger("kittest.consumer").info("noted thing %d", event.n)
    seen.append({"requestId": request_id_var.get(), "envelope": envelope, "traceId": tracing.current_trace_id()})


async def hold(session: AsyncSession, event: ThingTraced, envelope: Envelope) -> None:
    if event.n == 99:
        await asyncio.sleep(3600)  # holds its consumer: what comes after waits (the pending gauge's test)


def _app(settings: ServiceSettings, **options: Any) -> FastAPI:
    router = APIRouter()

    @router.post("/api/things/{n}")
    async def write(n: int, session: SessionDep) -> dict[str, int]:
        await outbox.add(session, ThingTraced(n=n))
        return {"n": n}

    @router.get("/api/echo")
    async def echo(request: Request) -> dict[str, str | None]:
        return {"requestId": request_id_var.get(), "traceId": tracing.current_trace_id()}

    @router.get("/api/call")
    async def call(request: Request) -> Any:
        # another service's call, here to this same app: through the kit's outgoing client
        transport = httpx.ASGITransport(app=request.app)
        async with outgoing.client(transport=transport, base_url="http://other") as http:
            return (await http.get("/api/echo")).json()

    return create_service_app(
        settings,
        title="sample",
        routers=[router],
        handlers=[Handler("note", ThingTraced, note)],
        **options,
    )


@pytest.fixture
def spans() -> Iterator[InMemorySpanExporter]:
    with memory_spans() as exporter:
        yield exporter


@pytest.fixture
def settings(database_url: str, nats_url: str) -> ServiceSettings:
    return ServiceSettings(
        database_url=database_url,
        nats_url=nats_url,
        env="test",
        log_json=False,
        service_name="kittest",
        outbox_poll_seconds=0.2,
        db_pool_size=5,
    )


async def _client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with LifespanManager(app, startup_timeout=30, shutdown_timeout=30):
        await app.state.bus.wait_ready(timeout=10)
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client:
            yield client


@pytest.fixture
async def client(settings: ServiceSettings, clean_state: None) -> AsyncIterator[httpx.AsyncClient]:
    seen.clear()
    async for c in _client(_app(settings)):
        yield c


def _named(exporter: InMemorySpanExporter, name: str) -> ReadableSpan:
    found = [s for s in exporter.get_finished_spans() if s.name == name]
    assert found, [s.name for s in exporter.get_finished_spans()]
    return found[-1]


def _trace_id(span: ReadableSpan) -> str:
    assert span.context is not None
    return format(span.context.trace_id, "032x")


class TestOneTrace:
    async def test_a_write_its_outbox_event_the_publish_and_the_consumer_are_one_trace(
        self, client: httpx.AsyncClient, spans: InMemorySpanExporter
    ) -> None:
        answer = await client.post("/api/things/7", headers={"traceparent": TRACEPARENT, "x-request-id": "req-7"})
        assert answer.status_code == 200
        await eventually(lambda: _has_span(spans, "consume kittest.thing.traced"))

        server = _named(spans, "POST /api/things/{n}")
        publish = _named(spans, "publish kittest.thing.traced")
        consume = _named(spans, "consume kittest.thing.traced")
        assert {_trace_id(s) for s in (server, publish, consume)} == {TRACE_ID}
        # each the child of the one before: the request's span, stored with the row, then the NATS headers
        assert server.parent is not None and format(server.parent.span_id, "016x") == "00f067aa0ba902b7"
        assert publish.parent is not None and server.context is not None
        assert publish.parent.span_id == server.context.span_id
        assert consume.parent is not None and publish.context is not None
        assert consume.parent.span_id == publish.context.span_id
        assert seen[0]["traceId"] == TRACE_ID

    async def test_the_request_id_reaches_the_event_and_every_line_of_its_consumer(
        self, client: httpx.AsyncClient
    ) -> None:
        lines = io.StringIO()
        handler = logging.StreamHandler(lines)
        handler.setFormatter(JsonFormatter("kittest"))
        logging.getLogger("kittest.consumer").addHandler(handler)
        try:
            await client.post("/api/things/8", headers={"x-request-id": "req-8"})
            await eventually(lambda: _true(len(seen) == 1))
        finally:
            logging.getLogger("kittest.consumer").removeHandler(handler)
        assert seen[0]["envelope"].request_id == "req-8"
        assert seen[0]["requestId"] == "req-8"
        line = orjson.loads(lines.getvalue().splitlines()[0])
        assert (line["message"], line["requestId"]) == ("noted thing 8", "req-8")

    def test_an_envelope_without_a_request_id_still_validates(self) -> None:
        old = {"id": "6f1c2b5e-1d8a-4d9f-8a5e-3f1e2d3c4b5a", "type": "kittest.thing.traced", "source": "kittest"}
        assert Envelope.model_validate(old).request_id is None

    async def test_a_call_to_another_service_carries_the_request_id_and_the_trace(
        self, client: httpx.AsyncClient, spans: InMemorySpanExporter
    ) -> None:
        answer = await client.get("/api/call", headers={"traceparent": TRACEPARENT, "x-request-id": "req-9"})
        assert answer.json() == {"requestId": "req-9", "traceId": TRACE_ID}
        outgoing_span = _named(spans, "GET other")
        inner = _named(spans, "GET /api/echo")
        assert _trace_id(outgoing_span) == _trace_id(inner) == TRACE_ID
        assert inner.parent is not None and outgoing_span.context is not None
        assert inner.parent.span_id == outgoing_span.context.span_id


class TestExport:
    async def test_nothing_is_exported_unless_an_endpoint_is_configured(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for name in ("OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"):
            monkeypatch.delenv(name, raising=False)
        assert tracing.configure_tracing("kittest") is False
        assert tracing.current_trace_id() is None

    async def test_spans_go_to_the_configured_collector_over_otlp_http(self, monkeypatch: pytest.MonkeyPatch) -> None:
        received: list[tuple[str, str]] = []
        collector = FastAPI()

        @collector.post("/v1/traces")
        async def traces(request: Request) -> dict[str, str]:
            received.append((request.headers["content-type"], (await request.body()).decode("latin-1")))
            return {}

        port = free_port()
        monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", f"http://127.0.0.1:{port}")
        async with serve_app(collector, port):
            try:
                assert tracing.configure_tracing("kittest") is True
                with tracing.span("exported"):
                    pass
                provider = tracing._provider
                assert isinstance(provider, TracerProvider)
                await asyncio.to_thread(provider.force_flush)  # its exporter posts from a thread, not this loop
                provider.shutdown()
            finally:
                tracing.use(None)
        ((kind, body),) = received
        assert kind == "application/x-protobuf" and "exported" in body and "kittest" in body


class TestAccessLine:
    async def test_one_json_line_per_request_and_none_for_probes(self, client: httpx.AsyncClient) -> None:
        lines = io.StringIO()
        handler = logging.StreamHandler(lines)
        handler.setFormatter(JsonFormatter("kittest"))
        http_logger = logging.getLogger("kit.http")
        http_logger.addHandler(handler)
        try:
            await client.post("/api/things/3", headers={"x-request-id": "req-3", "traceparent": TRACEPARENT})
            for probe in ("/healthz", "/readyz", "/metrics"):
                await client.get(probe)
        finally:
            http_logger.removeHandler(handler)
        entries = [orjson.loads(line) for line in lines.getvalue().splitlines()]
        assert len(entries) == 1, entries
        entry = entries[0]
        assert entry["level"] == "info"
        assert (entry["method"], entry["route"], entry["status"]) == ("POST", "/api/things/{n}", 200)
        assert (entry["requestId"], entry["traceId"]) == ("req-3", TRACE_ID)
        assert isinstance(entry["durationMs"], float)


class TestGauges:
    async def test_metrics_show_the_outbox_the_pool_and_nats(
        self, settings: ServiceSettings, clean_state: None
    ) -> None:
        # the relay stopped: the event waits in the outbox
        app = _app(settings.model_copy(update={"run_workers": False}))
        async for client in _client(app):
            await client.post("/api/things/1")
            async with app.state.engine.connect() as held:
                await held.execute(text("SELECT 1"))
                values = metric_values((await client.get("/metrics")).text)
        assert values["outbox_pending"] == 1
        assert values["outbox_oldest_age_seconds"] > 0
        assert values["nats_connected"] == 1
        assert values["db_pool_in_use"] >= 1
        assert values["db_pool_waiting"] == 0

    async def test_nats_connected_is_0_while_the_bus_cannot_reach_nats(self, nats_url: str) -> None:
        down = Bus(f"nats://127.0.0.1:{free_port()}", name="kittest-down")  # nothing listens there
        down.start()
        try:
            await asyncio.sleep(0.2)
            assert metric_values(generate_latest().decode())["nats_connected"] == 0
        finally:
            await down.close()
        up = Bus(nats_url, name="kittest-up")
        up.start()
        try:
            await up.wait_ready(timeout=10)
            assert metric_values(generate_latest().decode())["nats_connected"] == 1
        finally:
            await up.close()

    async def test_consumer_pending_counts_what_a_durable_has_not_been_given(self, client: httpx.AsyncClient) -> None:
        app: FastAPI = client._transport.app  # type: ignore[attr-defined]
        # one message at a time, and the first one holds it
        runner = ConsumerRunner(
            "kittest",
            [Handler("held", ThingTraced, hold)],
            app.state.sessionmaker,
            app.state.bus,
            batch=1,
            pending_seconds=0.1,
        )
        async with running(runner.run()):
            for n in (99, 1, 2, 3):
                await client.post(f"/api/things/{n}")

            async def three_waiting() -> bool:
                text = (await client.get("/metrics")).text
                return metric_values(text).get('consumer_pending{consumer="kittest-held"}') == 3

            await eventually(three_waiting, timeout=15)


async def _has_span(exporter: InMemorySpanExporter, name: str) -> bool:
    return any(s.name == name for s in exporter.get_finished_spans())


async def _true(value: bool) -> bool:
    return value

"""Following one request through the gateway (docs/decisions.md, Observability): its trace and request id go to
the service, it leaves one access line, its metrics carry the route pattern; a live message continues the trace
of the write that caused it, and the live feed's gauges and delivery time show on /metrics."""

from __future__ import annotations

import io
import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

import nats
import orjson
import pytest
from fastapi import FastAPI, Request
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from test_live import frames, next_message

from kit.events import Envelope
from kit.local import free_port
from kit.logs import JsonFormatter
from kit.testing import eventually, memory_spans, metric_values, serve_app

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
TRACEPARENT = f"00-{TRACE_ID}-00f067aa0ba902b7-01"


@pytest.fixture
def spans() -> Iterator[InMemorySpanExporter]:
    with memory_spans() as exporter:
        yield exporter


@pytest.fixture
async def upstream() -> AsyncIterator[str]:
    """A stand-in for the organizations service that says which headers reached it."""
    app = FastAPI()

    @app.get("/api/orgs/{org_id}")
    async def echo(org_id: int, request: Request) -> dict[str, str | None]:
        return {name: request.headers.get(name) for name in ("traceparent", "x-request-id")}

    port = free_port()
    async with serve_app(app, port):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture
def access_lines() -> Iterator[io.StringIO]:
    lines = io.StringIO()
    handler = logging.StreamHandler(lines)
    handler.setFormatter(JsonFormatter("gateway"))
    log = logging.getLogger("gateway.http")
    log.addHandler(handler)
    yield lines
    log.removeHandler(handler)


class TestRequests:
    async def test_the_trace_and_the_request_id_reach_the_service(
        self, start_gateway: Any, upstream: str, spans: InMemorySpanExporter, access_lines: io.StringIO
    ) -> None:
        gw = await start_gateway(organizations_url=upstream)
        answer = await gw.client.get("/api/orgs/12", headers={"traceparent": TRACEPARENT, "x-request-id": "req-12"})
        assert answer.status_code == 200
        reached = answer.json()
        assert reached["x-request-id"] == "req-12"
        version, trace_id, parent_id, _ = reached["traceparent"].split("-")
        assert trace_id == TRACE_ID
        # the service's parent is the gateway's own span, itself the child of the client's
        (server,) = [s for s in spans.get_finished_spans() if s.name == "GET /api/orgs/**"]
        assert server.context is not None and format(server.context.span_id, "016x") == parent_id
        assert server.parent is not None and format(server.parent.span_id, "016x") == "00f067aa0ba902b7"

        await gw.client.get("/healthz")
        entries = [orjson.loads(line) for line in access_lines.getvalue().splitlines()]
        assert len(entries) == 1, entries  # probes leave none
        entry = entries[0]
        assert (entry["method"], entry["route"], entry["status"]) == ("GET", "/api/orgs/**", 200)
        assert (entry["requestId"], entry["traceId"]) == ("req-12", TRACE_ID)
        assert entry["durationMs"] >= 0

        metrics = (await gw.client.get("/metrics")).text
        assert 'gateway_requests_total{route="/api/orgs/**",service="organizations",status="200"}' in metrics
        assert 'gateway_upstream_seconds_count{route="/api/orgs/**",service="organizations"}' in metrics
        assert "/api/orgs/12" not in metrics

    async def test_without_tracing_the_clients_trace_context_still_goes_on(
        self, start_gateway: Any, upstream: str
    ) -> None:
        gw = await start_gateway(organizations_url=upstream)
        answer = await gw.client.get("/api/orgs/12", headers={"traceparent": TRACEPARENT})
        assert answer.json()["traceparent"] == TRACEPARENT


class TestLive:
    async def test_a_message_continues_its_trace_when_written_to_a_subscriber(
        self, gw: Any, nats_url: str, spans: InMemorySpanExporter
    ) -> None:
        before = metric_values((await gw.client.get("/metrics")).text)
        async with gw.client.stream("GET", "/api/live?topics=event:31") as response:
            stream = frames(response)
            assert (await next_message(stream))["event"] == "ready"
            during = metric_values((await gw.client.get("/metrics")).text)
            assert during["live_subscribers"] == before.get("live_subscribers", 0) + 1
            nc = await nats.connect(nats_url)
            try:
                envelope = Envelope(type="events.attendee.checked_in", source="events", topics=["event:31"])
                headers = {"Nats-Msg-Id": str(envelope.id), "traceparent": TRACEPARENT}
                await nc.jetstream().publish(envelope.type, envelope.to_json(), headers=headers)
            finally:
                await nc.close()
            assert Envelope.model_validate_json((await next_message(stream))["data"]).id == envelope.id

        fan_out = [s for s in spans.get_finished_spans() if s.name == "live fan-out"]
        assert fan_out and fan_out[-1].context is not None
        assert format(fan_out[-1].context.trace_id, "032x") == TRACE_ID
        assert fan_out[-1].attributes is not None and fan_out[-1].attributes["cypher.listeners"] == 1

        async def closed() -> bool:
            after = metric_values((await gw.client.get("/metrics")).text)
            return after["live_subscribers"] == before.get("live_subscribers", 0)

        await eventually(closed)
        after = metric_values((await gw.client.get("/metrics")).text)
        assert after["live_delivery_seconds_count"] == before.get("live_delivery_seconds_count", 0) + 1
        assert 0 <= after["live_delivery_seconds_sum"] - before.get("live_delivery_seconds_sum", 0) < 10

    async def test_a_replay_is_counted(self, gw: Any, nats_url: str) -> None:
        counted = 'live_replays_total{source="memory"}'  # the hub has kept what was missed
        before = metric_values((await gw.client.get("/metrics")).text).get(counted, 0)
        async with gw.client.stream("GET", "/api/live?topics=event:32") as response:
            ready = await next_message(frames(response))
        nc = await nats.connect(nats_url)
        try:
            envelope = Envelope(type="events.attendee.checked_in", source="events", topics=["event:32"])
            ack = await nc.jetstream().publish(envelope.type, envelope.to_json())
        finally:
            await nc.close()
        hub = gw.app.state.hub

        async def passed() -> bool:
            return bool(hub.positions.get("EVENTS", 0) >= ack.seq)

        await eventually(passed)
        async with gw.client.stream(
            "GET", "/api/live?topics=event:32", headers={"Last-Event-ID": ready["id"]}
        ) as response:
            await next_message(frames(response))
        assert metric_values((await gw.client.get("/metrics")).text)[counted] == before + 1

"""POST /api/client-errors: the SPA's error reports are accepted (204), counted, rate limited per address, refused
when malformed or too big, forwarded to a Sentry-compatible DSN when one is set (a local stand-in here: the tracker
is a third party), and listed at /dev/errors in development only."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp import web

from kit.local import free_port

REPORT = {
    "kind": "error",
    "message": "TypeError: Cannot read properties of undefined (reading 'name')",
    "stack": "TypeError: Cannot read properties…\n    at BattlePage (battle-page.tsx:12:3)",
    "url": "http://localhost:8080/battle/7",
    "release": "abc123",
}


def counted(text: str, kind: str) -> float:
    for line in text.splitlines():
        if line.startswith(f'client_errors_total{{kind="{kind}"}}'):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


class TestReports:
    async def test_a_report_is_accepted_and_counted(self, gw: Any) -> None:
        before = counted((await gw.client.get("/metrics")).text, "boundary")
        answer = await gw.client.post("/api/client-errors", json=REPORT | {"kind": "boundary"})
        assert answer.status_code == 204, answer.text
        assert counted((await gw.client.get("/metrics")).text, "boundary") == before + 1

    async def test_a_report_is_logged_as_one_json_line(self, gw: Any, caplog: pytest.LogCaptureFixture) -> None:
        import orjson

        from kit.logs import JsonFormatter

        with caplog.at_level("WARNING", logger="gateway.client_errors"):
            await gw.client.post("/api/client-errors", json=REPORT, headers={"user-agent": "Phone/1"})
        (record,) = [r for r in caplog.records if r.name == "gateway.client_errors"]
        line = JsonFormatter("gateway").format(record)
        assert "\n" not in line
        entry = orjson.loads(line)
        assert entry["clientError"]["stack"] == REPORT["stack"] and entry["userAgent"] == "Phone/1"

    @pytest.mark.parametrize(
        "body",
        [
            b"{}",
            b'{"kind": "error"}',
            b'{"kind": "crash", "message": "x"}',
            b'{"kind": "error", "message": ""}',
            b'{"kind": "error", "message": "' + b"x" * 2001 + b'"}',
            b"not json",
            b"[]",
        ],
    )
    async def test_a_malformed_report_is_400(self, gw: Any, body: bytes) -> None:
        answer = await gw.client.post("/api/client-errors", content=body, headers={"content-type": "application/json"})
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid"

    async def test_a_report_over_the_size_cap_is_413(self, gw: Any) -> None:
        answer = await gw.client.post("/api/client-errors", json=REPORT | {"stack": "x" * 20_000})
        assert answer.status_code == 413

    async def test_too_many_from_one_address_is_429(self, start_gateway: Any) -> None:
        gw = await start_gateway(client_errors_per_ip=3)
        statuses = [(await gw.client.post("/api/client-errors", json=REPORT)).status_code for _ in range(4)]
        assert statuses == [204, 204, 204, 429]
        refused = await gw.client.post("/api/client-errors", json=REPORT)
        assert int(refused.headers["retry-after"]) >= 1


@pytest.fixture
async def tracker() -> AsyncIterator[tuple[str, list[tuple[str, dict[str, str], bytes]]]]:
    """A stand-in for the error tracker's envelope endpoint: (the DSN, what it received)."""
    received: list[tuple[str, dict[str, str], bytes]] = []

    async def envelope(request: web.Request) -> web.Response:
        received.append((request.path, dict(request.headers), await request.read()))
        return web.json_response({"id": "ok"})

    app = web.Application()
    app.router.add_post("/api/42/envelope/", envelope)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        yield f"http://public-key@127.0.0.1:{port}/42", received
    finally:
        await runner.cleanup()


class TestForwarding:
    async def test_a_report_is_forwarded_to_the_dsn_as_an_envelope(self, start_gateway: Any, tracker: Any) -> None:
        import orjson

        dsn, received = tracker
        gw = await start_gateway(sentry_dsn=dsn)
        answer = await gw.client.post("/api/client-errors", json=REPORT, headers={"user-agent": "Phone/1"})
        assert answer.status_code == 204
        async with asyncio.timeout(5):
            while not received:  # noqa: ASYNC110 - forwarded after the answer
                await asyncio.sleep(0.02)
        path, headers, body = received[0]
        assert path == "/api/42/envelope/"
        assert "sentry_key=public-key" in headers["X-Sentry-Auth"]
        header, item_header, item = body.strip().split(b"\n")
        event = orjson.loads(item)
        assert orjson.loads(header)["event_id"] == event["event_id"]
        assert orjson.loads(item_header)["type"] == "event"
        assert event["exception"]["values"][0]["value"] == REPORT["message"]
        assert event["request"] == {"url": REPORT["url"], "headers": {"User-Agent": "Phone/1"}}
        assert event["release"] == "abc123" and event["tags"] == {"kind": "error"}

    async def test_without_a_dsn_nothing_is_forwarded(self, gw: Any, tracker: Any) -> None:
        _, received = tracker
        assert (await gw.client.post("/api/client-errors", json=REPORT)).status_code == 204
        await asyncio.sleep(0.3)
        assert received == []


class TestDevelopmentList:
    async def test_dev_errors_lists_the_reports_in_development(self, start_gateway: Any) -> None:
        gw = await start_gateway(dev_errors=True)
        await gw.client.post("/api/client-errors", json=REPORT)
        await gw.client.post("/api/client-errors", json=REPORT | {"kind": "rejection", "message": "later"})
        listed = (await gw.client.get("/dev/errors")).json()
        assert [(r["kind"], r["message"]) for r in listed] == [("rejection", "later"), ("error", REPORT["message"])]
        page = await gw.client.get("/dev/errors", headers={"accept": "text/html"})
        assert "BattlePage" in page.text and page.headers["content-type"].startswith("text/html")

    async def test_dev_errors_is_404_in_production_and_by_default(self, start_gateway: Any) -> None:
        from kit.settings import DEV_INTERNAL_SECRET

        default = await start_gateway()
        assert (await default.client.get("/dev/errors")).status_code == 404
        production = await start_gateway(
            dev_errors=True, env="production", internal_token_secret="a-real-secret-" + DEV_INTERNAL_SECRET[::-1]
        )
        assert (await production.client.get("/dev/errors")).status_code == 404

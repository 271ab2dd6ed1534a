"""The live feed: topics filter, user topics need their owner, a reconnect with Last-Event-ID replays."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import httpx
import nats
import pytest

from kit.events import Envelope


async def publish(nats_url: str, type: str, topics: list[str], data: dict[str, Any]) -> None:
    nc = await nats.connect(nats_url)
    try:
        js = nc.jetstream()
        envelope = Envelope(type=type, source=type.split(".")[0], topics=topics, data=data)
        await js.publish(type, envelope.to_json(), headers={"Nats-Msg-Id": str(envelope.id)})
    finally:
        await nc.close()


async def frames(response: httpx.Response) -> AsyncIterator[dict[str, str]]:
    """Parse SSE frames (id, event, data) from a streaming response."""
    frame: dict[str, str] = {}
    async for line in response.aiter_lines():
        if not line:
            if frame:
                yield frame
            frame = {}
            continue
        if line.startswith(":"):
            continue
        key, _, value = line.partition(": ")
        frame[key] = value


async def next_message(stream: AsyncIterator[dict[str, str]], timeout: float = 10) -> dict[str, str]:
    async def _next() -> dict[str, str]:
        async for frame in stream:
            if frame.get("event") in ("message", "ready"):
                return frame
        raise AssertionError("stream ended")

    return await asyncio.wait_for(_next(), timeout)


@pytest.fixture
async def account(signup: Any) -> dict[str, Any]:
    return await signup("live@example.com")  # type: ignore[no-any-return]


class TestLive:
    async def test_delivers_matching_topics_only(self, gw: Any, nats_url: str) -> None:
        async with gw.client.stream("GET", "/api/live?topics=event:12") as response:
            assert response.headers["content-type"].startswith("text/event-stream")
            stream = frames(response)
            assert (await next_message(stream))["event"] == "ready"
            await publish(nats_url, "events.attendee.checked_in", ["event:99"], {"n": 1})
            await publish(nats_url, "events.attendee.checked_in", ["event:12"], {"n": 2})
            message = await next_message(stream)
            assert Envelope.model_validate_json(message["data"]).data == {"n": 2}
            assert message["id"].startswith("EVENTS:") or "EVENTS:" in message["id"]

    async def test_user_topic_needs_its_owner(self, gw: Any, account: dict[str, Any], signup: Any) -> None:
        profile = account["user"]["id"]
        guest = await gw.client.get(f"/api/live?topics=user:{profile}")
        assert guest.status_code == 401
        stranger = await signup("stranger@example.com")
        forbidden = await gw.client.get(
            f"/api/live?topics=user:{profile}", headers={"X-Auth-Token": stranger["accessToken"]}
        )
        assert forbidden.status_code == 403
        assert (await gw.client.get("/api/live?topics=nonsense:1")).status_code == 403
        assert (await gw.client.get("/api/live")).status_code == 400

    async def test_owner_receives_own_user_topic(self, gw: Any, account: dict[str, Any], nats_url: str) -> None:
        profile = account["user"]["id"]
        headers = {"X-Auth-Token": account["accessToken"]}
        async with gw.client.stream("GET", f"/api/live?topics=user:{profile}", headers=headers) as response:
            stream = frames(response)
            await next_message(stream)
            await publish(nats_url, "identity.notification.created", [f"user:{profile}"], {"count": 1})
            # identity itself may speak on this topic first (the welcome notification): wait for ours
            for _ in range(5):
                if Envelope.model_validate_json((await next_message(stream))["data"]).data == {"count": 1}:
                    break
            else:
                raise AssertionError("the published notification never arrived")

    async def test_reconnect_with_last_event_id_replays_what_was_missed(self, gw: Any, nats_url: str) -> None:
        async with gw.client.stream("GET", "/api/live?topics=battle:7") as response:
            stream = frames(response)
            ready = await next_message(stream)
            await publish(nats_url, "battles.sparring.scored", ["battle:7"], {"n": 1})
            seen = await next_message(stream)
        # offline: two more for us, one for someone else
        await publish(nats_url, "battles.sparring.scored", ["battle:7"], {"n": 2})
        await publish(nats_url, "battles.sparring.scored", ["battle:8"], {"n": 99})
        await publish(nats_url, "battles.winners.set", ["battle:7"], {"n": 3})
        assert ready["id"] != seen["id"]
        async with gw.client.stream(
            "GET", "/api/live?topics=battle:7", headers={"Last-Event-ID": seen["id"]}
        ) as response:
            stream = frames(response)
            replayed = [Envelope.model_validate_json((await next_message(stream))["data"]).data for _ in range(2)]
            assert replayed == [{"n": 2}, {"n": 3}]
            assert (await next_message(stream))["event"] == "ready"

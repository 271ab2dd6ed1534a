"""The live feed: topics filter, user topics need their owner, a reconnect with Last-Event-ID replays."""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from collections.abc import AsyncIterator
from typing import Any

import httpx
import nats
import pytest

from gateway.live import DRAIN_RETRY_MS, QUEUE_LIMIT, WRITE_BUFFER_LIMIT, Listener, LiveEvent, LiveHub, parse_position
from kit.bus import Bus
from kit.events import STREAMS, Envelope


async def publish(nats_url: str, type: str, topics: list[str], data: dict[str, Any]) -> int:
    """Publish an envelope; its sequence in its stream."""
    nc = await nats.connect(nats_url)
    try:
        js = nc.jetstream()
        envelope = Envelope(type=type, source=type.split(".")[0], topics=topics, data=data)
        ack = await js.publish(type, envelope.to_json(), headers={"Nats-Msg-Id": str(envelope.id)})
        return ack.seq
    finally:
        await nc.close()


async def hub_passes(gw: Any, stream: str, seq: int) -> None:
    """Until the gateway's hub has dispatched `seq` of `stream`. A client reconnecting after that is replayed what it
    missed before `ready`; on a loaded machine the hub may still lag, and the messages would then come live after
    `ready` (as test_owner_receives_own_user_topic has them), which a replay test does not mean to check."""
    hub: LiveHub = gw.app.state.hub
    for _ in range(200):
        if hub.positions.get(stream, 0) >= seq:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"the hub never passed {stream}:{seq}")


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
        await hub_passes(gw, "BATTLES", await publish(nats_url, "battles.winners.set", ["battle:7"], {"n": 3}))
        assert ready["id"] != seen["id"]
        async with gw.client.stream(
            "GET", "/api/live?topics=battle:7", headers={"Last-Event-ID": seen["id"]}
        ) as response:
            stream = frames(response)
            replayed = [Envelope.model_validate_json((await next_message(stream))["data"]).data for _ in range(2)]
            assert replayed == [{"n": 2}, {"n": 3}]
            resumed = await next_message(stream)
            # nothing missed is missing: the client's screens need not read again
            assert resumed["event"] == "ready" and json.loads(resumed["data"]) == {"resumed": True}
        assert json.loads(ready["data"]) == {"resumed": False}  # a first connection: its screens read

    async def test_a_reconnect_beyond_what_the_hub_keeps_is_replayed_from_jetstream(
        self, gw: Any, nats_url: str
    ) -> None:
        """What the hub keeps in memory replays a reconnect (thousands at once cost no consumer each); a client
        further behind is replayed from the stream, in order, nothing lost."""
        async with gw.client.stream("GET", "/api/live?topics=battle:7") as response:
            ready = await next_message(frames(response))
        for n in (1, 2):
            await publish(nats_url, "battles.sparring.scored", ["battle:7"], {"n": n})
        await hub_passes(gw, "BATTLES", await publish(nats_url, "battles.winners.set", ["battle:7"], {"n": 3}))
        hub = gw.app.state.hub
        assert [e.seq for e in hub.recent_between("BATTLES", position_of(ready, "BATTLES"), 10**9) or []]
        hub._recent["BATTLES"] = deque(list(hub._recent["BATTLES"])[-2:], maxlen=2)  # the first one forgotten
        assert hub.recent_between("BATTLES", position_of(ready, "BATTLES"), 10**9) is None
        async with gw.client.stream(
            "GET", "/api/live?topics=battle:7", headers={"Last-Event-ID": ready["id"]}
        ) as response:
            stream = frames(response)
            replayed = [Envelope.model_validate_json((await next_message(stream))["data"]).data for _ in range(3)]
            assert replayed == [{"n": 1}, {"n": 2}, {"n": 3}]
            assert json.loads((await next_message(stream))["data"]) == {"resumed": True}

    async def test_a_replay_the_stream_no_longer_holds_says_so(self, gw: Any, nats_url: str) -> None:
        """A message gone from the stream (its limits) cannot be replayed: `ready` says the client was not
        resumed, so its screens read again instead of missing it."""
        async with gw.client.stream("GET", "/api/live?topics=battle:7") as response:
            ready = await next_message(frames(response))
        gone = await publish(nats_url, "battles.sparring.scored", ["battle:7"], {"n": 1})
        await hub_passes(gw, "BATTLES", await publish(nats_url, "battles.winners.set", ["battle:7"], {"n": 2}))
        nc = await nats.connect(nats_url)
        try:
            await nc.jetstream().delete_msg("BATTLES", gone)
        finally:
            await nc.close()
        gw.app.state.hub._recent.pop("BATTLES")  # not kept in memory either
        async with gw.client.stream(
            "GET", "/api/live?topics=battle:7", headers={"Last-Event-ID": ready["id"]}
        ) as response:
            stream = frames(response)
            assert Envelope.model_validate_json((await next_message(stream))["data"]).data == {"n": 2}
            assert json.loads((await next_message(stream))["data"]) == {"resumed": False}


def position_of(frame: dict[str, str], stream: str) -> int:
    return parse_position(frame["id"]).get(stream, 0)


class TestVenueScale:
    async def test_carpet_topics_are_public(self, gw: Any, nats_url: str) -> None:
        async with gw.client.stream("GET", "/api/live?topics=carpet:3") as response:
            assert response.status_code == 200
            stream = frames(response)
            await next_message(stream)
            await publish(nats_url, "battles.scoreboard.changed", ["carpet:3", "event:1"], {"n": 1})
            assert Envelope.model_validate_json((await next_message(stream))["data"]).data == {"n": 1}

    async def test_messages_around_ready_are_neither_lost_nor_doubled(self, gw: Any, nats_url: str) -> None:
        """A client opens while a judge keeps scoring: after `ready` it gets every message after ready's
        position, each once, in order, and each frame's id is that message's position."""
        started = asyncio.Event()

        async def judge() -> None:
            for n in range(1, 41):
                await publish(nats_url, "events.attendee.checked_in", ["event:31"], {"n": n})
                if n == 5:
                    started.set()

        scoring = asyncio.create_task(judge())
        await started.wait()
        async with gw.client.stream("GET", "/api/live?topics=event:31") as response:
            stream = frames(response)
            ready = await next_message(stream)
            assert ready["event"] == "ready"
            await scoring
            received = []
            while not received or received[-1] != 40:
                message = await next_message(stream)
                received.append(Envelope.model_validate_json(message["data"]).data["n"])
                assert position_of(message, "EVENTS") == position_of(ready, "EVENTS") + len(received)
        # The first message is the one after ready's position, wherever the hub had read to when the client came
        # (under load it may not have read the 5th yet): none before it is replayed, none after it is lost.
        assert received == list(range(received[0], 41))
        assert 1 <= received[0] <= 40

    async def test_reconnect_gets_exactly_what_it_missed(self, gw: Any, nats_url: str) -> None:
        async with gw.client.stream("GET", "/api/live?topics=sparring:5") as response:
            stream = frames(response)
            await next_message(stream)
            await publish(nats_url, "battles.sparring.scored", ["sparring:5"], {"n": 1})
            seen = await next_message(stream)
        await publish(nats_url, "battles.sparring.scored", ["sparring:5", "battle:2"], {"n": 2})
        await publish(nats_url, "events.attendee.checked_in", ["sparring:6"], {"n": 98})
        await publish(nats_url, "battles.sparring.scored", ["sparring:6"], {"n": 99})
        await hub_passes(gw, "BATTLES", await publish(nats_url, "battles.sparring.scored", ["sparring:5"], {"n": 3}))
        async with gw.client.stream(
            "GET", "/api/live?topics=sparring:5", headers={"Last-Event-ID": seen["id"]}
        ) as response:
            stream = frames(response)
            replayed = [await next_message(stream) for _ in range(2)]
            assert [Envelope.model_validate_json(f["data"]).data for f in replayed] == [{"n": 2}, {"n": 3}]
            # each replayed frame's id is where the client stands after it: a drop mid-replay resumes there
            assert position_of(replayed[0], "BATTLES") == position_of(seen, "BATTLES") + 1
            assert position_of(replayed[1], "BATTLES") == position_of(seen, "BATTLES") + 3
            ready = await next_message(stream)
            assert ready["event"] == "ready"
            await publish(nats_url, "battles.sparring.scored", ["sparring:5"], {"n": 4})
            live = await next_message(stream)
            assert Envelope.model_validate_json(live["data"]).data == {"n": 4}
            assert position_of(live, "BATTLES") == position_of(ready, "BATTLES") + 1


def hub_event(seq: int, *topics: str) -> LiveEvent:
    return LiveEvent("BATTLES", seq, topics, b'{"n":%d}' % seq)


class TestDirectWrites:
    async def test_a_live_client_is_written_directly_and_unregistered_when_it_leaves(
        self, gw: Any, nats_url: str
    ) -> None:
        hub: LiveHub = gw.app.state.hub
        async with gw.client.stream("GET", "/api/live?topics=sparring:77") as response:
            stream = frames(response)
            await next_message(stream)
            (listener,) = hub.by_topic["sparring:77"]
            assert listener.transport is not None
            await publish(nats_url, "battles.sparring.scored", ["sparring:77"], {"n": 1})
            assert Envelope.model_validate_json((await next_message(stream))["data"]).data == {"n": 1}
        async with asyncio.timeout(5):
            while "sparring:77" in hub.by_topic:  # noqa: ASYNC110 - the server hears the disconnect in its turn
                await asyncio.sleep(0.02)

    async def test_a_stopping_gateway_ends_the_streams(self, gw: Any) -> None:
        async with gw.client.stream("GET", "/api/live?topics=carpet:8") as response:
            stream = frames(response)
            await next_message(stream)
            await gw.app.state.hub.stop()
            async with asyncio.timeout(5):
                assert [frame async for frame in stream] == []


class TestShuttingDown:
    async def test_sigterm_ends_an_open_stream_with_a_jittered_retry_at_once(
        self, gateway_settings: Any, streams: None
    ) -> None:
        """uvicorn as deployed; `should_exit` is what its SIGTERM handler sets. Without the hub's drain, uvicorn
        waits on the stream until the pod is killed."""
        from gateway.app import create_app
        from kit.local import free_port
        from kit.testing import serve_app

        port = free_port()
        app = create_app(gateway_settings())
        async with serve_app(app, port) as server, httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as client:
            async with client.stream("GET", "/api/live?topics=carpet:8") as response:
                lines = response.aiter_lines()
                async with asyncio.timeout(10):
                    async for line in lines:
                        if line == "event: ready":
                            break
                started = time.monotonic()
                server.should_exit = True
                async with asyncio.timeout(2):
                    rest = [line async for line in lines]
                assert time.monotonic() - started < 2
            retries = [int(line.removeprefix("retry: ")) for line in rest if line.startswith("retry: ")]
            assert len(retries) == 1 and DRAIN_RETRY_MS[0] <= retries[0] <= DRAIN_RETRY_MS[1], rest

    def test_each_stream_gets_its_own_delay(self) -> None:
        hub = LiveHub(Bus("nats://127.0.0.1:1", name="test"))
        listeners = [Listener(frozenset({f"event:{n}"})) for n in range(50)]
        for listener in listeners:
            hub.add(listener)
        hub.drain()
        assert all(listener.closed for listener in listeners)
        assert len({listener.farewell for listener in listeners}) > 10


class FullConnection:
    """A connection whose client stopped reading: the kernel's buffer is full, the transport's grows."""

    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return WRITE_BUFFER_LIMIT + 1


class TestHub:
    def test_a_listener_gets_the_messages_of_its_topics_once(self) -> None:
        hub = LiveHub(Bus("nats://127.0.0.1:1", name="test"))
        both, other = Listener(frozenset({"sparring:1", "carpet:2"})), Listener(frozenset({"sparring:9"}))
        hub.add(both)
        hub.add(other)
        hub.dispatch(hub_event(1, "sparring:1", "carpet:2", "battle:3"))
        hub.dispatch(hub_event(2, "battle:3"))
        assert both.frames == [b'id: BATTLES:1\nevent: message\ndata: {"n":1}\n\n']
        assert other.frames == []
        assert hub.positions == {"BATTLES": 2}

    def test_one_frame_for_every_listener_and_a_new_one_starts_at_the_hubs_position(self) -> None:
        hub = LiveHub(Bus("nats://127.0.0.1:1", name="test"))
        first, second = Listener(frozenset({"sparring:1"})), Listener(frozenset({"sparring:1"}))
        assert hub.add(first) == {}
        hub.dispatch(hub_event(7, "sparring:1"))
        assert hub.add(second) == {"BATTLES": 7}
        hub.dispatch(hub_event(8, "sparring:1"))
        assert first.frames[1] is second.frames[0]
        assert second.frames[0].startswith(b"id: BATTLES:8\n")

    def test_a_live_client_gets_each_frame_as_one_http_chunk_and_is_dropped_when_it_stops_reading(self) -> None:
        hub = LiveHub(Bus("nats://127.0.0.1:1", name="test"))
        reading, stuck = Listener(frozenset({"sparring:1"})), Listener(frozenset({"sparring:1"}))
        connection, full = FullConnection(), FullConnection()
        connection.get_write_buffer_size = lambda: 0  # type: ignore[method-assign]
        reading.transport, stuck.transport = connection, full
        hub.add(reading)
        hub.add(stuck)
        hub.dispatch(hub_event(1, "sparring:1"))
        frame = b'id: BATTLES:1\nevent: message\ndata: {"n":1}\n\n'
        assert connection.written == [b"%x\r\n%b\r\n" % (len(frame), frame)]
        assert full.written == []
        assert stuck.closed and full.aborted
        assert not reading.closed and not connection.aborted
        assert hub.by_topic == {"sparring:1": {reading}}

    def test_a_client_that_cannot_keep_up_is_dropped(self) -> None:
        hub = LiveHub(Bus("nats://127.0.0.1:1", name="test"))
        slow = Listener(frozenset({"sparring:1"}))
        hub.add(slow)
        for seq in range(1, QUEUE_LIMIT + 2):
            hub.dispatch(hub_event(seq, "sparring:1"))
        assert slow.closed
        assert hub.by_topic == {}
        assert asyncio.run(slow.take()) is None


class TestOpening:
    async def test_a_stream_that_does_not_exist_delays_only_the_first_seconds(
        self, nats_url: str, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A service not deployed (its stream never created) must not hold every phone's `ready` back."""
        monkeypatch.setitem(STREAMS, "ghost", "GHOST")
        bus = Bus(nats_url, name="test-live")
        bus.start()
        hub = LiveHub(bus)
        hub.start()

        async def ready_after() -> float:
            ready = asyncio.Event()

            async def send(message: dict[str, Any]) -> None:
                if b"event: ready" in message.get("body", b""):
                    ready.set()

            async def receive() -> dict[str, Any]:
                await asyncio.Event().wait()
                return {"type": "http.disconnect"}

            started = time.monotonic()
            serving = asyncio.create_task(hub.serve(["event:1"], None, receive, send))
            try:
                await asyncio.wait_for(ready.wait(), 10)
                return time.monotonic() - started
            finally:
                serving.cancel()

        try:
            await ready_after()  # the grace after start
            assert await ready_after() < 0.5
        finally:
            await hub.stop()
            await bus.close()

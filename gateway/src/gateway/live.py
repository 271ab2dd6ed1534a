"""GET /api/live?topics=a,b: domain events as Server-Sent Events.

One ordered JetStream consumer per stream feeds an in-memory hub; each client gets the envelopes whose
topics it follows. The SSE id is a position in every stream ("IDENTITY:12,EVENTS:45"), so a tablet that
reconnects with Last-Event-ID is replayed what it missed, then continues live.

Built for a venue (docs/decisions.md, "Competition: the live feed at venue scale"): the hub keeps its
own position per stream, so opening a subscription costs no NATS round trip unless there is something to replay;
listeners are indexed by topic; each message's SSE frame is built once, with the hub's positions after it as its
id (the same for every listener, all of them in sync with the hub once live), and once a client is live the hub
writes it, as one HTTP chunk built once, straight to the client's connection."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

import orjson
from nats.aio.msg import Msg
from nats.js import JetStreamContext
from nats.js.api import ConsumerConfig, DeliverPolicy
from starlette.types import Receive, Send

from gateway.metrics import LIVE_DELIVERY_SECONDS, LIVE_REPLAYS, LIVE_SUBSCRIBERS
from kit import tracing
from kit.bus import Bus
from kit.events import STREAMS

logger = logging.getLogger("gateway.live")

HEARTBEAT_SECONDS = 15.0
# The recent messages kept per stream: a client reconnecting with Last-Event-ID within them (a dropped Wi-Fi, the
# phones of a stopped replica, thousands at once) is replayed from memory, not with a JetStream consumer each.
RECENT_EVENTS = 5000
QUEUE_LIMIT = 1000  # frames waiting for one client; past it the client is dropped (it reconnects and is replayed)
WRITE_BUFFER_LIMIT = 1 << 20  # bytes a live client's connection may hold unsent before it is dropped the same way
FOLLOWERS_GRACE_SECONDS = 2.0
PUBLIC_PREFIXES = ("event:", "battle:", "sparring:", "carpet:", "org:", "studio:")
PING = b": ping\n\n"
RETRY = b"retry: 2000\n\n"
# When the gateway shuts down, each stream ends telling its client to come back after a delay of its own in this
# range (ms): thousands of phones must not reconnect to the other replicas in the same millisecond, and each must
# show the newest again within 5 s of the stop (docs/decisions.md, "Shutting down"): back by 4 s, a second to read.
DRAIN_RETRY_MS = (1000, 4000)
HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache"),
    (b"x-accel-buffering", b"no"),
]


@dataclass(frozen=True, slots=True)
class LiveEvent:
    stream: str
    seq: int
    topics: tuple[str, ...]
    data: bytes  # the envelope as published
    occurred_at: str | None = None  # the envelope's occurredAt: the start of live_delivery_seconds
    headers: dict[str, str] | None = None  # the message's, with the trace context the relay gave it


class Listener:
    """One open subscription. While it catches up (the replay), its frames wait in `frames` for its own task;
    once live on a connection that can be written directly, the hub writes each frame to the transport itself."""

    __slots__ = ("closed", "farewell", "frames", "topics", "transport", "waiter")

    def __init__(self, topics: frozenset[str]) -> None:
        self.topics = topics
        self.frames: list[bytes] = []
        self.waiter: asyncio.Future[None] | None = None
        self.closed = False
        self.transport: Connection | None = None
        self.farewell = b""  # the last frame before the stream ends (a shutting-down gateway's `retry:`)

    def push(self, frame: bytes, chunk: bytes) -> bool:
        """Hand on a frame (`chunk`: the same as an HTTP/1.1 chunk); False when the client cannot keep up."""
        transport = self.transport
        if transport is not None:
            if transport.is_closing():
                return True  # gone: its task hears the disconnect and unregisters it
            if transport.get_write_buffer_size() > WRITE_BUFFER_LIMIT:
                return False
            transport.write(chunk)
            return True
        if len(self.frames) >= QUEUE_LIMIT:
            return False
        self.frames.append(frame)
        self._wake()
        return True

    def close(self) -> None:
        self.closed = True
        self._wake()

    def end(self, farewell: bytes) -> None:
        """Close, the stream ending with `farewell` after what it was sent so far."""
        self.farewell = farewell
        self.close()

    def drop(self) -> None:
        """Close, and cut a live connection at once: what it holds unsent would never be read."""
        if self.transport is not None:
            self.transport.abort()
        self.close()

    def _wake(self) -> None:
        waiter = self.waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def take(self) -> bytes | None:
        """Everything queued, as one write; None once closed."""
        while not self.frames and not self.closed:
            await self.wait()
        if self.closed:
            return None
        frames, self.frames = self.frames, []
        return frames[0] if len(frames) == 1 else b"".join(frames)

    async def wait(self) -> None:
        self.waiter = asyncio.get_running_loop().create_future()
        try:
            await self.waiter
        finally:
            self.waiter = None


def parse_position(value: str | None) -> dict[str, int]:
    positions: dict[str, int] = {}
    for part in (value or "").split(","):
        stream, _, seq = part.strip().partition(":")
        if stream in STREAMS.values() and seq.isdigit():
            positions[stream] = int(seq)
    return positions


def format_position(positions: dict[str, int]) -> str:
    return ",".join(f"{s}:{n}" for s, n in sorted(positions.items()))


def allowed_topics(requested: list[str], profile_ids: tuple[int, ...]) -> list[str] | None:
    """Public topics for anyone; `user:<id>` only for the signed-in owner of that profile. None: refused."""
    topics = []
    for topic in requested:
        if topic.startswith("user:"):
            owner = topic[5:]
            if not owner.isdigit() or int(owner) not in profile_ids:
                return None
        elif not topic.startswith(PUBLIC_PREFIXES):
            return None
        topics.append(topic)
    return topics


def message_frame(positions: dict[str, int], data: bytes) -> bytes:
    return b"id: " + format_position(positions).encode() + b"\nevent: message\ndata: " + data + b"\n\n"


def farewell_frame() -> bytes:
    return b"retry: %d\n\n" % random.randint(*DRAIN_RETRY_MS)


def ready_frame(positions: dict[str, int], resumed: bool = False) -> bytes:
    """`resumed`: the client's Last-Event-ID was followed by everything it missed (a reconnect with no gap: its
    screens need not read again)."""
    data = b'{"resumed":true}' if resumed else b'{"resumed":false}'
    return b"id: " + format_position(positions).encode() + b"\nevent: ready\ndata: " + data + b"\n\n"


def _event_of(stream: str, msg: Msg) -> tuple[LiveEvent, dict[str, Any]] | None:
    try:
        envelope = orjson.loads(msg.data)
        topics = envelope.get("topics") or []
    except (orjson.JSONDecodeError, AttributeError):
        return None
    seq = msg.metadata.sequence.stream if msg.metadata else 0
    occurred = envelope.get("occurredAt")
    event = LiveEvent(
        stream, seq, tuple(topics), msg.data, occurred if isinstance(occurred, str) else None, msg.headers
    )
    return event, envelope


def _seconds_since(occurred_at: str | None) -> float | None:
    if occurred_at is None:
        return None
    try:
        return time.time() - datetime.fromisoformat(occurred_at).timestamp()
    except ValueError:
        return None


class LiveHub:
    def __init__(self, bus: Bus):
        self.bus = bus
        # The last sequence dispatched per followed stream: a new listener starts here, and every message after
        # it reaches the listener through dispatch (one event loop: registering and reading these are one step).
        self.positions: dict[str, int] = {}
        self.by_topic: dict[str, set[Listener]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._following = {stream: asyncio.Event() for stream in STREAMS.values()}
        self._settled = asyncio.Event()  # every follower started, or the grace after start is over
        self._watchers: dict[str, list[Callable[[dict[str, Any]], None]]] = {}
        # per stream: the recent messages dispatched, and the first sequence from which none is missing
        self._recent: dict[str, deque[LiveEvent]] = {}
        self._recent_from: dict[str, int] = {}
        self.draining = False

    @property
    def listeners(self) -> set[Listener]:
        return {listener for group in self.by_topic.values() for listener in group}

    def on(self, event_type: str, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call back with each event of this type's data (the gateway's own reactions, e.g. cache purges)."""
        self._watchers.setdefault(event_type, []).append(callback)

    def start(self) -> None:
        for prefix, stream in STREAMS.items():
            self._tasks.append(asyncio.create_task(self._follow(prefix, stream), name=f"live-{stream}"))
        self._tasks.append(asyncio.create_task(self._heartbeat(), name="live-heartbeat"))
        self._tasks.append(asyncio.create_task(self._settle(), name="live-settle"))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for listener in self.listeners:
            listener.close()

    def drain(self) -> None:
        """The server is shutting down: every stream ends now with a jittered `retry:` (docs/decisions.md,
        "Readiness and shutting down"), and one opened from here on ends as soon as it is ready."""
        self.draining = True
        for listener in self.listeners:
            listener.end(farewell_frame())

    def add(self, listener: Listener) -> dict[str, int]:
        """Register the listener; answers the positions it is in sync with from now on."""
        for topic in listener.topics:
            self.by_topic.setdefault(topic, set()).add(listener)
        return dict(self.positions)

    def remove(self, listener: Listener) -> None:
        for topic in listener.topics:
            group = self.by_topic.get(topic)
            if group is not None:
                group.discard(listener)
                if not group:
                    del self.by_topic[topic]

    async def _follow(self, prefix: str, stream: str) -> None:
        delay = 0.5
        while True:
            try:
                js = await self.bus.wait_ready()
                # The owning service creates the stream; until then, wait. Once followed, a restart resumes after
                # the last message dispatched (or from the stream's end, should the stream have been recreated).
                last = (await js.stream_info(stream)).state.last_seq
                start = min(self.positions.get(stream, last), last)
                if self.positions.get(stream) != start:  # new, or the stream recreated: nothing recent to replay
                    self._recent[stream] = deque(maxlen=RECENT_EVENTS)
                    self._recent_from[stream] = start + 1
                sub = await js.subscribe(
                    f"{prefix}.>",
                    stream=stream,
                    ordered_consumer=True,
                    config=ConsumerConfig(deliver_policy=DeliverPolicy.BY_START_SEQUENCE, opt_start_seq=start + 1),
                )
                self.positions[stream] = start
                self._following[stream].set()
                delay = 0.5
                async for msg in sub.messages:
                    parsed = _event_of(stream, msg)
                    if parsed is None:
                        if msg.metadata:
                            self.positions[stream] = msg.metadata.sequence.stream
                        continue
                    event, envelope = parsed
                    self.dispatch(event)
                    for callback in self._watchers.get(envelope.get("type", ""), ()):
                        callback(envelope.get("data") or {})
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._following[stream].clear()
                logger.debug("live feed of %s not available yet: %s", stream, exc)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10.0)

    def dispatch(self, event: LiveEvent) -> None:
        """Advance the hub's position and hand the message's one frame to every listener of its topics."""
        self.positions[event.stream] = event.seq
        recent = self._recent.get(event.stream)
        if recent is not None:
            recent.append(event)
        if len(event.topics) == 1:
            targets: set[Listener] = self.by_topic.get(event.topics[0], set())
        else:
            targets = set()
            for topic in event.topics:
                group = self.by_topic.get(topic)
                if group:
                    targets |= group
        if not targets:
            return
        # The fan-out continues the trace of the write that caused the event (kit.tracing: outbox, relay).
        with tracing.span(
            "live fan-out",
            parent=tracing.extract(event.headers),
            kind=tracing.SpanKind.CONSUMER,
            attributes={"cypher.listeners": len(targets), "cypher.stream": event.stream},
        ):
            frame = message_frame(self.positions, event.data)
            chunk = http_chunk(frame)
            dropped = [listener for listener in targets if not listener.push(frame, chunk)]
        delay = _seconds_since(event.occurred_at)
        if delay is not None:
            LIVE_DELIVERY_SECONDS.observe(max(delay, 0.0))
        for listener in dropped:
            # A client that cannot keep up is dropped; it reconnects and gets replayed.
            self.remove(listener)
            listener.drop()

    async def _settle(self) -> None:
        """Right after start, clients wait for the followers (they pass on only what comes after they start), at
        most FOLLOWERS_GRACE_SECONDS once: a stream that does not exist yet (its service not deployed or not up)
        must not delay every later subscription."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(
                asyncio.gather(*(e.wait() for e in self._following.values())), FOLLOWERS_GRACE_SECONDS
            )
        self._settled.set()

    async def _heartbeat(self) -> None:
        """A comment line to every client every 15 s, so proxies and phones keep an idle stream open."""
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            chunk = http_chunk(PING)
            for listener in self.listeners:
                listener.push(PING, chunk)

    async def replay(
        self,
        js: JetStreamContext,
        stream: str,
        after: int,
        topics: frozenset[str],
        until: int,
        gaps: list[int] | None = None,
    ) -> AsyncIterator[LiveEvent]:
        """The stream's messages after `after` up to `until` for `topics`; `gaps` gets each sequence the stream no
        longer holds (its limits removed it, or it was deleted)."""
        prefix = next(p for p, s in STREAMS.items() if s == stream)
        sub = await js.subscribe(
            f"{prefix}.>",
            stream=stream,
            ordered_consumer=True,
            config=ConsumerConfig(deliver_policy=DeliverPolicy.BY_START_SEQUENCE, opt_start_seq=after + 1),
        )
        expected = after + 1
        try:
            while True:
                msg = await sub.next_msg(timeout=5)
                parsed = _event_of(stream, msg)
                event = parsed[0] if parsed else None
                seq = msg.metadata.sequence.stream if msg.metadata else expected
                if seq > expected and gaps is not None:
                    gaps.append(expected)  # removed by the stream's limits, or deleted
                expected = seq + 1
                if event is not None and event.seq <= until and topics.intersection(event.topics):
                    yield event
                if seq >= until:  # (a message that is not an envelope is passed over, not an end)
                    return
        finally:
            await sub.unsubscribe()

    async def serve(
        self,
        topics: list[str],
        last_event_id: str | None,
        receive: Receive,
        send: Send,
        server_send: Send | None = None,
    ) -> None:
        """The whole response: replay what the client missed, `ready`, then the hub's frames as they come.
        `server_send`: the server's own `send` (under the middleware), to find the connection to write to."""
        if not self._settled.is_set():
            await self._settled.wait()
        listener = Listener(frozenset(topics))
        now = self.add(listener)
        if self.draining:
            listener.end(farewell_frame())
        watcher = asyncio.ensure_future(_until_disconnected(receive, listener))
        LIVE_SUBSCRIBERS.inc()
        try:
            await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
            seen = parse_position(last_event_id)
            behind = {stream: after for stream, after in seen.items() if after < now.get(stream, 0)}
            # resumed: a position for every stream followed, none ahead of the hub's (a stream recreated)
            resumed = bool(seen) and all(seen.get(stream, now[stream] + 1) <= now[stream] for stream in now)
            if behind:
                await send({"type": "http.response.body", "body": RETRY, "more_body": True})
                complete = await self._send_missed(listener, behind, now, send)
                opening = ready_frame(now, resumed and complete)
            else:
                opening = RETRY + ready_frame(now, resumed)  # with the head, one write (kit.serving)
            # In sync with the hub from here: the frames queued meanwhile are exactly those after `now`.
            await send({"type": "http.response.body", "body": opening, "more_body": True})
            transport = direct_transport(server_send) if server_send is not None else None
            if transport is not None:
                # What came meanwhile goes through `send`; then, with nothing queued (no await between the check and
                # the switch), the hub writes each frame as it dispatches it: no task wakes per client and message.
                while listener.frames and not listener.closed:
                    pending = b"".join(listener.frames)
                    listener.frames.clear()
                    await send({"type": "http.response.body", "body": pending, "more_body": True})
                listener.transport = transport
                while not listener.closed:
                    await listener.wait()
            else:
                while (chunk := await listener.take()) is not None:
                    await send({"type": "http.response.body", "body": chunk, "more_body": True})
            if listener.farewell:
                await send({"type": "http.response.body", "body": listener.farewell, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            LIVE_SUBSCRIBERS.dec()
            self.remove(listener)
            watcher.cancel()

    def recent_between(self, stream: str, after: int, until: int) -> list[LiveEvent] | None:
        """The stream's messages after `after` up to `until` from memory, or None when some may be gone from it."""
        recent = self._recent.get(stream)
        if recent is None:
            return None
        covered = recent[0].seq if len(recent) == recent.maxlen else self._recent_from[stream]
        if after + 1 < covered:
            return None
        return [event for event in recent if after < event.seq <= until]

    async def _send_missed(self, listener: Listener, behind: dict[str, int], now: dict[str, int], send: Send) -> bool:
        """Replays what the client missed; answers whether all of it was still there."""
        positions = now | behind  # each replayed frame's id: where the client stands after it
        gaps: list[int] = []
        for stream, after in behind.items():
            kept = self.recent_between(stream, after, now[stream])
            LIVE_REPLAYS.labels("memory" if kept is not None else "jetstream").inc()
            if kept is not None:
                missed: AsyncIterator[LiveEvent] = _matching(kept, listener.topics)
            else:
                js = await self.bus.wait_ready(timeout=5)
                missed = self.replay(js, stream, after, listener.topics, now[stream], gaps)
            async for event in missed:
                positions[stream] = event.seq
                frame = message_frame(positions, event.data)
                await send({"type": "http.response.body", "body": frame, "more_body": True})
        return not gaps


async def _matching(events: list[LiveEvent], topics: frozenset[str]) -> AsyncIterator[LiveEvent]:
    for event in events:
        if topics.intersection(event.topics):
            yield event


def http_chunk(frame: bytes) -> bytes:
    return b"%x\r\n%b\r\n" % (len(frame), frame)


class Connection(Protocol):
    def write(self, data: bytes) -> None: ...
    def is_closing(self) -> bool: ...
    def get_write_buffer_size(self) -> int: ...
    def abort(self) -> None: ...


def direct_transport(send: Send) -> Connection | None:
    """The connection under uvicorn's `send` (the server's own, before any middleware wraps it) once the
    response has started chunked: the hub may then write chunks to it as uvicorn would. Any other server (or an
    HTTP/1.0 client, answered unchunked): None, and the frames go through `send`."""
    cycle = getattr(send, "__self__", None)
    transport = getattr(cycle, "transport", None)
    if getattr(cycle, "chunked_encoding", None) is True and getattr(cycle, "disconnected", True) is False:
        return transport
    return None


async def _until_disconnected(receive: Receive, listener: Listener) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
    listener.close()

"""GET /api/live?topics=a,b: domain events as Server-Sent Events.

One ordered JetStream consumer per stream feeds an in-memory hub; each client gets the envelopes whose
topics it follows. The SSE id is the client's position in every stream ("IDENTITY:12,EVENTS:45"), so a
tablet that reconnects with Last-Event-ID is replayed what it missed, then continues live."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
from nats.aio.msg import Msg
from nats.js import JetStreamContext
from nats.js.api import ConsumerConfig, DeliverPolicy

from kit.bus import Bus
from kit.events import STREAMS

logger = logging.getLogger("gateway.live")

HEARTBEAT_SECONDS = 15.0
QUEUE_LIMIT = 1000
PUBLIC_PREFIXES = ("event:", "battle:", "sparring:", "org:", "studio:")


@dataclass(frozen=True, slots=True)
class LiveEvent:
    stream: str
    seq: int
    topics: tuple[str, ...]
    data: bytes  # the envelope as published


@dataclass(eq=False)
class Listener:
    topics: frozenset[str]
    queue: asyncio.Queue[LiveEvent | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))


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


def _event_of(stream: str, msg: Msg) -> tuple[LiveEvent, dict[str, Any]] | None:
    try:
        envelope = orjson.loads(msg.data)
        topics = envelope.get("topics") or []
    except (orjson.JSONDecodeError, AttributeError):
        return None
    seq = msg.metadata.sequence.stream if msg.metadata else 0
    return LiveEvent(stream, seq, tuple(topics), msg.data), envelope


class LiveHub:
    def __init__(self, bus: Bus):
        self.bus = bus
        self.listeners: set[Listener] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._following = {stream: asyncio.Event() for stream in STREAMS.values()}
        self._watchers: dict[str, list[Callable[[dict[str, Any]], None]]] = {}

    def on(self, event_type: str, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call back with each event of this type's data (the gateway's own reactions, e.g. cache purges)."""
        self._watchers.setdefault(event_type, []).append(callback)

    def start(self) -> None:
        for prefix, stream in STREAMS.items():
            self._tasks.append(asyncio.create_task(self._follow(prefix, stream), name=f"live-{stream}"))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for listener in list(self.listeners):
            with contextlib.suppress(asyncio.QueueFull):
                listener.queue.put_nowait(None)

    async def _follow(self, prefix: str, stream: str) -> None:
        delay = 0.5
        while True:
            try:
                js = await self.bus.wait_ready()
                await js.stream_info(stream)  # the owning service creates it; until then, wait
                sub = await js.subscribe(
                    f"{prefix}.>", stream=stream, ordered_consumer=True, deliver_policy=DeliverPolicy.NEW
                )
                self._following[stream].set()
                delay = 0.5
                async for msg in sub.messages:
                    parsed = _event_of(stream, msg)
                    if parsed is None:
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
        for listener in list(self.listeners):
            if listener.topics.intersection(event.topics):
                try:
                    listener.queue.put_nowait(event)
                except asyncio.QueueFull:
                    # A client that cannot keep up is dropped; it reconnects and gets replayed.
                    self.listeners.discard(listener)
                    listener.queue = asyncio.Queue(1)
                    listener.queue.put_nowait(None)

    async def positions(self, js: JetStreamContext) -> dict[str, int]:
        positions = {}
        for stream in STREAMS.values():
            try:
                positions[stream] = (await js.stream_info(stream)).state.last_seq
            except Exception:  # noqa: BLE001 - a stream not created yet has nothing to miss
                positions[stream] = 0
        return positions

    async def replay(
        self, js: JetStreamContext, stream: str, after: int, topics: frozenset[str], until: int
    ) -> AsyncIterator[LiveEvent]:
        prefix = next(p for p, s in STREAMS.items() if s == stream)
        sub = await js.subscribe(
            f"{prefix}.>",
            stream=stream,
            ordered_consumer=True,
            config=ConsumerConfig(deliver_policy=DeliverPolicy.BY_START_SEQUENCE, opt_start_seq=after + 1),
        )
        try:
            while True:
                msg = await sub.next_msg(timeout=5)
                parsed = _event_of(stream, msg)
                event = parsed[0] if parsed else None
                if event is not None and event.seq <= until and topics.intersection(event.topics):
                    yield event
                if event is None or event.seq >= until:
                    return
        finally:
            await sub.unsubscribe()

    async def stream(self, topics: list[str], last_event_id: str | None) -> AsyncIterator[bytes]:
        js = await self.bus.wait_ready(timeout=5)
        # Right after start, give the followers a moment: they pass on only what comes after they subscribe.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(e.wait() for e in self._following.values())), 2)
        listener = Listener(frozenset(topics))
        self.listeners.add(listener)  # first listen, then look: nothing falls between the two
        try:
            now = await self.positions(js)
            seen = parse_position(last_event_id)
            positions = dict(now)
            yield b"retry: 2000\n"
            for stream, after in seen.items():
                if after < now.get(stream, 0):
                    async for event in self.replay(js, stream, after, listener.topics, now[stream]):
                        yield _frame(event, positions)
            yield f"id: {format_position(positions)}\nevent: ready\ndata: {{}}\n\n".encode()
            while True:
                try:
                    item = await asyncio.wait_for(listener.queue.get(), HEARTBEAT_SECONDS)
                except TimeoutError:
                    yield b": ping\n\n"
                    continue
                if item is None:
                    return
                if item.seq <= positions.get(item.stream, 0):
                    continue  # already sent by the replay
                yield _frame(item, positions)
        finally:
            self.listeners.discard(listener)


def _frame(event: LiveEvent, positions: dict[str, int]) -> bytes:
    positions[event.stream] = max(positions.get(event.stream, 0), event.seq)
    return b"id: " + format_position(positions).encode() + b"\nevent: message\ndata: " + event.data + b"\n\n"

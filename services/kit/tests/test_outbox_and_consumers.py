"""The outbox and the consumer runner against real PostgreSQL and a real NATS server we stop and restart."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import asyncpg
import pytest
from sqlalchemy import column, func, select, table, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.types import String, Uuid

from kit import outbox
from kit.bus import Bus
from kit.consumers import ConsumerRunner, Handler
from kit.db import asyncpg_dsn, create_engine, create_sessionmaker, transaction
from kit.events import Envelope, Event
from kit.local import EmbeddedNats, free_port
from kit.metrics import CONSUMER_MESSAGES
from kit.outbox import OutboxRelay, pending_count
from kit.testing import eventually
from kit.workers import running

received = table("received", column("event_id", Uuid()), column("type", String()))


class ThingHappened(Event):
    """The sample event of these tests (the stream KITTEST is registered in conftest)."""

    type: ClassVar[str] = "kittest.thing.happened"

    n: int
    fail: bool = False

    def topics(self) -> list[str]:
        return [f"thing:{self.n}"]


async def record(session: AsyncSession, event: ThingHappened, envelope: Envelope) -> None:
    """The sample handler: one row per application, so a double application would show."""
    if event.fail:
        raise RuntimeError("this event always fails")
    await session.execute(received.insert().values(event_id=envelope.id, type=envelope.type))


@dataclass
class Parts:
    sessionmaker: async_sessionmaker[AsyncSession]
    bus: Bus
    relay: OutboxRelay
    runner: ConsumerRunner
    nats: EmbeddedNats
    database_url: str


@pytest.fixture
async def parts(database_url: str, tmp_path: Path) -> AsyncIterator[Parts]:
    conn = await asyncpg.connect(asyncpg_dsn(database_url))
    await conn.execute("TRUNCATE outbox_message, processed_message, received")
    await conn.close()
    server = EmbeddedNats(tmp_path / "nats", port=free_port())
    server.start()
    engine = create_engine(database_url, pool_size=5)
    sessionmaker = create_sessionmaker(engine)
    bus = Bus(server.url, name="kittest", streams=("kittest",))
    bus.start()
    await bus.wait_ready(timeout=10)
    relay = OutboxRelay(sessionmaker, bus, database_url, poll_seconds=0.2)
    runner = ConsumerRunner("kittest", [Handler("record", ThingHappened, record)], sessionmaker, bus, max_deliver=3)
    yield Parts(sessionmaker, bus, relay, runner, server, database_url)
    await bus.close()
    server.stop()
    await engine.dispose()


async def write_events(parts: Parts, count: int, **data: object) -> list[uuid.UUID]:
    ids = []
    for n in range(count):
        async with transaction(parts.sessionmaker) as session:
            envelope = await outbox.add(session, ThingHappened(n=n, **data))  # type: ignore[arg-type]
            ids.append(envelope.id)
    return ids


async def applied(parts: Parts) -> list[uuid.UUID]:
    async with parts.sessionmaker() as session:
        return list((await session.scalars(select(received.c.event_id))).all())


async def stream_messages(parts: Parts) -> int:
    return (await parts.bus.js.stream_info("KITTEST")).state.messages


class TestOutbox:
    async def test_delivers_every_event_exactly_once_across_a_nats_restart(self, parts: Parts) -> None:
        async with running(parts.relay.run(), parts.runner.run()):
            first = await write_events(parts, 5)
            await eventually(lambda: _has(parts, 5))
            parts.nats.stop()
            second = await write_events(parts, 5)  # NATS is down: these wait in the outbox
            await asyncio.sleep(0.5)
            async with parts.sessionmaker() as session:
                assert await pending_count(session) == 5
            parts.nats.start()
            await eventually(lambda: _has(parts, 10), timeout=30)
            await asyncio.sleep(0.5)  # room for a duplicate to show up, if there were one
        got = await applied(parts)
        assert sorted(got) == sorted(first + second)  # each once, none lost

    async def test_a_relay_crash_between_publish_and_mark_sent_publishes_nothing_twice(self, parts: Parts) -> None:
        ids = await write_events(parts, 3)
        async with parts.sessionmaker() as session:
            assert await parts.relay.publish_pending(session) == 3
            await session.rollback()  # the crash: published, never marked sent
        async with parts.sessionmaker() as session:
            assert await pending_count(session) == 3
        async with running(parts.relay.run(), parts.runner.run()):
            await eventually(lambda: _has(parts, 3))
            await eventually(lambda: _pending_is(parts, 0))
            await asyncio.sleep(0.5)
        assert await stream_messages(parts) == 3  # JetStream dropped the re-published copies (Nats-Msg-Id)
        assert sorted(await applied(parts)) == sorted(ids)

    async def test_a_rolled_back_change_publishes_nothing(self, parts: Parts) -> None:
        with pytest.raises(RuntimeError):
            async with transaction(parts.sessionmaker) as session:
                await outbox.add(session, ThingHappened(n=1))
                raise RuntimeError("the business change failed")
        async with parts.sessionmaker() as session:
            assert await session.scalar(text("SELECT count(*) FROM outbox_message")) == 0

    async def test_notify_wakes_the_relay_before_the_poll(self, parts: Parts) -> None:
        parts.relay.poll_seconds = 30  # only NOTIFY can wake it in time
        async with running(parts.relay.run()):
            await asyncio.sleep(0.3)
            await write_events(parts, 1)
            await eventually(lambda: _pending_is(parts, 0), timeout=5)


class TestConsumer:
    async def test_the_same_event_delivered_twice_is_applied_once(self, parts: Parts) -> None:
        envelope = Envelope(type="kittest.thing.happened", source="kittest", data={"n": 1})
        js = parts.bus.js
        for copy in (
            "a",
            "b",
        ):  # different message ids: JetStream keeps both, the consumer must not apply both
            await js.publish(envelope.type, envelope.to_json(), headers={"Nats-Msg-Id": f"{envelope.id}-{copy}"})
        duplicates = CONSUMER_MESSAGES.labels("kittest-record", "duplicate")._value.get()
        async with running(parts.runner.run()):
            await eventually(lambda: _has(parts, 1))
            await eventually(lambda: _metric_above(duplicates))
        assert await applied(parts) == [envelope.id]

    async def test_a_failing_event_is_retried_then_parked(self, parts: Parts) -> None:
        retried = CONSUMER_MESSAGES.labels("kittest-record", "retried")._value.get()
        parked = CONSUMER_MESSAGES.labels("kittest-record", "parked")._value.get()
        await write_events(parts, 1, fail=True)
        ok = await write_events(parts, 1)
        async with running(parts.relay.run(), parts.runner.run()):
            await eventually(lambda: _has(parts, 1))  # the good one is not held up by the bad one
            await eventually(lambda: _metric_is("kittest-record", "parked", parked + 1), timeout=15)
        assert CONSUMER_MESSAGES.labels("kittest-record", "retried")._value.get() == retried + 2
        assert await applied(parts) == ok

    async def test_stopping_waits_for_every_handler_to_finish(self, parts: Parts) -> None:
        """One handler ending its cancellation early must not let the runner return while another is still
        applying a message (it would write after its service shut down)."""
        started, finished = asyncio.Event(), asyncio.Event()

        async def slow(session: AsyncSession, event: ThingHappened, envelope: Envelope) -> None:
            started.set()
            try:
                await asyncio.sleep(10)
            except asyncio.CancelledError:
                await asyncio.sleep(0.3)  # a handler that finishes its work before giving up
            finished.set()

        runner = ConsumerRunner(
            "kittest",
            [Handler("record", ThingHappened, record), Handler("slow", ThingHappened, slow)],
            parts.sessionmaker,
            parts.bus,
        )
        await write_events(parts, 1)
        async with running(parts.relay.run()):
            task = asyncio.create_task(runner.run())
            await asyncio.wait_for(started.wait(), 10)
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            assert finished.is_set()


async def _has(parts: Parts, count: int) -> bool:
    async with parts.sessionmaker() as session:
        return (await session.scalar(select(func.count()).select_from(received))) == count


async def _pending_is(parts: Parts, count: int) -> bool:
    async with parts.sessionmaker() as session:
        return await pending_count(session) == count


async def _metric_above(value: float) -> bool:
    return CONSUMER_MESSAGES.labels("kittest-record", "duplicate")._value.get() > value


async def _metric_is(consumer: str, outcome: str, value: float) -> bool:
    return CONSUMER_MESSAGES.labels(consumer, outcome)._value.get() == value


class TestTypedEvents:
    async def test_the_envelope_carries_the_models_type_and_topics(self, parts: Parts) -> None:
        async with transaction(parts.sessionmaker) as session:
            envelope = await outbox.add(session, ThingHappened(n=7))
        assert (envelope.type, envelope.source, envelope.topics) == ("kittest.thing.happened", "kittest", ["thing:7"])
        assert envelope.data == {"n": 7, "fail": False}

    async def test_a_payload_that_does_not_validate_is_parked_at_once(self, parts: Parts) -> None:
        invalid = CONSUMER_MESSAGES.labels("kittest-record", "invalid")._value.get()
        bad = Envelope(type=ThingHappened.type, source="kittest", data={"n": "not a number"})
        await parts.bus.js.publish(bad.type, bad.to_json(), headers={"Nats-Msg-Id": str(bad.id)})
        ok = await write_events(parts, 1)
        async with running(parts.relay.run(), parts.runner.run()):
            await eventually(lambda: _has(parts, 1))
            await eventually(lambda: _metric_is("kittest-record", "invalid", invalid + 1))
        assert await applied(parts) == ok
        info = await parts.bus.js.consumer_info("KITTEST", "kittest-record")
        assert info.num_ack_pending == 0 and info.num_redelivered == 0

    async def test_a_type_the_handler_does_not_take_is_acknowledged_and_ignored(self, parts: Parts) -> None:
        ignored = CONSUMER_MESSAGES.labels("kittest-record", "ignored")._value.get()
        other = Envelope(type="kittest.thing.moved", source="kittest", data={})  # on kittest.thing.>, not taken
        await parts.bus.js.publish(other.type, other.to_json(), headers={"Nats-Msg-Id": str(other.id)})
        runner = ConsumerRunner(
            "kittest",
            [Handler("record", (ThingHappened, ThingRenamed), record)],  # type: ignore[arg-type]
            parts.sessionmaker,
            parts.bus,
        )
        async with running(runner.run()):
            await eventually(lambda: _metric_is("kittest-record", "ignored", ignored + 1))
        assert await applied(parts) == []

    def test_a_handler_of_several_types_subscribes_to_their_common_subject(self) -> None:
        assert Handler("record", (ThingHappened, ThingRenamed), record).subject == "kittest.thing.>"  # type: ignore[arg-type]
        assert Handler("record", ThingHappened, record).subject == "kittest.thing.happened"


class ThingRenamed(Event):
    type: ClassVar[str] = "kittest.thing.renamed"

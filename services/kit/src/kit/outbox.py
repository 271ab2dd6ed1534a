"""Transactional outbox: an event row is written in the same transaction as the change it describes; the
relay publishes it to JetStream with `Nats-Msg-Id` = event id (JetStream drops duplicates) and marks it sent.

Nothing is lost while NATS is down (rows wait), nothing is published for a rolled-back change (no row).

The row keeps the trace context of the work that wrote it (a `trace` key beside the envelope's fields, not
published in the envelope): the relay's publish continues that trace and hands it on in the message's headers
(docs/decisions.md, Observability)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, column, func, select, table, update
from sqlalchemy.dialects.postgresql import ARRAY, JSONB, UUID
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.types import BigInteger, DateTime, String

from kit import metrics, tracing
from kit.bus import Bus
from kit.db import transaction
from kit.events import Envelope, Event
from kit.workers import NotifiedLoop

logger = logging.getLogger("kit.outbox")

NOTIFY_CHANNEL = "outbox"
TRACE_KEY = "trace"

outbox_message = table(
    "outbox_message",
    column("seq", BigInteger()),
    column("id", UUID(as_uuid=True)),
    column("type", String()),
    column("envelope", JSONB()),
    column("created_at", DateTime(timezone=True)),
    column("sent_at", DateTime(timezone=True)),
)


@dataclass(frozen=True, slots=True)
class Prepared:
    """An event's row, made in the context of the work it belongs to (its trace, its request id)."""

    envelope: Envelope
    stored: dict[str, Any]


def prepare(event: Event) -> Prepared:
    envelope = Envelope.of(event)
    stored = envelope.model_dump(mode="json", by_alias=True)
    trace = tracing.headers_of()
    if trace:
        stored[TRACE_KEY] = trace
    return Prepared(envelope, stored)


async def add(session: AsyncSession, event: Event) -> Envelope:
    """Record an event in the caller's transaction; it is published only if that transaction commits. The event
    is a payload model of the `contracts` package: it carries its type and its topics."""
    prepared = prepare(event)
    await add_prepared(session, [prepared])
    return prepared.envelope


async def add_prepared(session: AsyncSession, rows: Sequence[Prepared]) -> None:
    """Record prepared events (`prepare`, each in its own work's context) in the caller's transaction, as `add`:
    several works done in one transaction (registrations entered together) keep each its own trace."""
    if not rows:
        return
    await session.execute(
        _ADD,
        {
            "ids": [r.envelope.id for r in rows],
            "types": [r.envelope.type for r in rows],
            "envelopes": [r.stored for r in rows],
        },
    )


# One statement of one shape whatever the number of events (arrays unnested in their order; a multi-row VALUES was
# compiled and prepared anew for each number), the NOTIFY with the insert: a write holding a lock (a battle's row)
# until its commit makes one round trip fewer. Delivered at commit only, so the relay wakes exactly when there is
# something to send.
_NEW = (
    func.unnest(
        bindparam("ids", type_=ARRAY(UUID(as_uuid=True))),
        bindparam("types", type_=ARRAY(String())),
        bindparam("envelopes", type_=ARRAY(JSONB())),
    )
    .table_valued("id", "type", "envelope", with_ordinality="n")
    .render_derived()
)
_ADD = (
    select(func.pg_notify(NOTIFY_CHANNEL, ""))
    .select_from(
        outbox_message.insert()
        .from_select(["id", "type", "envelope"], select(_NEW.c.id, _NEW.c.type, _NEW.c.envelope).order_by(_NEW.c.n))
        .returning(outbox_message.c.seq)
        .cte("added")
    )
    .limit(1)
)


class OutboxRelay:
    """Publishes the outbox on a `NotifiedLoop`: woken by the NOTIFY of `add` at commit, polling meanwhile."""

    def __init__(
        self,
        sessionmaker: async_sessionmaker[AsyncSession],
        bus: Bus,
        database_url: str,
        *,
        poll_seconds: float = 2.0,
        batch_size: int = 100,
    ):
        self.sessionmaker = sessionmaker
        self.bus = bus
        self.batch_size = batch_size
        self.loop = NotifiedLoop(
            "outbox-relay",
            self._step,
            database_url=database_url,
            channel=NOTIFY_CHANNEL,
            poll_seconds=poll_seconds,
            on_error=lambda _: metrics.OUTBOX_FAILURES.inc(),
        )
        self.name = self.loop.name

    @property
    def poll_seconds(self) -> float:
        return self.loop.poll_seconds

    @poll_seconds.setter
    def poll_seconds(self, value: float) -> None:
        self.loop.poll_seconds = value

    async def publish_pending(self, session: AsyncSession) -> int:
        """Claim a batch (other relays skip locked rows), publish it in order, mark it sent. The caller's
        transaction decides: if it never commits (crash, error), the rows stay unsent and go again."""
        rows = (
            await session.execute(
                select(outbox_message.c.id, outbox_message.c.type, outbox_message.c.envelope)
                .where(outbox_message.c.sent_at.is_(None))
                .order_by(outbox_message.c.seq)
                .limit(self.batch_size)
                .with_for_update(skip_locked=True)
            )
        ).all()
        if not rows:
            return 0
        js = self.bus.js
        for row in rows:
            stored = dict(row.envelope)
            parent = tracing.extract(stored.pop(TRACE_KEY, None))
            envelope = Envelope.model_validate(stored)
            with tracing.span(
                f"publish {row.type}",
                parent=parent,
                kind=tracing.SpanKind.PRODUCER,
                attributes={"messaging.system": "nats", "messaging.destination.name": row.type},
            ):
                headers = tracing.inject({"Nats-Msg-Id": str(row.id)})
                await js.publish(row.type, envelope.to_json(), headers=dict(headers))
        await session.execute(
            update(outbox_message).where(outbox_message.c.id.in_([r.id for r in rows])).values(sent_at=func.now())
        )
        metrics.OUTBOX_PUBLISHED.inc(len(rows))
        return len(rows)

    async def run_once(self) -> int:
        async with transaction(self.sessionmaker) as session:
            return await self.publish_pending(session)

    async def _step(self) -> float | None:
        await self.bus.wait_ready()
        return 0 if await self.run_once() >= self.batch_size else None

    async def run(self) -> None:
        await self.loop.run()


async def backlog(session: AsyncSession) -> tuple[int, float]:
    """Unpublished rows and the age in seconds of the oldest (0 when none), on the partial index of unsent rows."""
    row = (
        await session.execute(
            select(func.count(), func.extract("epoch", func.now() - func.min(outbox_message.c.created_at))).where(
                outbox_message.c.sent_at.is_(None)
            )
        )
    ).one()
    return int(row[0] or 0), float(row[1] or 0.0)


def backlog_gauges(sessionmaker: async_sessionmaker[AsyncSession]) -> metrics.CachedProbe:
    """outbox_pending and outbox_oldest_age_seconds, looked up when scraped (every API process of a service shows
    the same backlog: it is the database's), whether the relay runs or not."""

    async def probe() -> None:
        async with sessionmaker() as session:
            pending, age = await backlog(session)
        metrics.OUTBOX_PENDING.set(pending)
        metrics.OUTBOX_OLDEST_AGE.set(age)

    return metrics.CachedProbe(probe)


async def pending_count(session: AsyncSession) -> int:
    return int(
        await session.scalar(select(func.count()).select_from(outbox_message).where(outbox_message.c.sent_at.is_(None)))
        or 0
    )

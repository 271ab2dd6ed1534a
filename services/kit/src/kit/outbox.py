"""Transactional outbox: an event row is written in the same transaction as the change it describes; the
relay publishes it to JetStream with `Nats-Msg-Id` = event id (JetStream drops duplicates) and marks it sent.

Nothing is lost while NATS is down (rows wait), nothing is published for a rolled-back change (no row)."""

from __future__ import annotations

import logging

from sqlalchemy import column, func, select, table, text, update
from sqlalchemy.dialects.postgresql import JSONB, UUID
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.types import BigInteger, DateTime, String

from kit import metrics
from kit.bus import Bus
from kit.db import transaction
from kit.events import Envelope, Event
from kit.workers import NotifiedLoop

logger = logging.getLogger("kit.outbox")

NOTIFY_CHANNEL = "outbox"

outbox_message = table(
    "outbox_message",
    column("seq", BigInteger()),
    column("id", UUID(as_uuid=True)),
    column("type", String()),
    column("envelope", JSONB()),
    column("created_at", DateTime(timezone=True)),
    column("sent_at", DateTime(timezone=True)),
)


async def add(session: AsyncSession, event: Event) -> Envelope:
    """Record an event in the caller's transaction; it is published only if that transaction commits. The event
    is a payload model of the `contracts` package: it carries its type and its topics."""
    envelope = Envelope.of(event)
    await session.execute(
        outbox_message.insert().values(
            id=envelope.id, type=envelope.type, envelope=envelope.model_dump(mode="json", by_alias=True)
        )
    )
    # Delivered at commit only, so the relay wakes exactly when there is something to send.
    await session.execute(text(f"NOTIFY {NOTIFY_CHANNEL}"))
    return envelope


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
            envelope = Envelope.model_validate(row.envelope)
            await js.publish(row.type, envelope.to_json(), headers={"Nats-Msg-Id": str(row.id)})
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


async def pending_count(session: AsyncSession) -> int:
    return int(
        await session.scalar(select(func.count()).select_from(outbox_message).where(outbox_message.c.sent_at.is_(None)))
        or 0
    )

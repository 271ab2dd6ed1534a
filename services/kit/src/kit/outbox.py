"""Transactional outbox: an event row is written in the same transaction as the change it describes; the
relay publishes it to JetStream with `Nats-Msg-Id` = event id (JetStream drops duplicates) and marks it sent.

Nothing is lost while NATS is down (rows wait), nothing is published for a rolled-back change (no row)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import Any

import asyncpg
from pydantic import BaseModel
from sqlalchemy import column, func, select, table, text, update
from sqlalchemy.dialects.postgresql import JSONB, UUID
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.types import BigInteger, DateTime, Integer, String

from kit import metrics
from kit.bus import Bus, stop_if_cancelled
from kit.db import transaction
from kit.events import Envelope

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
    column("attempts", Integer()),
    column("last_error", String()),
)


async def add(
    session: AsyncSession,
    type: str,
    data: dict[str, Any] | BaseModel,
    *,
    source: str | None = None,
    topics: Iterable[str] = (),
) -> Envelope:
    """Record an event in the caller's transaction; it is published only if that transaction commits.
    `data` is best the payload model the service declares in its events.py (its JSON Schema is the contract)."""
    if isinstance(data, BaseModel):
        data = data.model_dump(mode="json", by_alias=True)
    envelope = Envelope(type=type, source=source or type.split(".", 1)[0], topics=list(topics), data=data)
    await session.execute(
        outbox_message.insert().values(
            id=envelope.id, type=envelope.type, envelope=envelope.model_dump(mode="json", by_alias=True)
        )
    )
    # Delivered at commit only, so the relay wakes exactly when there is something to send.
    await session.execute(text(f"NOTIFY {NOTIFY_CHANNEL}"))
    return envelope


def asyncpg_dsn(sqlalchemy_url: str) -> str:
    return sqlalchemy_url.replace("postgresql+asyncpg://", "postgresql://", 1)


class OutboxRelay:
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
        self.dsn = asyncpg_dsn(database_url)
        self.poll_seconds = poll_seconds
        self.batch_size = batch_size
        self._wake = asyncio.Event()

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
            update(outbox_message)
            .where(outbox_message.c.id.in_([r.id for r in rows]))
            .values(sent_at=func.now(), attempts=outbox_message.c.attempts + 1)
        )
        metrics.OUTBOX_PUBLISHED.inc(len(rows))
        return len(rows)

    async def run_once(self) -> int:
        async with transaction(self.sessionmaker) as session:
            return await self.publish_pending(session)

    async def run(self) -> None:
        listener = asyncio.create_task(self._listen(), name="outbox-listen")
        delay = 0.2
        try:
            await self.bus.wait_ready()
            while True:
                stop_if_cancelled()
                self._wake.clear()
                try:
                    sent = await self.run_once()
                    delay = 0.2
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    metrics.OUTBOX_FAILURES.inc()
                    logger.warning("outbox relay could not publish (%s); retrying in %.1fs", exc, delay)
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 5.0)
                    continue
                if sent >= self.batch_size:
                    continue
                # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancellation that arrives
                # as the wake-up fires, and the relay then outlives its service's shutdown.
                try:
                    async with asyncio.timeout(self.poll_seconds):
                        await self._wake.wait()
                except TimeoutError:
                    pass  # polling fallback: a lost NOTIFY (listener reconnecting) delays, never loses
        finally:
            listener.cancel()
            try:
                await listener
            except (asyncio.CancelledError, Exception):
                pass

    async def _listen(self) -> None:
        while True:
            conn: asyncpg.Connection | None = None
            try:
                conn = await asyncpg.connect(self.dsn)
                await conn.add_listener(NOTIFY_CHANNEL, lambda *_: self._wake.set())
                closed = asyncio.Event()
                conn.add_termination_listener(lambda *_, ended=closed: ended.set())
                self._wake.set()  # catch up on anything written while we were not listening
                await closed.wait()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                logger.debug("outbox listener reconnecting: %s", exc)
                await asyncio.sleep(1)
            finally:
                if conn is not None and not conn.is_closed():
                    await conn.close()


async def pending_count(session: AsyncSession) -> int:
    return int(
        await session.scalar(select(func.count()).select_from(outbox_message).where(outbox_message.c.sent_at.is_(None)))
        or 0
    )

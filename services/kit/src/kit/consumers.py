"""Durable pull consumers. Each handler runs in its own transaction together with the insert of
(consumer, event id) into `processed_message`, so a redelivered event is applied once; the message is
acked after the commit, nak'ed with backoff on failure and terminated (parked) after max deliveries. The handler
receives the payload validated into the model it declares; a payload that does not validate is parked at once."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

from nats.aio.msg import Msg
from nats.js import JetStreamContext
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
from pydantic import ValidationError
from sqlalchemy import column, table
from sqlalchemy.dialects.postgresql import UUID, insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.types import String

from kit import metrics, tracing
from kit.bus import Bus, ensure_stream
from kit.db import transaction
from kit.events import STREAMS, Envelope, Event
from kit.logs import request_id_var
from kit.workers import stop_if_cancelled

logger = logging.getLogger("kit.consumers")

E = TypeVar("E", bound=Event)

processed_message = table(
    "processed_message",
    column("consumer", String()),
    column("event_id", UUID(as_uuid=True)),
)


class Handler(Generic[E]):
    """A consumer of one or more event models: `Handler("leaderboard", WinnersSet, apply)`. `fn(session, event,
    envelope)` receives the payload validated into its model (the envelope gives id and occurredAt). `purpose`
    names the durable consumer `<service>-<purpose>`; it subscribes to the events' common subject (`orgs.>` for
    every orgs event, so they arrive in order), and acks without a call the types it does not take."""

    def __init__(
        self,
        purpose: str,
        events: type[E] | tuple[type[E], ...],
        fn: Callable[[AsyncSession, E, Envelope], Awaitable[None]],
    ):
        models = events if isinstance(events, tuple) else (events,)
        self.purpose = purpose
        self.fn = fn
        self.models: dict[str, type[E]] = {model.type: model for model in models}
        self.subject = common_subject(list(self.models))

    @property
    def source(self) -> str:
        return self.subject.split(".", 1)[0]


def common_subject(types: list[str]) -> str:
    """The narrowest NATS subject covering every type: the type itself, or `<common tokens>.>`."""
    if len(types) == 1:
        return types[0]
    split = [t.split(".") for t in types]
    common: list[str] = []
    for tokens in zip(*split, strict=False):
        if len(set(tokens)) != 1:
            break
        common.append(tokens[0])
    if not common:
        raise ValueError(f"events of different services need different handlers: {types}")
    return ".".join([*common, ">"])


def backoff_seconds(delivered: int) -> float:
    return float(min(60, 2 ** max(0, delivered - 1)))


async def mark_processed(session: AsyncSession, consumer: str, event_id: object) -> bool:
    """True when this is the first time `consumer` sees the event."""
    result = await session.execute(
        insert(processed_message)
        .values(consumer=consumer, event_id=event_id)
        .on_conflict_do_nothing()
        .returning(processed_message.c.event_id)
    )
    return result.first() is not None


class ConsumerRunner:
    name = "consumers"

    def __init__(
        self,
        service: str,
        handlers: list[Handler],
        sessionmaker: async_sessionmaker[AsyncSession],
        bus: Bus,
        *,
        max_deliver: int = 8,
        ack_wait: float = 30.0,
        batch: int = 20,
        pending_seconds: float = 15.0,
    ):
        self.service = service
        self.handlers = handlers
        self.sessionmaker = sessionmaker
        self.bus = bus
        self.max_deliver = max_deliver
        self.ack_wait = ack_wait
        self.batch = batch
        self.pending_seconds = pending_seconds  # how often consumer_pending is refreshed

    def durable_name(self, handler: Handler) -> str:
        return f"{self.service}-{handler.purpose}"

    async def run(self) -> None:
        # Not a bare gather: cancelled, it completes as soon as one child ends, leaving the others applying
        # messages after the service has shut down (and racing the next app on the same database).
        tasks = [asyncio.create_task(self._run_handler(h), name=self.durable_name(h)) for h in self.handlers]
        tasks.append(asyncio.create_task(self._watch_pending(), name=f"{self.service}-consumers-pending"))
        try:
            await asyncio.gather(*tasks)
        finally:
            for task in tasks:
                if not task.cancelling():  # once is enough: a second cancel would break off a message mid-way
                    task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _watch_pending(self) -> None:
        """`consumer_pending{consumer}`: what each durable has yet to be delivered (JetStream's num_pending),
        refreshed every `pending_seconds`; a durable not created yet, or NATS away, keeps the last value."""
        while True:
            for handler in self.handlers:
                name = self.durable_name(handler)
                try:
                    info = await self.bus.js.consumer_info(STREAMS[handler.source], name, timeout=2)
                except asyncio.CancelledError:
                    raise
                except Exception:  # noqa: BLE001 - a gauge not refreshed this time; the handlers log the outage
                    continue
                metrics.CONSUMER_PENDING.labels(name).set(info.num_pending or 0)
            await asyncio.sleep(self.pending_seconds)

    async def _subscribe(self, handler: Handler) -> JetStreamContext.PullSubscription:
        js = await self.bus.wait_ready()
        await ensure_stream(js, handler.source, self.bus.stream_replicas)
        return await js.pull_subscribe(
            handler.subject,
            durable=self.durable_name(handler),
            stream=STREAMS[handler.source],
            config=ConsumerConfig(
                ack_policy=AckPolicy.EXPLICIT,
                deliver_policy=DeliverPolicy.ALL,
                max_deliver=self.max_deliver,
                ack_wait=self.ack_wait,
            ),
        )

    async def _run_handler(self, handler: Handler) -> None:
        name = self.durable_name(handler)
        delay = 0.2
        while True:
            try:
                sub = await self._subscribe(handler)
                delay = 0.2
                while True:
                    stop_if_cancelled()
                    try:
                        msgs = await sub.fetch(self.batch, timeout=2)
                    except TimeoutError:
                        continue
                    for msg in msgs:
                        stop_if_cancelled()  # unacked messages come back after ack_wait
                        await self.process(handler, msg)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                stop_if_cancelled()
                logger.warning("consumer %s interrupted (%s); resubscribing in %.1fs", name, exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def process(self, handler: Handler, msg: Msg) -> str:
        """Apply one message; returns the outcome recorded in metrics."""
        name = self.durable_name(handler)
        try:
            envelope = Envelope.from_json(msg.data)
        except Exception:
            logger.error("consumer %s parks an unreadable message on %s", name, msg.subject)
            await msg.term()
            metrics.CONSUMER_MESSAGES.labels(name, "parked").inc()
            return "parked"
        # Every line logged while handling it carries the request that caused the event, and its trace goes on.
        token = request_id_var.set(envelope.request_id)
        try:
            with tracing.span(
                f"consume {envelope.type}",
                parent=tracing.extract(msg.headers),
                kind=tracing.SpanKind.CONSUMER,
                attributes={"messaging.system": "nats", "messaging.consumer.group.name": name},
            ) as span:
                outcome = await self._apply(handler, msg, envelope, name)
                span.set_attribute("cypher.outcome", outcome)
                if outcome in ("parked", "invalid"):
                    tracing.set_error(span, outcome)
                return outcome
        finally:
            request_id_var.reset(token)

    async def _apply(self, handler: Handler, msg: Msg, envelope: Envelope, name: str) -> str:
        model = handler.models.get(envelope.type)
        if model is None:
            await msg.ack()  # another type on the same subject (a newer event of that service): not ours
            metrics.CONSUMER_MESSAGES.labels(name, "ignored").inc()
            return "ignored"
        try:
            event = model.model_validate(envelope.data)
        except ValidationError as exc:
            # Retrying cannot make it valid: park it at once (it stays in the stream for a look by hand).
            logger.error(
                "consumer %s parks event %s, whose payload is not a valid %s: %s",
                name,
                envelope.id,
                model.__name__,
                exc,
            )
            await msg.term()
            metrics.CONSUMER_MESSAGES.labels(name, "invalid").inc()
            return "invalid"
        try:
            async with transaction(self.sessionmaker) as session:
                first = await mark_processed(session, name, envelope.id)
                if first:
                    await handler.fn(session, event, envelope)
            await msg.ack()
            outcome = "applied" if first else "duplicate"
        except asyncio.CancelledError:
            raise
        except Exception:
            delivered = msg.metadata.num_delivered if msg.metadata else 1
            if delivered >= self.max_deliver:
                logger.exception("consumer %s parks event %s after %d tries", name, envelope.id, delivered)
                await msg.term()
                outcome = "parked"
            else:
                logger.warning("consumer %s retries event %s (try %d)", name, envelope.id, delivered, exc_info=True)
                await msg.nak(delay=backoff_seconds(delivered))
                outcome = "retried"
        metrics.CONSUMER_MESSAGES.labels(name, outcome).inc()
        return outcome

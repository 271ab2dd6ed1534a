"""Prometheus metrics: requests per route template, the outbox and the consumers, the database pool and NATS
(docs/decisions.md, Observability; the alert rules use these names)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from prometheus_client import CONTENT_TYPE_LATEST, Counter, Gauge, Histogram, generate_latest
from starlette.requests import Request
from starlette.responses import Response

logger = logging.getLogger("kit.metrics")

HTTP_REQUESTS = Counter("http_requests_total", "HTTP requests", ["method", "route", "status"])
HTTP_LATENCY = Histogram(
    "http_request_duration_seconds",
    "HTTP request duration",
    ["method", "route"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15),
)
OUTBOX_PUBLISHED = Counter("outbox_published_total", "Outbox events published to JetStream")
OUTBOX_FAILURES = Counter("outbox_publish_failures_total", "Outbox relay publish attempts that failed")
# outcome: applied, duplicate, ignored, retried, invalid, parked (the alert rules watch "parked")
CONSUMER_MESSAGES = Counter("consumer_messages_total", "Messages handled by durable consumers", ["consumer", "outcome"])
CONSUMER_PENDING = Gauge("consumer_pending", "Messages a durable consumer has yet to be delivered", ["consumer"])
OUTBOX_PENDING = Gauge("outbox_pending", "Outbox rows not yet published (as of the last look)")
OUTBOX_OLDEST_AGE = Gauge("outbox_oldest_age_seconds", "Age of the oldest unpublished outbox row (0: none)")
DB_POOL_IN_USE = Gauge("db_pool_in_use", "Database connections checked out of the pool")
DB_POOL_WAITING = Gauge("db_pool_waiting", "Requests waiting for a database connection")
NATS_CONNECTED = Gauge("nats_connected", "1 while the process's NATS connection is up")
# outcome: not_modified (304), shared (a guest's body kept or being built), built (a body built for this request)
SHARED_READS = Counter("shared_reads_total", "Answers of the reads a crowd shares (kit.shared_reads)", ["outcome"])


class _Pool(Protocol):
    def checkedout(self) -> int: ...


class _Connected(Protocol):
    @property
    def connected(self) -> bool: ...


# What the gauges read at scrape time: the engines' pools and the buses a process has open (one of each in a
# service; tests open several, one after another).
_pools: list[_Pool] = []
_buses: list[_Connected] = []


def watch_pool(pool: _Pool) -> None:
    _pools.append(pool)


def forget_pool(pool: _Pool) -> None:
    with contextlib.suppress(ValueError):
        _pools.remove(pool)


def watch_bus(bus: _Connected) -> None:
    _buses.append(bus)


def forget_bus(bus: _Connected) -> None:
    with contextlib.suppress(ValueError):
        _buses.remove(bus)


def _waiting(pool: Any) -> int:
    """Waiters on SQLAlchemy's async queue pool: the getters of its asyncio queue. Not a public attribute; should
    it move, the gauge says 0 rather than break the scrape."""
    try:
        getters = pool._pool._queue._getters
        return sum(1 for waiter in getters if not waiter.done())
    except AttributeError:
        return 0


DB_POOL_IN_USE.set_function(lambda: sum(pool.checkedout() for pool in _pools))
DB_POOL_WAITING.set_function(lambda: sum(_waiting(pool) for pool in _pools))
NATS_CONNECTED.set_function(lambda: 1 if _buses and all(bus.connected for bus in _buses) else 0)


class CachedProbe:
    """A gauge worth a query, refreshed on a scrape at most every `max_age` seconds: the scrape waits `wait`
    seconds at most and otherwise shows the last value (a database out of reach must not hold the scrape up;
    the query goes on alone and the next scrape may have it)."""

    def __init__(self, probe: Callable[[], Awaitable[None]], *, max_age: float = 5.0, wait: float = 0.5):
        self.probe = probe
        self.max_age = max_age
        self.wait = wait
        self.fresh_at = float("-inf")
        self.task: asyncio.Task[None] | None = None

    async def refresh(self) -> None:
        if time.monotonic() - self.fresh_at < self.max_age:
            return
        if self.task is None:
            self.task = asyncio.create_task(self._run())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self.task), self.wait)

    async def _run(self) -> None:
        try:
            await self.probe()
            self.fresh_at = time.monotonic()
        except Exception as exc:  # noqa: BLE001 - the last value stays; the outage shows on the health checks
            logger.debug("a gauge was not refreshed: %s", exc)
        finally:
            self.task = None


async def metrics_endpoint(request: Request) -> Response:
    for probe in getattr(request.app.state, "metric_probes", ()):
        await probe.refresh()
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)

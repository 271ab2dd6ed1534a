"""Background work of a service: `NotifiedLoop`, the one loop that wakes on a PostgreSQL NOTIFY (with a polling
fallback), and `stop_if_cancelled`, which every worker loop calls each time round.

A service passes its loops to `create_service_app(workers=...)`; the kit starts them after the database and the
bus, and cancels them (and waits for them) before it closes anything they use."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from typing import Any, Protocol

import asyncpg

from kit.db import asyncpg_dsn

logger = logging.getLogger("kit.workers")

# One step of work; it answers how long the loop may sleep before the next one: 0 to go again at once (a full
# batch), None for the loop's polling interval, or the seconds until something it knows of falls due.
Step = Callable[[], Awaitable[float | None]]


class Worker(Protocol):
    name: str

    async def run(self) -> None: ...


def stop_if_cancelled() -> None:
    """For worker loops (relay, consumers, mail): end the task when its cancellation was requested. nats-py,
    aiosmtplib and asyncpg wait with asyncio.wait_for, which on Python 3.11 can swallow a cancellation that arrives
    as the wait ends; a loop that goes round again would then outlive its service's shutdown and hang the
    lifespan."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


@contextlib.asynccontextmanager
async def running(*work: Coroutine[Any, Any, None]) -> AsyncIterator[None]:
    """Run coroutines (worker loops) as tasks for the block; on leaving, cancel each once and wait for all."""
    tasks = [asyncio.create_task(w, name=getattr(w, "__qualname__", None)) for w in work]
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


class NotifiedLoop:
    """Runs `step` whenever `NOTIFY <channel>` arrives (the writer notifies in its transaction, so it is delivered
    at commit), at the latest every `poll_seconds`, and again at once after a full batch. A failing step is
    retried with backoff (1/5 s … 5 s); the work stays in the database meanwhile. Several replicas may run the
    same loop: the steps claim rows with FOR UPDATE SKIP LOCKED."""

    def __init__(
        self,
        name: str,
        step: Step,
        *,
        database_url: str,
        channel: str,
        poll_seconds: float,
        on_error: Callable[[Exception], None] | None = None,
    ):
        self.name = name
        self.step = step
        # `database_url` is the settings' listen_url: the database itself, not a transaction-mode pooler, where a
        # LISTEN would hold no session. The name tells these connections apart in pg_stat_activity.
        self.dsn = asyncpg_dsn(database_url)
        self.application_name = f"cypher-listen-{name}"
        self.channel = channel
        self.poll_seconds = poll_seconds
        self.on_error = on_error
        self._wake = asyncio.Event()

    def wake(self) -> None:
        self._wake.set()

    async def run(self) -> None:
        listener = asyncio.create_task(self._listen(), name=f"{self.name}-listen")
        delay = 0.2
        try:
            while True:
                stop_if_cancelled()
                self._wake.clear()
                try:
                    wait = await self.step()
                    delay = 0.2
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # the database or the far side is away: the work waits in the database
                    stop_if_cancelled()
                    if self.on_error is not None:
                        self.on_error(exc)
                    logger.warning("%s interrupted (%s); retrying in %.1fs", self.name, exc, delay)
                    wait, delay = delay, min(delay * 2, 5.0)
                wait = self.poll_seconds if wait is None else min(wait, self.poll_seconds)
                if wait <= 0:
                    continue
                # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancellation that arrives
                # as the wake-up fires, and the loop then outlives its service's shutdown.
                try:
                    async with asyncio.timeout(wait):
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
                conn = await asyncpg.connect(self.dsn, server_settings={"application_name": self.application_name})
                await conn.add_listener(self.channel, lambda *_: self._wake.set())
                closed = asyncio.Event()
                conn.add_termination_listener(lambda *_, ended=closed: ended.set())
                self._wake.set()  # catch up on anything written while we were not listening
                await closed.wait()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                stop_if_cancelled()
                logger.debug("%s listener reconnecting: %s", self.name, exc)
                await asyncio.sleep(1)
            finally:
                if conn is not None and not conn.is_closed():
                    await conn.close()

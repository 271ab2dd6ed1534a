"""The NATS JetStream connection of a process: connects in the background and keeps reconnecting, so a
service starts (and reports not-ready) while NATS is down instead of crashing."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

import nats
from nats.aio.client import Client as NATS
from nats.js import JetStreamContext
from nats.js.api import RetentionPolicy, StorageType, StreamConfig
from nats.js.errors import BadRequestError

from kit import metrics
from kit.events import STREAMS

logger = logging.getLogger("kit.bus")


class Bus:
    def __init__(self, url: str, name: str, streams: tuple[str, ...] = (), *, stream_replicas: int = 1):
        self.url = url
        self.name = name
        self.streams = streams  # service prefixes whose streams this process makes sure exist
        self.stream_replicas = stream_replicas  # settings' NATS_STREAM_REPLICAS
        self.nc: NATS | None = None
        self._js: JetStreamContext | None = None
        self._ready = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closing = False

    @property
    def connected(self) -> bool:
        return self.nc is not None and self.nc.is_connected

    @property
    def js(self) -> JetStreamContext:
        if self._js is None:
            raise ConnectionError("NATS is not connected yet")
        return self._js

    async def wait_ready(self, timeout: float | None = None) -> JetStreamContext:
        await asyncio.wait_for(self._ready.wait(), timeout)
        return self.js

    def start(self) -> None:
        metrics.watch_bus(self)
        self._task = asyncio.create_task(self._connect_forever(), name=f"bus-connect-{self.name}")

    async def _connect_forever(self) -> None:
        delay = 0.2
        while True:
            try:
                nc = await nats.connect(
                    self.url,
                    name=self.name,
                    connect_timeout=2,
                    allow_reconnect=True,
                    max_reconnect_attempts=-1,
                    reconnect_time_wait=0.5,
                    error_cb=self._on_error,
                    disconnected_cb=self._on_disconnected,
                    reconnected_cb=self._on_reconnected,
                )
                self.nc = nc
                self._js = nc.jetstream(timeout=5)
                for prefix in self.streams:
                    await ensure_stream(self._js, prefix, self.stream_replicas)
                self._ready.set()
                logger.info("connected to NATS at %s", self.url)
                return
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                logger.warning("NATS not reachable at %s (%s); retrying in %.1fs", self.url, exc, delay)
                if self.nc is not None:
                    await self._close_quietly(self.nc)
                    self.nc = None
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def _on_error(self, exc: Exception) -> None:
        logger.debug("NATS error: %s", exc)

    async def _on_disconnected(self) -> None:
        if self._closing:
            return  # our own shutdown, not news
        logger.warning("NATS disconnected")

    async def _on_reconnected(self) -> None:
        logger.info("NATS reconnected")

    @staticmethod
    async def _close_quietly(nc: NATS) -> None:
        try:
            await nc.close()
        except Exception:  # noqa: BLE001 - closing a broken connection may fail; nothing to do about it
            pass

    async def close(self) -> None:
        metrics.forget_bus(self)
        self._closing = True
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
        if self.nc is not None:
            # close, not drain: the workers are already stopped, and a drain waits on their pull subscriptions.
            await self._close_quietly(self.nc)
        self.nc = None
        self._js = None


def stream_config(prefix: str, replicas: int = 1) -> StreamConfig:
    """One service's stream (`IDENTITY` over `identity.>`), kept on `replicas` NATS servers."""
    return StreamConfig(
        name=STREAMS[prefix],
        subjects=[f"{prefix}.>"],
        retention=RetentionPolicy.LIMITS,
        storage=StorageType.FILE,
        duplicate_window=120.0,
        max_age=30 * 24 * 3600.0,
        num_replicas=replicas,
    )


async def ensure_stream(js: JetStreamContext, prefix: str, replicas: int = 1) -> None:
    """Create the stream of one service, or leave it as it is but for its number of replicas, which follows the
    setting (a stream made with 1 on a cluster's first day gets 3 once the setting says 3)."""
    config = stream_config(prefix, replicas)
    name = config.name
    assert name is not None
    try:
        info = await js.stream_info(name)
    except Exception:
        try:
            await js.add_stream(config)
        except BadRequestError:
            # Another process created it between our look and our add.
            await js.stream_info(name)
        return
    if (info.config.num_replicas or 1) != replicas:
        await js.update_stream(replace(info.config, num_replicas=replicas))

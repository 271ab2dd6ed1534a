from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import nats
import uvicorn
from fastapi import FastAPI
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy

from kit.events import STREAMS, Envelope
from kit.principal import PRINCIPAL_HEADER, Principal, encode_principal
from kit.settings import DEV_INTERNAL_SECRET, ServiceSettings

T = TypeVar("T")


@dataclass(frozen=True)
class ServiceSpec:
    """What kit.testing needs to know about the service under test."""

    name: str
    settings_factory: Callable[..., ServiceSettings]
    app_factory: Callable[[Any], FastAPI]
    migrations_dir: Path


def as_user(
    account_id: int,
    profile_id: int | None = None,
    *,
    profile_ids: tuple[int, ...] | None = None,
    admin: bool = False,
    secret: str = DEV_INTERNAL_SECRET,
) -> dict[str, str]:
    """Headers of a request as the gateway would forward it for this user."""
    pid = profile_id if profile_id is not None else account_id
    principal = Principal(
        account_id=account_id, profile_id=pid, profile_ids=profile_ids or (pid,), is_platform_admin=admin
    )
    return {PRINCIPAL_HEADER: encode_principal(principal, secret)}


async def eventually(check: Callable[[], Awaitable[T]], *, timeout: float = 10.0, interval: float = 0.05) -> T:
    """Retry an async check until it returns a truthy value (events travel asynchronously)."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while True:
        try:
            last = await check()
            if last:
                return last
        except AssertionError:
            if time.monotonic() > deadline:
                raise
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout}s (last value: {last!r})")
        await asyncio.sleep(interval)


async def collect_events(nats_url: str, subject: str, *, count: int, timeout: float = 10.0) -> list[Envelope]:
    """Read `count` events on `subject` from the start of its stream (an ephemeral consumer)."""
    nc = await nats.connect(nats_url)
    try:
        js = nc.jetstream()
        stream = STREAMS[subject.split(".", 1)[0]]
        deadline = time.monotonic() + timeout
        while True:
            try:
                await js.stream_info(stream)
                break
            except Exception:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.05)
        sub = await js.pull_subscribe(
            subject,
            stream=stream,
            config=ConsumerConfig(ack_policy=AckPolicy.NONE, deliver_policy=DeliverPolicy.ALL),
        )
        found: list[Envelope] = []
        while len(found) < count and time.monotonic() < deadline:
            try:
                msgs = await sub.fetch(count - len(found), timeout=max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                break
            found += [Envelope.from_json(m.data) for m in msgs]
        return found
    finally:
        await nc.close()


@contextlib.asynccontextmanager
async def serve_app(app: Any, port: int, host: str = "127.0.0.1") -> AsyncIterator[uvicorn.Server]:
    """Run an ASGI app on a real port inside the test's event loop (gateway tests talk HTTP to it)."""
    # proxy_headers off: like the deployed gateway, which decides itself whom to trust in X-Forwarded-For.
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", lifespan="on", access_log=False, proxy_headers=False
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.02)
    try:
        yield server
    finally:
        server.should_exit = True
        await task

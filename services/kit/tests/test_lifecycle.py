"""create_service_app owns the lifecycle: resources, then workers; workers stop before the resources close;
a NotifiedLoop wakes on NOTIFY well before its polling interval."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
from asgi_lifespan import LifespanManager
from fastapi import FastAPI

from kit.app import create_service_app
from kit.db import asyncpg_dsn
from kit.settings import ServiceSettings
from kit.testing import eventually
from kit.workers import NotifiedLoop

SAMPLE = Path(__file__).parent / "sample"


def settings(database_url: str, nats_url: str) -> ServiceSettings:
    return ServiceSettings(
        database_url=database_url, nats_url=nats_url, env="test", log_json=False, service_name="kittest"
    )


async def test_resources_open_before_the_workers_and_close_after_them(database_url: str, nats_url: str) -> None:
    journal: list[str] = []

    @contextlib.asynccontextmanager
    async def resource(app: FastAPI) -> AsyncIterator[str]:
        journal.append("resource opened")
        yield "the client"
        journal.append("resource closed")

    class Worker:
        name = "sample-worker"

        def __init__(self, app: FastAPI):
            journal.append(f"worker built with {app.state.client}")

        async def run(self) -> None:
            journal.append("worker running")
            try:
                await asyncio.sleep(3600)
            finally:
                journal.append("worker stopped")

    app = create_service_app(
        settings(database_url, nats_url),
        title="sample",
        routers=[],
        resources={"client": resource},
        workers=[Worker],
        migrations=SAMPLE,
    )
    async with LifespanManager(app):
        await eventually(lambda: _true("worker running" in journal))
        assert app.state.client == "the client"
    assert journal == [
        "resource opened",
        "worker built with the client",
        "worker running",
        "worker stopped",
        "resource closed",
    ]


async def test_no_workers_when_the_settings_say_so(database_url: str, nats_url: str) -> None:
    app = create_service_app(
        settings(database_url, nats_url).model_copy(update={"run_workers": False}),
        title="sample",
        routers=[],
        workers=[lambda _: (_ for _ in ()).throw(AssertionError("built"))],  # type: ignore[list-item]
        migrations=SAMPLE,
    )
    async with LifespanManager(app):
        assert not hasattr(app.state, "relay")


async def test_a_notified_loop_wakes_on_notify_before_its_poll(database_url: str) -> None:
    steps = 0

    async def step() -> None:
        nonlocal steps
        steps += 1

    loop = NotifiedLoop("sample", step, database_url=database_url, channel="sample_wake", poll_seconds=30)
    task = asyncio.create_task(loop.run())
    try:
        await eventually(lambda: _true(steps >= 2))  # the first run, and the catch-up once the listener is up
        before = steps
        conn = await asyncpg.connect(asyncpg_dsn(database_url))
        try:
            await conn.execute("NOTIFY sample_wake")
        finally:
            await conn.close()
        await eventually(lambda: _true(steps > before), timeout=5)
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def _true(value: bool) -> bool:
    return value

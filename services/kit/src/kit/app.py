"""The one way a service is built: engine, bus, relay and consumers in the lifespan; errors, request ids,
metrics, health and orjson everywhere. A service adds only its routers, handlers and own resources."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path

from fastapi import APIRouter, FastAPI

from kit.bus import Bus
from kit.consumers import ConsumerRunner, Handler
from kit.db import create_engine, create_sessionmaker
from kit.errors import install_error_handlers
from kit.health import router as health_router
from kit.logs import configure_logging
from kit.metrics import metrics_endpoint
from kit.middleware import RequestContextMiddleware
from kit.migrations import head_revision
from kit.outbox import OutboxRelay
from kit.settings import ServiceSettings

Hook = Callable[[FastAPI], Awaitable[None]]


def create_service_app(
    settings: ServiceSettings,
    *,
    title: str,
    routers: Sequence[APIRouter],
    migrations_dir: Path,
    handlers: Sequence[Handler] = (),
    on_startup: Hook | None = None,
    on_shutdown: Hook | None = None,
) -> FastAPI:
    service = settings.service_name

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        configure_logging(service, settings.log_level, settings.log_json)
        engine = create_engine(settings.database_url, pool_size=settings.db_pool_size)
        app.state.engine = engine
        app.state.sessionmaker = create_sessionmaker(engine)
        app.state.migration_head = head_revision(migrations_dir)
        bus = Bus(settings.nats_url, name=service, streams=(service,))
        app.state.bus = bus
        bus.start()
        tasks: list[asyncio.Task[None]] = []
        if settings.run_workers:
            relay = OutboxRelay(
                app.state.sessionmaker, bus, settings.database_url, poll_seconds=settings.outbox_poll_seconds
            )
            app.state.relay = relay
            tasks.append(asyncio.create_task(relay.run(), name=f"{service}-outbox-relay"))
            if handlers:
                runner = ConsumerRunner(
                    service,
                    list(handlers),
                    app.state.sessionmaker,
                    bus,
                    max_deliver=settings.consumer_max_deliver,
                )
                app.state.consumers = runner
                tasks.append(asyncio.create_task(runner.run(), name=f"{service}-consumers"))
        if on_startup:
            await on_startup(app)
        try:
            yield
        finally:
            if on_shutdown:
                await on_shutdown(app)
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            await bus.close()
            await engine.dispose()

    app = FastAPI(
        title=title,
        lifespan=lifespan,
        docs_url="/docs" if not settings.is_production else None,
        redoc_url=None,
    )
    app.state.settings = settings
    install_error_handlers(app)
    app.add_middleware(RequestContextMiddleware)
    app.include_router(health_router)
    app.add_route("/metrics", metrics_endpoint, include_in_schema=False)
    for router in routers:
        app.include_router(router)
    return app

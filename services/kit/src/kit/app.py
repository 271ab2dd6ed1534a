"""The one way a service is built, lifecycle included: engine, bus, the service's resources, the outbox relay,
the consumers and the service's own worker loops start in the lifespan and stop in reverse order; errors, request
ids, idempotency keys, metrics, health and orjson everywhere. A service adds only its routers, handlers, workers,
resources and middleware; it never starts or cancels a task by hand."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from starlette.middleware import Middleware

from kit import metrics
from kit.bus import Bus
from kit.consumers import ConsumerRunner, Handler
from kit.db import create_engine, create_read_sessionmaker, create_sessionmaker
from kit.errors import install_error_handlers
from kit.health import router as health_router
from kit.idempotency import IdempotencyMiddleware, Replay, replay
from kit.logs import configure_logging
from kit.metrics import metrics_endpoint
from kit.middleware import RequestContextMiddleware, StrictJsonMiddleware
from kit.migrations import head_revision, known_revisions, migrations_dir, package_of
from kit.outbox import OutboxRelay, backlog_gauges
from kit.platform import SERVICES
from kit.rows import open_rows
from kit.settings import ServiceSettings
from kit.tracing import configure_tracing
from kit.workers import Worker, running

# Built in the lifespan, once the engine and the bus exist (app.state.sessionmaker, app.state.bus).
WorkerFactory = Callable[[FastAPI], Worker]
ResourceFactory = Callable[[FastAPI], AbstractAsyncContextManager[Any]]


def create_service_app(
    settings: ServiceSettings,
    *,
    title: str,
    routers: Sequence[APIRouter],
    handlers: Sequence[Handler[Any]] = (),
    workers: Sequence[WorkerFactory] = (),
    resources: Mapping[str, ResourceFactory] = {},
    middleware: Sequence[Middleware] = (),
    migrations: Path | None = None,
) -> FastAPI:
    """`resources` are entered in order (a later one may use an earlier one's `app.state.<name>`) and set as
    `app.state.<name>`; `workers` (e.g. a `NotifiedLoop`) run beside the relay and the consumers when
    `settings.run_workers`; `middleware` sits inside the kit's request context, before the routing. The
    migrations are the package's `migrations/` folder (the package of the settings' class)."""
    service = settings.service_name
    migrations = migrations or migrations_dir(package_of(settings))

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        configure_logging(service, settings.log_level, settings.log_json)
        configure_tracing(next((s.name for s in SERVICES if s.prefix == service), service))
        engine = create_engine(
            settings.database_url,
            pool_size=settings.db_pool_size,
            max_overflow=settings.db_max_overflow,
            ssl=settings.db_ssl,
        )
        app.state.engine = engine
        app.state.sessionmaker = create_sessionmaker(engine)
        metrics.watch_pool(engine.pool)
        app.state.metric_probes = [backlog_gauges(app.state.sessionmaker)]
        app.state.read_sessionmaker = create_read_sessionmaker(engine)
        app.state.migration_head = head_revision(migrations)
        app.state.migration_revisions = known_revisions(migrations)
        bus = Bus(settings.nats_url, name=service, streams=(service,), stream_replicas=settings.nats_stream_replicas)
        app.state.bus = bus
        bus.start()
        try:
            async with contextlib.AsyncExitStack() as stack:
                app.state.rows = await stack.enter_async_context(open_rows(settings))
                for name, resource in resources.items():
                    setattr(app.state, name, await stack.enter_async_context(resource(app)))
                if settings.run_workers:
                    relay = OutboxRelay(
                        app.state.sessionmaker, bus, settings.listen_url, poll_seconds=settings.outbox_poll_seconds
                    )
                    app.state.relay = relay
                    started: list[Worker] = [relay]
                    if handlers:
                        runner = ConsumerRunner(
                            service,
                            list(handlers),
                            app.state.sessionmaker,
                            bus,
                            max_deliver=settings.consumer_max_deliver,
                        )
                        app.state.consumers = runner
                        started.append(runner)
                    started += [factory(app) for factory in workers]
                    app.state.workers = started
                    # Entered last, left first: the workers stop before the resources they use are closed.
                    await stack.enter_async_context(running(*(w.run() for w in started)))
                # What start-up built (modules, the app, its statements) lives as long as the process: out of the
                # collector's sight, as in the gateway; a rush's full collections were a tenth of its time.
                gc.freeze()
                yield
        finally:
            metrics.forget_pool(engine.pool)
            await bus.close()
            await engine.dispose()

    app = FastAPI(
        title=title,
        lifespan=lifespan,
        docs_url="/docs" if not settings.is_production else None,
        redoc_url=None,
        # The kit measures requests itself (kit.metrics, Prometheus); FastAPI's OpenTelemetry hooks, unused,
        # still cost every request a check per operation.
        telemetry={"tracing": False, "metrics": False, "logs": False, "operation_spans": False},
    )
    app.state.settings = settings
    install_error_handlers(app)
    app.add_exception_handler(Replay, replay)
    # Outermost first: the request context (ids, logs, metrics), idempotency keys, then the service's own.
    app.user_middleware[:0] = [
        Middleware(RequestContextMiddleware),
        Middleware(StrictJsonMiddleware),
        Middleware(IdempotencyMiddleware),
        *middleware,
    ]
    app.include_router(health_router)
    app.add_route("/metrics", metrics_endpoint, include_in_schema=False)
    for router in routers:
        app.include_router(router)
    return app

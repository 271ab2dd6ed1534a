"""pytest fixtures every service uses (`pytest_plugins = ["kit.testing.plugin"]`): a fresh database per run
migrated to head, a real NATS server, the app with its lifespan, and an ASGI client."""

from kit.testing.helpers import (
    ServiceSpec,
    as_user,
    collect_events,
    count_queries,
    create_database,
    drop_database,
    eventually,
    memory_spans,
    metric_values,
    migrated_database,
    publish,
    serve_app,
)

__all__ = [
    "ServiceSpec",
    "as_user",
    "collect_events",
    "count_queries",
    "create_database",
    "drop_database",
    "eventually",
    "memory_spans",
    "metric_values",
    "migrated_database",
    "publish",
    "serve_app",
]

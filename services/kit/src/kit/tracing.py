"""OpenTelemetry traces with W3C trace context: one trace follows a request from the gateway through the services,
their calls to each other, the outbox, NATS and the consumers to the live feed (docs/decisions.md, Observability).

Spans are made by hand through the API. Nothing is exported unless `OTEL_EXPORTER_OTLP_ENDPOINT` is set (then
over OTLP/HTTP, batched, service name = the process's name): without it the API's no-op tracer still hands the
incoming `traceparent` on unchanged, so the ids in the logs follow the request all the same."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator, Mapping, MutableMapping
from contextlib import contextmanager
from typing import Any

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.context import Context
from opentelemetry.trace import Span, SpanKind, Status, StatusCode
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

__all__ = [
    "Context",
    "Span",
    "SpanKind",
    "configure_tracing",
    "current_trace_id",
    "extract",
    "inject",
    "span",
    "use",
]

logger = logging.getLogger("kit.tracing")

TRACE_HEADERS = ("traceparent", "tracestate")
_propagator = TraceContextTextMapPropagator()
_provider: trace.TracerProvider | None = None  # ours, once configured (or a test's); else the API's global
_tracer: trace.Tracer | None = None


def configure_tracing(service: str, endpoint: str | None = None) -> bool:
    """Export this process's spans over OTLP/HTTP when an endpoint is configured (the argument, or the standard
    `OTEL_EXPORTER_OTLP_ENDPOINT`); True when it does. Once per process: a second call keeps the first setup."""
    endpoint = endpoint or os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT")
    traces_endpoint = os.environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")  # the standard's full URL, if given
    if not (endpoint or traces_endpoint) or _provider is not None:
        return _provider is not None
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    provider = TracerProvider(resource=Resource.create({"service.name": service}))
    # The standard variable is the collector's base URL; the exporter reads it (and OTEL_EXPORTER_OTLP_HEADERS) and
    # adds /v1/traces itself. An endpoint given by argument is taken the same way.
    url = traces_endpoint or f"{(endpoint or '').rstrip('/')}/v1/traces"
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=url)))
    use(provider)
    logger.info("exporting traces to %s", url)
    return True


def use(provider: trace.TracerProvider | None) -> None:
    """Make spans with this provider (tests: an SDK provider with an in-memory exporter; None: the API's)."""
    global _provider, _tracer
    _provider = provider
    _tracer = None


def tracer() -> trace.Tracer:
    global _tracer
    if _tracer is None:
        _tracer = (_provider or trace.get_tracer_provider()).get_tracer("cypher")
    return _tracer


def extract(carrier: Mapping[str, str] | None) -> Context | None:
    """The trace context of incoming headers (HTTP or NATS), or None when they carry none."""
    if not carrier or not any(key in carrier for key in TRACE_HEADERS):
        return None
    return _propagator.extract(carrier)


def inject(carrier: MutableMapping[str, str], ctx: Context | None = None) -> MutableMapping[str, str]:
    """Add the current (or given) trace context to outgoing headers."""
    _propagator.inject(carrier, context=ctx)
    return carrier


def current_trace_id() -> str | None:
    """The current trace's id, 32 hex digits (what the logs and the access lines carry), or None."""
    ctx = trace.get_current_span().get_span_context()
    return format(ctx.trace_id, "032x") if ctx.is_valid else None


def headers_of(ctx: Context | None = None) -> dict[str, str]:
    """The trace context as headers, e.g. to store with an outbox row."""
    return dict(inject({}, ctx))


@contextmanager
def span(
    name: str,
    *,
    parent: Context | None = None,
    kind: SpanKind = SpanKind.INTERNAL,
    attributes: Mapping[str, Any] | None = None,
) -> Iterator[Span]:
    """A current span for the block, the child of `parent` (extracted headers) or else of the current one. An
    exception marks it as an error and goes on."""
    token = otel_context.attach(parent) if parent is not None else None
    try:
        if not recording():
            # No SDK: the parent's context alone, as the API's no-op span would have it, at a fraction of its cost
            # (every request passes here twice).
            yield trace.get_current_span()
            return
        with tracer().start_as_current_span(
            name, kind=kind, attributes=dict(attributes) if attributes else None, record_exception=True
        ) as current:
            yield current
    finally:
        if token is not None:
            otel_context.detach(token)


def recording() -> bool:
    """Whether spans are made: our provider is set (configured, or a test's), or another SDK set the global one."""
    return _provider is not None or not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider)


def set_error(current: Span, description: str) -> None:
    current.set_status(Status(StatusCode.ERROR, description))

"""Prometheus metrics: requests per route template, outbox and consumer counters."""

from __future__ import annotations

from prometheus_client import CONTENT_TYPE_LATEST, Counter, Histogram, generate_latest
from starlette.requests import Request
from starlette.responses import Response

HTTP_REQUESTS = Counter("http_requests_total", "HTTP requests", ["method", "route", "status"])
HTTP_LATENCY = Histogram(
    "http_request_duration_seconds",
    "HTTP request duration",
    ["method", "route"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15),
)
OUTBOX_PUBLISHED = Counter("outbox_published_total", "Outbox events published to JetStream")
OUTBOX_FAILURES = Counter("outbox_publish_failures_total", "Outbox relay publish attempts that failed")
CONSUMER_MESSAGES = Counter("consumer_messages_total", "Messages handled by durable consumers", ["consumer", "outcome"])


async def metrics_endpoint(_: Request) -> Response:
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)

"""The gateway's Prometheus metrics (docs/decisions.md, Observability; the alert rules and the battle-day dashboard
use these names). `route` is a pattern of gateway/routes.py, never a raw path."""

from prometheus_client import Counter, Gauge, Histogram

GATEWAY_REQUESTS = Counter("gateway_requests_total", "Requests answered by the gateway", ["service", "route", "status"])
GATEWAY_UPSTREAM_SECONDS = Histogram(
    "gateway_upstream_seconds",
    "Time to the upstream's answer",
    ["service", "route"],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15),
)
CLIENT_ERRORS = Counter("client_errors_total", "Errors the SPA reported from browsers", ["kind"])
LIVE_SUBSCRIBERS = Gauge("live_subscribers", "Open live-feed (SSE) streams")
LIVE_REPLAYS = Counter(
    "live_replays_total",
    "Live-feed reconnections replayed what they missed (Last-Event-ID), per stream behind, from memory or JetStream",
    ["source"],
)
# From the event's occurredAt in its envelope to its write to the subscribers: score to scoreboard.
LIVE_DELIVERY_SECONDS = Histogram(
    "live_delivery_seconds",
    "From an event's occurrence to its live-feed write",
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30),
)

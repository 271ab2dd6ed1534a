from prometheus_client import Counter, Histogram

GATEWAY_REQUESTS = Counter("gateway_requests_total", "Requests answered by the gateway", ["service", "status"])
GATEWAY_UPSTREAM_SECONDS = Histogram(
    "gateway_upstream_seconds",
    "Time to the upstream's answer",
    ["service"],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15),
)
CLIENT_ERRORS = Counter("client_errors_total", "Errors the SPA reported from browsers", ["kind"])

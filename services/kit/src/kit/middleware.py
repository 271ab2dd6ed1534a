"""One pure ASGI middleware for request id, metrics by route template and slow-request logging."""

from __future__ import annotations

import logging
import time
import uuid

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kit.logs import request_id_var
from kit.metrics import HTTP_LATENCY, HTTP_REQUESTS

logger = logging.getLogger("kit.http")

REQUEST_ID_HEADER = b"x-request-id"
_UNTRACKED = {"/metrics", "/healthz", "/readyz"}


def _request_id(scope: Scope) -> str:
    for key, value in scope.get("headers", ()):
        if key == REQUEST_ID_HEADER and value:
            return value.decode("latin-1")[:128]
    return uuid.uuid4().hex


class RequestContextMiddleware:
    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = _request_id(scope)
        token = request_id_var.set(request_id)
        started = time.perf_counter()
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", []), (REQUEST_ID_HEADER, request_id.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - started
            path = scope["path"]
            if path not in _UNTRACKED:
                route = scope.get("route")
                template = getattr(route, "path", None) or "unmatched"
                HTTP_REQUESTS.labels(scope["method"], template, str(status)).inc()
                HTTP_LATENCY.labels(scope["method"], template).observe(elapsed)
                if status >= 500 or elapsed > 1.0:
                    logger.warning(
                        "%s %s -> %d in %.0f ms",
                        scope["method"],
                        path,
                        status,
                        elapsed * 1000,
                        extra={"status": status, "durationMs": round(elapsed * 1000, 1)},
                    )
            request_id_var.reset(token)

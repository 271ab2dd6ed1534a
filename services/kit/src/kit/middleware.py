"""Pure ASGI middleware: one for the request id, the trace's server span, metrics by route template, the access
line, the last word on an unexpected exception, and a second lock on /internal/ endpoints; one for JSON bodies as
RFC 8259 has them."""

from __future__ import annotations

import json
import logging
import math
import os
import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kit import tracing
from kit.errors import error_body
from kit.logs import request_id_var
from kit.metrics import HTTP_LATENCY, HTTP_REQUESTS
from kit.responses import dumps

logger = logging.getLogger("kit.http")
errors_logger = logging.getLogger("kit.errors")
INTERNAL_ERROR = dumps(error_body("internal", "Something went wrong, please try again later"))
NOT_FOUND = dumps(error_body("not_found", "Not found"))
NOT_JSON = "Invalid JSON: numbers must be finite (NaN, Infinity and numbers beyond a double are not JSON)"
INVALID_JSON = dumps(error_body("invalid", NOT_JSON, field="body"))
# The gateway adds this to every request it forwards; a service calling another's /internal/ endpoint does not.
FORWARDED_HEADER = b"x-forwarded-for"

REQUEST_ID_HEADER = b"x-request-id"
_UNTRACKED = {"/metrics", "/healthz", "/readyz"}
_TRACE_HEADERS = {b"traceparent", b"tracestate"}
SLOW_SECONDS = 1.0


def new_request_id() -> str:
    """32 random hex digits, as uuid4().hex but a fifth of its cost (no UUID object): one per request."""
    return os.urandom(16).hex()


def _request_id(scope: Scope) -> str:
    for key, value in scope.get("headers", ()):
        if key == REQUEST_ID_HEADER and value:
            return value.decode("latin-1")[:128]
    return new_request_id()


def _trace_context(scope: Scope) -> tracing.Context | None:
    carrier = {k.decode(): v.decode("latin-1") for k, v in scope.get("headers", ()) if k in _TRACE_HEADERS}
    return tracing.extract(carrier)


def access_line(
    log: logging.Logger,
    method: str,
    path: str,
    route: str,
    status: int,
    elapsed: float,
    cause: str | None = None,
    *,
    warn_from: int | None = 500,
    slow: float | None = SLOW_SECONDS,
) -> None:
    """One line per request (docs/decisions.md, Observability): a warning when it failed on our side (status
    `warn_from` and up) or took over `slow` seconds, naming a dependency out of reach on the same line; the request
    id comes with every line (kit.logs)."""
    failed = warn_from is not None and status >= warn_from
    level = logging.WARNING if failed or (slow is not None and elapsed > slow) else logging.INFO
    if not log.isEnabledFor(level):
        return
    log.log(
        level,
        "%s %s -> %d in %.0f ms%s",
        method,
        path,
        status,
        elapsed * 1000,
        f" ({cause})" if cause else "",
        extra={
            "method": method,
            "route": route,
            "status": status,
            "durationMs": round(elapsed * 1000, 1),
            "traceId": tracing.current_trace_id(),
        },
    )


def _forwarded_by_the_gateway(scope: Scope) -> bool:
    return any(key == FORWARDED_HEADER for key, _ in scope["headers"])


async def _answer(send: Send, status: int, body: bytes) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class RequestContextMiddleware:
    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = _request_id(scope)
        token = request_id_var.set(request_id)
        try:
            if scope["path"] in _UNTRACKED:  # probes and scrapes: no span, no access line, no metrics
                await self._handle(scope, receive, send, request_id, None)
                return
            with tracing.span(
                scope["method"], parent=_trace_context(scope), kind=tracing.SpanKind.SERVER
            ) as server_span:
                await self._handle(scope, receive, send, request_id, server_span)
        finally:
            request_id_var.reset(token)

    async def _handle(
        self, scope: Scope, receive: Receive, send: Send, request_id: str, server_span: tracing.Span | None
    ) -> None:
        started = time.perf_counter()
        status = 500
        response_started = response_ended = False

        async def send_with_id(message: Message) -> None:
            nonlocal status, response_started, response_ended
            if message["type"] == "http.response.start":
                status = message["status"]
                response_started = True
                message["headers"] = [*message.get("headers", []), (REQUEST_ID_HEADER, request_id.encode())]
            elif message["type"] == "http.response.body" and not message.get("more_body", False):
                response_ended = True
            await send(message)

        try:
            if scope["path"].startswith("/internal/") and _forwarded_by_the_gateway(scope):
                # The gateway never forwards /internal/ (gateway/paths.py); should a path ever slip past it,
                # the service still does not answer a request that came from outside.
                await _answer(send_with_id, 404, NOT_FOUND)
            else:
                await self.app(scope, receive, send_with_id)
        except Exception:
            # Starlette answers an unexpected exception with its 500 and then raises it on to the server, and
            # uvicorn closes the connection for it - one the gateway's pool had already taken back for the next
            # request, which then failed with 503. The 500 is answered here and the exception ends here, so
            # the connection stays good. Only an answer cut short mid-body still closes it.
            errors_logger.exception("unhandled error on %s %s", scope["method"], scope["path"])
            if response_started and not response_ended:
                raise
            if not response_started:
                await _answer(send_with_id, 500, INTERNAL_ERROR)
        finally:
            if server_span is not None:
                self._record(scope, server_span, status, time.perf_counter() - started)

    @staticmethod
    def _record(scope: Scope, server_span: tracing.Span, status: int, elapsed: float) -> None:
        route = getattr(scope.get("route"), "path", None) or "unmatched"
        HTTP_REQUESTS.labels(scope["method"], route, str(status)).inc()
        HTTP_LATENCY.labels(scope["method"], route).observe(elapsed)
        server_span.update_name(f"{scope['method']} {route}")
        server_span.set_attribute("http.route", route)
        server_span.set_attribute("http.response.status_code", status)
        if status >= 500:
            tracing.set_error(server_span, str(status))
        # a dependency out of reach (kit.dberrors) says which and why on the same line
        cause = (scope.get("state") or {}).get("unavailable")
        access_line(logger, scope["method"], scope["path"], route, status, elapsed, cause)


def _refuse(value: str) -> float:
    raise ValueError(value)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def strict_json(body: bytes) -> bool | None:
    """True: JSON as RFC 8259 has it. False: Python's lenient parser would take it (NaN, Infinity, 1e999 read as
    infinity) but the RFC does not. None: not JSON at all (FastAPI answers that itself, as it always has)."""
    try:
        json.loads(body, parse_constant=_refuse, parse_float=_finite)
        return True
    except ValueError:
        try:
            json.loads(body)
        except ValueError:
            return None
        return False


def _json_content(scope: Scope) -> bool:
    for key, value in scope["headers"]:
        if key == b"content-type":
            kind = value.split(b";", 1)[0].strip().lower()
            return kind == b"application/json" or (kind.startswith(b"application/") and kind.endswith(b"+json"))
    return False


class StrictJsonMiddleware:
    """A JSON body that Python's parser (FastAPI's) takes but RFC 8259 does not is refused with 400 before the app:
    NaN and Infinity, and numbers beyond a double, which Python reads as infinity, would otherwise reach the rules
    and the database (docs/decisions.md, Kit). The body is read once and handed on as it came."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS") or not _json_content(scope):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away before its body came whole
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body and strict_json(body) is False:
            await _answer(send, 400, INVALID_JSON)
            return
        handed = False

        async def replay() -> Message:
            nonlocal handed
            if handed:
                return await receive()
            handed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

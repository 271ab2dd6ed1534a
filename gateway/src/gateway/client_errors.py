"""POST /api/client-errors: what went wrong in a browser (an uncaught error, an unhandled rejection, an error
boundary's catch), reported by the SPA (web/src/lib/error-reporter.ts). Rate limited per address, validated and
capped, logged as one JSON line, counted (`client_errors_total`), forwarded to a Sentry-compatible DSN when one is
set, and in development kept for /dev/errors (docs/decisions.md, "Client errors reach us")."""

from __future__ import annotations

import asyncio
import html
import logging
import time
import uuid
from collections import deque
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Literal
from urllib.parse import urlsplit

import aiohttp
import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.types import Scope

from gateway.metrics import CLIENT_ERRORS
from gateway.ratelimit import SlidingWindow
from kit.errors import error_response
from kit.responses import JSONResponse

logger = logging.getLogger("gateway.client_errors")

BODY_LIMIT_BYTES = 16 * 1024
DEV_KEPT = 200  # the newest reports /dev/errors lists


class ClientError(BaseModel):
    """One report, as the SPA sends it (camelCase); unknown fields are ignored (a newer SPA may send more)."""

    model_config = ConfigDict(extra="ignore", populate_by_name=True, str_strip_whitespace=True)

    kind: Literal["error", "rejection", "boundary"]
    message: str = Field(min_length=1, max_length=2000)
    stack: str | None = Field(default=None, max_length=8000)
    component_stack: str | None = Field(default=None, max_length=8000, alias="componentStack")
    url: str | None = Field(default=None, max_length=2000)
    release: str | None = Field(default=None, max_length=100)


class SentryTarget:
    """Where a DSN `https://<key>@<host>[/<path>]/<project>` takes envelopes, and how they are signed."""

    def __init__(self, dsn: str) -> None:
        parts = urlsplit(dsn)
        path, _, project = parts.path.rstrip("/").rpartition("/")
        if not parts.username or not parts.hostname or not project:
            raise ValueError("SENTRY_DSN must look like https://<key>@<host>/<project>")
        port = f":{parts.port}" if parts.port else ""
        self.dsn = dsn
        self.url = f"{parts.scheme}://{parts.hostname}{port}{path}/api/{project}/envelope/"
        self.auth = f"Sentry sentry_version=7, sentry_key={parts.username}, sentry_client=cypher-gateway/1"

    def envelope(self, report: ClientError, user_agent: str, received: datetime) -> bytes:
        event_id = uuid.uuid4().hex
        event: dict[str, Any] = {
            "event_id": event_id,
            "timestamp": received.timestamp(),
            "platform": "javascript",
            "level": "error",
            "logger": "cypher.web",
            "release": report.release,
            "tags": {"kind": report.kind},
            "exception": {"values": [{"type": report.kind, "value": report.message}]},
            "request": {"url": report.url, "headers": {"User-Agent": user_agent}},
            "extra": {"stack": report.stack, "componentStack": report.component_stack},
        }
        header = {"event_id": event_id, "sent_at": received.isoformat(), "dsn": self.dsn}
        item = orjson.dumps(event)
        item_header = {"type": "event", "content_type": "application/json", "length": len(item)}
        return b"\n".join([orjson.dumps(header), orjson.dumps(item_header), item]) + b"\n"


class ClientErrors:
    def __init__(
        self,
        *,
        per_address: int,
        window_seconds: float,
        sentry_dsn: str | None,
        keep_for_dev: bool,
        client_ip: Callable[[Scope], str],
        session: Callable[[], aiohttp.ClientSession | None],
    ) -> None:
        self.limit = SlidingWindow(per_address, window_seconds)
        self.sentry = SentryTarget(sentry_dsn) if sentry_dsn else None
        self.kept: deque[dict[str, Any]] | None = deque(maxlen=DEV_KEPT) if keep_for_dev else None
        self.client_ip = client_ip
        self.session = session
        self._forwarding: set[asyncio.Task[None]] = set()

    async def receive(self, request: Request) -> Response:
        wait = self.limit.hit(self.client_ip(request.scope))
        if wait:
            return error_response(
                429, "too_many_requests", "Too many error reports, please wait", {"Retry-After": str(wait)}
            )
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > BODY_LIMIT_BYTES:
                return error_response(413, "payload_too_large", "The request body is too large")
        try:
            report = ClientError.model_validate_json(bytes(body))
        except ValidationError:
            return error_response(400, "invalid", "An error report needs a kind and a message")
        received = datetime.now(UTC)
        user_agent = request.headers.get("user-agent", "")[:300]
        CLIENT_ERRORS.labels(report.kind).inc()
        fields = report.model_dump(by_alias=True)
        logger.warning(
            "client %s: %s",
            report.kind,
            report.message[:200],
            extra={"clientError": fields, "userAgent": user_agent},
        )
        if self.kept is not None:
            self.kept.append(fields | {"userAgent": user_agent, "receivedAt": received.isoformat()})
        if self.sentry is not None:
            task = asyncio.create_task(self._forward(self.sentry, self.sentry.envelope(report, user_agent, received)))
            self._forwarding.add(task)
            task.add_done_callback(self._forwarding.discard)
        return Response(status_code=204)

    async def _forward(self, target: SentryTarget, envelope: bytes) -> None:
        """After the answer: the browser does not wait on a third party; a failure is logged, never retried."""
        session = self.session()
        if session is None:
            return
        started = time.perf_counter()
        try:
            async with session.post(
                target.url,
                data=envelope,
                headers={"Content-Type": "application/x-sentry-envelope", "X-Sentry-Auth": target.auth},
                timeout=aiohttp.ClientTimeout(total=10),
            ) as response:
                if response.status >= 300:
                    logger.warning("the error tracker answered %d", response.status)
        except (aiohttp.ClientError, TimeoutError) as exc:
            logger.warning("could not forward a client error (%s after %.1f s)", exc, time.perf_counter() - started)

    async def close(self) -> None:
        for task in list(self._forwarding):
            task.cancel()

    async def dev_page(self, request: Request) -> Response:
        """Development only (404 otherwise): the reports kept, newest first, as JSON or a page, like /dev/mail."""
        if self.kept is None:
            return error_response(404, "not_found", "Not found")
        reports = list(reversed(self.kept))
        if "text/html" not in request.headers.get("accept", ""):
            return JSONResponse(reports)
        items = "".join(
            "<article><h2>{kind}: {message}</h2><p>{url} · {at}</p><pre>{stack}</pre><pre>{component}</pre>"
            "</article>".format(
                kind=html.escape(r["kind"]),
                message=html.escape(r["message"]),
                url=html.escape(r.get("url") or ""),
                at=html.escape(r["receivedAt"]),
                stack=html.escape(r.get("stack") or ""),
                component=html.escape(r.get("componentStack") or ""),
            )
            for r in reports
        )
        return HTMLResponse(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Client errors · Cypher</title>'
            "<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem}"
            "article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1rem}"
            "pre{white-space:pre-wrap;font-size:.8rem}</style></head>"
            f"<body><h1>Client errors</h1><p>{len(reports)} received · newest first</p>"
            f"{items or '<p>None yet.</p>'}</body></html>"
        )

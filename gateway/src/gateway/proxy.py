"""The /api hot path as a bare ASGI callable, in four steps a request goes through in order: triage (the
path, the headers, CORS, the size of the body), authorize (rate limits, the access token), forward (on a
pooled aiohttp session, the answer copied back) and cache (public immutable answers kept for repeats). No
framework routing or middleware stack on this path. Every answer the gateway gives itself carries the kit's
error body."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import orjson
from multidict import CIMultiDict
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from yarl import URL

from gateway.auth import ForeignProfile, InvalidToken, KeysUnavailable, TokenVerifier
from gateway.cache import CachedAnswer, CacheKey, ResponseCache, cacheable
from gateway.config import Settings
from gateway.metrics import GATEWAY_REQUESTS, GATEWAY_UPSTREAM_SECONDS
from gateway.paths import checked_path
from gateway.ratelimit import SlidingWindow
from gateway.routes import GATEWAY, lookup, route_of, upload_route
from kit import tracing
from kit.errors import error_body
from kit.logs import request_id_var
from kit.middleware import new_request_id
from kit.principal import PRINCIPAL_HEADER
from kit.responses import dumps

logger = logging.getLogger("gateway.proxy")

HOP_BY_HOP = frozenset(
    {
        b"connection",
        b"keep-alive",
        b"proxy-authenticate",
        b"proxy-authorization",
        b"te",
        b"trailer",
        b"trailers",
        b"transfer-encoding",
        b"upgrade",
        b"proxy-connection",
    }
)
# Identity travels only in the principal token we sign; whatever a client sends under these names is dropped.
SPOOFABLE = frozenset(
    {
        b"x-user-id",
        b"x-account-id",
        b"x-profile-id",
        b"x-principal",
        b"x-forwarded-user",
        b"x-remote-user",
        b"x-authenticated-user",
        b"x-forwarded-for",
        b"x-real-ip",
        b"x-forwarded-host",
        b"x-forwarded-proto",
    }
)
# The trace context goes on as the gateway's own span's (kit.tracing), the request id as the gateway's.
TRACE_HEADERS = frozenset({b"traceparent", b"tracestate"})
DROPPED = (
    HOP_BY_HOP
    | SPOOFABLE
    | TRACE_HEADERS
    | {b"host", b"content-length", b"x-auth-token", b"caller-id", b"x-request-id"}
)
# Where the proxy leaves the route pattern it matched, for the gateway's access line and span.
ROUTE_KEY = "gateway.route"
EMAIL_LIMITED = frozenset(
    {
        "/api/auth/login",
        "/api/auth/signup",
        "/api/auth/magic-link",
        "/api/auth/reset-password",
        "/api/user/reset-password",
        "/api/user/magic-link",
    }
)
# Sign-in calls work without a (valid) access token: an expired one sent out of habit must not block them.
TOKENLESS = frozenset(
    {
        "/api/auth/login",
        "/api/auth/signup",
        "/api/auth/refresh",
        "/api/auth/logout",
        "/api/auth/jwks",
        "/api/auth/magic-link",
        "/api/auth/reset-password",
        "/api/auth/providers",
        "/api/auth/oidc/google/start",
        "/api/auth/oidc/google/callback",
    }
)
BUFFER_LIMIT = 256 * 1024  # request bodies up to this are read at once, bigger ones (uploads) are streamed
RESPONSE_BUFFER_LIMIT = 1024 * 1024
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _error(code: str, message: str) -> bytes:
    return dumps(error_body(code, message))


NOT_FOUND = _error("not_found", "Not found")
UNAVAILABLE = _error("service_unavailable", "The service is unavailable, please try again later")
TIMEOUT = _error("upstream_timeout", "The service took too long to answer, please try again")
KEYS_MESSAGE = "Signing in is unavailable for a moment, please try again"
KEYS_UNAVAILABLE = _error("service_unavailable", KEYS_MESSAGE)
BAD_TOKEN = _error("invalid_token", "Your session has expired, please log in again")
FOREIGN_PROFILE = _error("forbidden", "This profile does not belong to your account")
TOO_MANY = _error("too_many_requests", "Too many requests, please try again later")
BAD_GATEWAY = _error("bad_gateway", "The service answered in a way we could not understand")
TOO_LARGE = _error("payload_too_large", "The request body is too large")
RETRY_AFTER = (b"retry-after", b"5")  # a service out of reach: as long as the services' own 503 (kit.dberrors)

# The gateway sets its own request id and nosniff; uvicorn adds `server` and `date` to every answer it sends,
# so the service's would appear twice.
UPSTREAM_DROPPED = HOP_BY_HOP | {b"x-request-id", b"x-content-type-options", b"server", b"date"}
NOT_MODIFIED_HEADERS = frozenset({b"etag", b"cache-control", b"vary", b"expires", b"last-modified"})
NOSNIFF = (b"x-content-type-options", b"nosniff")


class Resources:
    """What the proxy shares with the rest of the gateway; filled in by the lifespan."""

    session: aiohttp.ClientSession | None = None
    verifier: TokenVerifier | None = None


class Refused(Exception):
    """An answer the gateway gives itself instead of the service's: a status and a prepared kit error body."""

    def __init__(self, status: int, body: bytes, headers: tuple[tuple[bytes, bytes], ...] = ()):
        self.status = status
        self.body = body
        self.headers = headers


class BodyTooLarge(Exception):
    """Raised inside a streamed request body to cut the upload to the service off."""


@dataclass(slots=True)
class Call:
    """What triage learned about one request; the later steps read it and add to it."""

    method: str
    path: str | None  # decoded, the one reading routing and caching use; None when refused
    target: str  # the same path as received (and the query), forwarded byte for byte
    service: str | None
    extra: list[tuple[bytes, bytes]]  # headers every answer to this request carries
    route: str = "unmatched"  # the pattern of gateway/routes.py it matched: the metrics' label
    forwarded: list[tuple[str, str]] = field(default_factory=list)
    cors: bool = False
    token: str | None = None
    caller_id: str | None = None
    request_id: str = ""
    client_ip: str = ""
    scheme: str = "http"
    content_length: int = -1
    cache_key: CacheKey | None = None
    too_large: bool = False


class ApiProxy:
    def __init__(self, settings: Settings, resources: Resources, local_app: ASGIApp):
        self.settings = settings
        self.resources = resources
        self.local_app = local_app  # serves the gateway's own /api paths (live)
        self.urls = settings.service_urls()
        self.cors_origins = {o.encode() for o in settings.cors_origins}
        self.ip_limit = SlidingWindow(settings.auth_rate_per_ip, settings.auth_rate_per_ip_window_seconds)
        self.email_limit = SlidingWindow(settings.auth_rate_per_email, settings.auth_rate_per_email_window_seconds)
        self.cache = ResponseCache(settings.response_cache_megabytes * 1024 * 1024)
        self.cache_prefixes = tuple(settings.response_cache_prefixes)
        self.body_limit = settings.body_limit_bytes
        self.upload_limit = settings.upload_limit_bytes
        self.timeout = aiohttp.ClientTimeout(
            total=None,
            sock_connect=settings.upstream_connect_timeout_seconds,
            sock_read=settings.upstream_timeout_seconds,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        # A repeated image variant first: keys are only ever stored for paths that passed triage.
        if (
            scope["method"] == "GET"
            and len(self.cache)
            and scope["path"].startswith(self.cache_prefixes)
            and await self._from_cache(scope, send)
        ):
            return
        raw: bytes = scope.get("raw_path") or scope["path"].encode()
        path = checked_path(raw)
        found = lookup(path) if path is not None else None
        service, route = found if found is not None else (None, "unmatched")
        scope[ROUTE_KEY] = route
        if service == GATEWAY:
            await self.local_app(scope, receive, nosniff(send))
            return
        call = self._triage(scope, raw, path, service)
        call.route = route
        try:
            if call.cors and call.method == "OPTIONS":
                await self._preflight(scope, send, call.extra)
                return
            if call.service is None:
                raise Refused(404, NOT_FOUND)
            body = await self._body(call, receive)
            await self._authorize(call, body)
            await self._forward(call, body, send)
        except Refused as refused:
            await self._send(
                send, refused.status, refused.body, [*refused.headers, *call.extra], call.service, call.route
            )

    # --- triage: the path, the headers, CORS, the body's size ------------------------------------------------

    def _triage(self, scope: Scope, raw: bytes, path: str | None, service: str | None) -> Call:
        """One pass over the headers: what we keep for the service, what we act on ourselves."""
        query: bytes = scope.get("query_string", b"")
        target = raw.decode("latin-1")
        call = Call(
            method=scope["method"],
            path=path,
            target=f"{target}?{query.decode('latin-1')}" if query else target,
            service=service if path is not None else None,
            extra=[],
        )
        origin = request_id = None
        accept = accept_encoding = b""
        forwarded = call.forwarded
        for key, value in scope["headers"]:
            if key in DROPPED or key.startswith(b"x-cypher-"):
                if key == b"x-auth-token":
                    call.token = value.decode("latin-1")
                elif key == b"caller-id":
                    call.caller_id = value.decode("latin-1").strip()
                elif key == b"x-request-id":
                    request_id = value.decode("latin-1")[:128]
                elif key == b"content-length":
                    call.content_length = int(value) if value.isdigit() else -1
                continue
            if key == b"origin":
                origin = value
            elif key == b"accept":
                accept = value
            elif key == b"accept-encoding":
                accept_encoding = value
            forwarded.append((key.decode("latin-1"), value.decode("latin-1")))
        call.request_id = request_id or request_id_var.get() or new_request_id()
        call.client_ip = self.client_ip(scope)
        call.scheme = scope.get("scheme", "http")
        call.extra = [(b"x-request-id", call.request_id.encode()), NOSNIFF]
        if origin is not None and origin in self.cors_origins:
            call.cors = True
            call.extra += self._cors(origin)
        if call.method == "GET" and path is not None and path.startswith(self.cache_prefixes):
            call.cache_key = (path, query, accept, accept_encoding)  # a miss (hits left above): filled on the answer
        return call

    async def _body(self, call: Call, receive: Receive) -> bytes | AsyncIterator[bytes] | None:
        """Small bodies read at once, big ones streamed; either way counted against the route's limit (an
        upload's or any other call's), and a declared length over it refused before a byte is read."""
        if call.method not in BODY_METHODS:
            return None
        assert call.path is not None
        limit = self.upload_limit if upload_route(call.method, call.path) else self.body_limit
        length = call.content_length
        if length > limit:
            raise Refused(413, TOO_LARGE)
        if 0 <= length <= BUFFER_LIMIT or (length < 0 and call.path in EMAIL_LIMITED):
            return await _read_body(receive, limit)
        return _stream_body(receive, limit, call)

    # --- authorize: rate limits, the access token --------------------------------------------------------------

    async def _authorize(self, call: Call, body: bytes | AsyncIterator[bytes] | None) -> None:
        """Sign-in calls are rate limited; a token, when sent, must be valid, and becomes the principal header."""
        path = call.path
        assert path is not None
        if path.startswith("/api/auth/") or path in EMAIL_LIMITED:
            wait = self.ip_limit.hit(call.client_ip)
            if not wait and path in EMAIL_LIMITED and isinstance(body, bytes):
                email = _email_of(body)
                if email:
                    wait = self.email_limit.hit(email)
            if wait:
                raise Refused(429, TOO_MANY, ((b"retry-after", str(wait).encode()),))
        if call.token and path not in TOKENLESS:
            verifier = self.resources.verifier
            assert verifier is not None
            try:
                verified = await verifier.verify(call.token)
                principal = verifier.internal_token(call.token, verified, call.caller_id)
            except InvalidToken as exc:
                raise Refused(401, BAD_TOKEN) from exc
            except KeysUnavailable as exc:
                logger.warning(
                    "%s %s -> 503: identity's token keys are out of reach [request %s]",
                    call.method,
                    path,
                    call.request_id,
                    extra={"status": 503, "service": "identity"},
                )
                raise Refused(503, KEYS_UNAVAILABLE, (RETRY_AFTER,)) from exc
            except ForeignProfile as exc:
                raise Refused(403, FOREIGN_PROFILE) from exc
            call.forwarded.append((PRINCIPAL_HEADER, principal))

    # --- forward: the service's answer copied back -------------------------------------------------------------

    async def _forward(self, call: Call, body: bytes | AsyncIterator[bytes] | None, send: Send) -> None:
        service = call.service
        assert service is not None
        base = self.urls.get(service)
        if base is None:
            raise Refused(503, UNAVAILABLE, (RETRY_AFTER,))
        call.forwarded += [
            ("x-request-id", call.request_id),
            ("x-forwarded-for", call.client_ip),
            ("x-forwarded-proto", call.scheme),
        ]
        call.forwarded += tracing.headers_of().items()
        session = self.resources.session
        assert session is not None
        started = time.perf_counter()
        answered = False
        try:
            async with session.request(
                call.method,
                URL(base + call.target, encoded=True),  # exactly the path triage checked: no re-encoding
                headers=CIMultiDict(call.forwarded),
                data=body,
                timeout=self.timeout,
                allow_redirects=False,
            ) as upstream:
                status = upstream.status
                own = [(k.lower(), v) for k, v in upstream.raw_headers if k.lower() not in UPSTREAM_DROPPED]
                headers = _join_vary(own + call.extra) if call.cors else own + call.extra
                length = upstream.content_length
                if length is not None and length <= RESPONSE_BUFFER_LIMIT:
                    payload = await upstream.read()
                    answered = True
                    await send({"type": "http.response.start", "status": status, "headers": headers})
                    await send({"type": "http.response.body", "body": payload})
                    if call.cache_key is not None:
                        self._keep(call.cache_key, status, own, length, payload)
                else:
                    answered = True
                    await send({"type": "http.response.start", "status": status, "headers": headers})
                    async for chunk in upstream.content.iter_chunked(64 * 1024):
                        await send({"type": "http.response.body", "body": chunk, "more_body": True})
                    await send({"type": "http.response.body", "body": b""})
        except (TimeoutError, aiohttp.ClientError, BodyTooLarge) as exc:
            if answered:
                raise  # the answer is cut short: the client's connection must close
            raise _refusal(exc, call) from exc
        GATEWAY_REQUESTS.labels(service, call.route, status).inc()
        GATEWAY_UPSTREAM_SECONDS.labels(service, call.route).observe(time.perf_counter() - started)

    # --- cache: public immutable answers kept for the next ask -------------------------------------------------

    def _keep(self, key: CacheKey, status: int, own: list[tuple[bytes, bytes]], length: int, payload: bytes) -> None:
        if cacheable(status, own, length, self.cache.entry_limit):
            etag = next((v for k, v in own if k == b"etag"), None)
            self.cache.put(key, CachedAnswer(status, own, payload, etag))

    async def _from_cache(self, scope: Scope, send: Send) -> bool:
        """The hot path for a repeated image variant: one pass over the headers, no decoding, no routing."""
        accept = accept_encoding = if_none_match = b""
        origin = request_id = None
        for key, value in scope["headers"]:
            if key == b"accept":
                accept = value
            elif key == b"accept-encoding":
                accept_encoding = value
            elif key == b"if-none-match":
                if_none_match = value
            elif key == b"origin":
                origin = value
            elif key == b"x-request-id":
                request_id = value[:128]
        cached = self.cache.get((scope["path"], scope.get("query_string", b""), accept, accept_encoding))
        if cached is None:
            return False
        route = scope[ROUTE_KEY] = route_of(scope["path"])
        extra = [(b"x-request-id", request_id or (request_id_var.get() or new_request_id()).encode()), NOSNIFF]
        cors = origin is not None and origin in self.cors_origins
        if cors:
            extra += self._cors(origin)  # type: ignore[arg-type]
        await self._send_cached(send, cached, if_none_match, extra, cors, route)
        return True

    async def _send_cached(
        self,
        send: Send,
        cached: CachedAnswer,
        if_none_match: bytes,
        extra: list[tuple[bytes, bytes]],
        cors: bool,
        route: str,
    ) -> None:
        if cached.etag is not None and if_none_match and cached.etag in if_none_match:
            kept = [(k, v) for k, v in cached.headers if k in NOT_MODIFIED_HEADERS]
            headers = kept + extra
            status = 304
        else:
            headers = cached.headers + extra
            status = cached.status
        await send(
            {"type": "http.response.start", "status": status, "headers": _join_vary(headers) if cors else headers}
        )
        await send({"type": "http.response.body", "body": b"" if status == 304 else cached.body})
        GATEWAY_REQUESTS.labels("images", route, status).inc()

    # --- helpers ---------------------------------------------------------------------------------------------

    @staticmethod
    def _cors(origin: bytes) -> list[tuple[bytes, bytes]]:
        return [
            (b"access-control-allow-origin", origin),
            (b"access-control-allow-credentials", b"true"),
            (b"access-control-expose-headers", b"x-request-id, retry-after"),
            (b"vary", b"origin"),
        ]

    def client_ip(self, scope: Scope) -> str:
        peer = scope.get("client")
        ip = peer[0] if peer else "unknown"
        hops = self.settings.trusted_proxy_hops
        if hops > 0:
            for key, value in scope["headers"]:
                if key == b"x-forwarded-for":
                    chain = [p.strip() for p in value.decode("latin-1").split(",") if p.strip()]
                    if len(chain) >= hops:
                        return chain[-hops]
        return ip

    async def _preflight(self, scope: Scope, send: Send, extra: list[tuple[bytes, bytes]]) -> None:
        requested = next(
            (v for k, v in scope["headers"] if k == b"access-control-request-headers"),
            b"content-type, x-auth-token, caller-id, x-request-id",
        )
        headers = [
            *extra,
            (b"access-control-allow-methods", b"GET, POST, PUT, PATCH, DELETE, OPTIONS"),
            (b"access-control-allow-headers", requested),
            (b"access-control-max-age", b"600"),
            (b"content-length", b"0"),
        ]
        await send({"type": "http.response.start", "status": 204, "headers": headers})
        await send({"type": "http.response.body", "body": b""})

    @staticmethod
    async def _send(
        send: Send, status: int, body: bytes, extra: list[tuple[bytes, bytes]], service: str | None, route: str
    ) -> None:
        GATEWAY_REQUESTS.labels(service or "none", route, status).inc()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            *extra,
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def nosniff(send: Send) -> Send:
    """For the answers of the gateway's own app (the live feed, the SPA, health), which the proxy does not build."""

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), NOSNIFF]
        await send(message)

    return sending


def _refusal(exc: BaseException, call: Call) -> Refused:
    """What the client hears when the service could not be reached or did not answer in time: a 502, 503 or 504
    that says when to try again (Retry-After, as the services' own 503), logged once with the request id, the
    service and the cause (docs/decisions.md, Gateway)."""
    if call.too_large or isinstance(exc, BodyTooLarge):
        return Refused(413, TOO_LARGE)
    if isinstance(exc, TimeoutError | aiohttp.ServerTimeoutError):
        refused = Refused(504, TIMEOUT, (RETRY_AFTER,))
    elif isinstance(exc, aiohttp.ClientResponseError | aiohttp.ClientPayloadError):
        refused = Refused(502, BAD_GATEWAY, (RETRY_AFTER,))
    else:
        refused = Refused(503, UNAVAILABLE, (RETRY_AFTER,))  # refused, reset or closed connections
    logger.warning(
        "%s %s -> %d: %s did not answer (%s) [request %s]",
        call.method,
        call.path or call.target,
        refused.status,
        call.service,
        type(exc).__name__,
        call.request_id,
        extra={"status": refused.status, "service": call.service},
    )
    return refused


def _join_vary(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """One Vary header: CORS adds `origin` to what the service varies on (images vary on Accept)."""
    values = [v for k, v in headers if k == b"vary"]
    if len(values) < 2:
        return headers
    return [(k, v) for k, v in headers if k != b"vary"] + [(b"vary", b", ".join(values))]


async def _read_body(receive: Receive, limit: int) -> bytes:
    """The whole body, refused (413) as soon as it passes `limit`: a chunked body has no length to check first."""
    chunks = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise Refused(413, TOO_LARGE)
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


async def _stream_body(receive: Receive, limit: int, call: Call) -> AsyncIterator[bytes]:
    """The body as it arrives, counted: past `limit` the upload to the service is cut off (the service never
    sees a complete request) and the caller answers 413."""
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return
        chunk = message.get("body", b"")
        if chunk:
            size += len(chunk)
            if size > limit:
                call.too_large = True
                raise BodyTooLarge
            yield chunk
        if not message.get("more_body", False):
            return


def _email_of(body: bytes) -> str | None:
    """The email a sign-in call is about: a JSON field, or the whole text/plain body (reset, magic link)."""
    text = body.strip()
    if not text:
        return None
    if text.startswith(b"{"):
        try:
            value: Any = orjson.loads(text).get("email")
        except (orjson.JSONDecodeError, AttributeError):
            return None
        return value.strip().lower() if isinstance(value, str) and value.strip() else None
    return text.decode("utf-8", "replace").strip().strip('"').lower() or None

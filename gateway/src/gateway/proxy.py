"""The /api hot path as a bare ASGI callable: resolve the service, verify the token (cached), forward on a
pooled aiohttp session, copy the answer back. No framework routing or middleware stack on this path."""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import orjson
from multidict import CIMultiDict
from starlette.types import ASGIApp, Receive, Scope, Send

from gateway.auth import ForeignProfile, InvalidToken, TokenVerifier
from gateway.cache import CachedAnswer, CacheKey, ResponseCache, cacheable
from gateway.config import Settings
from gateway.metrics import GATEWAY_REQUESTS, GATEWAY_UPSTREAM_SECONDS
from gateway.ratelimit import SlidingWindow
from gateway.routes import GATEWAY, resolve
from kit.principal import PRINCIPAL_HEADER

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
DROPPED = HOP_BY_HOP | SPOOFABLE | {b"host", b"content-length", b"x-auth-token", b"caller-id", b"x-request-id"}
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


def _error(status: int, code: str, message: str) -> bytes:
    return orjson.dumps({"error": {"code": code, "message": message}})


NOT_FOUND = _error(404, "not_found", "Not found")
UNAVAILABLE = _error(503, "service_unavailable", "The service is unavailable, please try again later")
TIMEOUT = _error(504, "upstream_timeout", "The service took too long to answer, please try again")
BAD_TOKEN = _error(401, "invalid_token", "Your session has expired, please log in again")
FOREIGN_PROFILE = _error(403, "forbidden", "This profile does not belong to your account")
TOO_MANY = _error(429, "too_many_requests", "Too many requests, please try again later")
BAD_GATEWAY = _error(502, "bad_gateway", "The service answered in a way we could not understand")


UPSTREAM_DROPPED = HOP_BY_HOP | {b"x-request-id"}  # the gateway sets its own
NOT_MODIFIED_HEADERS = frozenset({b"etag", b"cache-control", b"vary", b"expires", b"last-modified"})


class Resources:
    """What the proxy shares with the rest of the gateway; filled in by the lifespan."""

    session: aiohttp.ClientSession | None = None
    verifier: TokenVerifier | None = None


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
        self.timeout = aiohttp.ClientTimeout(
            total=None,
            sock_connect=settings.upstream_connect_timeout_seconds,
            sock_read=settings.upstream_timeout_seconds,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"]
        method: str = scope["method"]
        if (
            method == "GET"
            and path.startswith(self.cache_prefixes)
            and len(self.cache)
            and await self._from_cache(scope, send)
        ):
            return
        service = resolve(path)
        if service == GATEWAY:
            await self.local_app(scope, receive, send)
            return

        token = caller_id = origin = request_id = None
        accept = accept_encoding = b""
        content_length = -1
        forwarded: list[tuple[str, str]] = []
        for key, value in scope["headers"]:
            if key in DROPPED or key.startswith(b"x-cypher-"):
                if key == b"x-auth-token":
                    token = value.decode("latin-1")
                elif key == b"caller-id":
                    caller_id = value.decode("latin-1").strip()
                elif key == b"x-request-id":
                    request_id = value.decode("latin-1")[:128]
                elif key == b"content-length":
                    content_length = int(value) if value.isdigit() else -1
                continue
            if key == b"origin":
                origin = value
            elif key == b"accept":
                accept = value
            elif key == b"accept-encoding":
                accept_encoding = value
            forwarded.append((key.decode("latin-1"), value.decode("latin-1")))
        request_id = request_id or uuid.uuid4().hex
        extra = [(b"x-request-id", request_id.encode())]
        if origin is not None and origin in self.cors_origins:
            extra += self._cors(origin)
            if method == "OPTIONS":
                await self._preflight(scope, send, extra)
                return

        if service is None:
            await self._send(send, 404, NOT_FOUND, extra, service="none")
            return
        query = scope.get("query_string", b"")
        cache_key: CacheKey | None = None
        if method == "GET" and path.startswith(self.cache_prefixes):
            cache_key = (path, query, accept, accept_encoding)  # a miss (hits left above): filled on the answer
        client_ip = self._client_ip(scope)

        body: bytes | AsyncIterator[bytes] | None = None
        if method in ("POST", "PUT", "PATCH", "DELETE"):
            if 0 <= content_length <= BUFFER_LIMIT or (content_length < 0 and path in EMAIL_LIMITED):
                body = await _read_body(receive)
            else:
                body = _stream_body(receive)

        if path.startswith("/api/auth/") or path in EMAIL_LIMITED:
            wait = self.ip_limit.hit(client_ip)
            if not wait and path in EMAIL_LIMITED and isinstance(body, bytes):
                email = _email_of(body)
                if email:
                    wait = self.email_limit.hit(email)
            if wait:
                await self._send(send, 429, TOO_MANY, [*extra, (b"retry-after", str(wait).encode())], service)
                return

        if token and path not in TOKENLESS:
            verifier = self.resources.verifier
            assert verifier is not None
            try:
                verified = await verifier.verify(token)
                forwarded.append((PRINCIPAL_HEADER, verifier.internal_token(token, verified, caller_id)))
            except InvalidToken:
                await self._send(send, 401, BAD_TOKEN, extra, service)
                return
            except ForeignProfile:
                await self._send(send, 403, FOREIGN_PROFILE, extra, service)
                return

        base = self.urls.get(service)
        if base is None:
            await self._send(send, 503, UNAVAILABLE, extra, service)
            return
        forwarded += [
            ("x-request-id", request_id),
            ("x-forwarded-for", client_ip),
            ("x-forwarded-proto", scope.get("scheme", "http")),
        ]
        url = f"{base}{path}?{query.decode('latin-1')}" if query else f"{base}{path}"
        session = self.resources.session
        assert session is not None
        started = time.perf_counter()
        try:
            async with session.request(
                method,
                url,
                headers=CIMultiDict(forwarded),
                data=body,
                timeout=self.timeout,
                allow_redirects=False,
            ) as upstream:
                own = [(k.lower(), v) for k, v in upstream.raw_headers if k.lower() not in UPSTREAM_DROPPED]
                headers = own + extra
                length = upstream.content_length
                if length is not None and length <= RESPONSE_BUFFER_LIMIT:
                    payload = await upstream.read()
                    await send({"type": "http.response.start", "status": upstream.status, "headers": headers})
                    await send({"type": "http.response.body", "body": payload})
                    if cache_key is not None and cacheable(upstream.status, own, length, self.cache.entry_limit):
                        etag = next((v for k, v in own if k == b"etag"), None)
                        self.cache.put(cache_key, CachedAnswer(upstream.status, own, payload, etag))
                else:
                    await send({"type": "http.response.start", "status": upstream.status, "headers": headers})
                    async for chunk in upstream.content.iter_chunked(64 * 1024):
                        await send({"type": "http.response.body", "body": chunk, "more_body": True})
                    await send({"type": "http.response.body", "body": b""})
                status = upstream.status
        except (TimeoutError, aiohttp.ServerTimeoutError):
            await self._send(send, 504, TIMEOUT, extra, service)
            return
        except (aiohttp.ClientConnectorError, aiohttp.ServerDisconnectedError, aiohttp.ClientOSError):
            await self._send(send, 503, UNAVAILABLE, extra, service)
            return
        except aiohttp.ClientResponseError:
            await self._send(send, 502, BAD_GATEWAY, extra, service)
            return
        GATEWAY_REQUESTS.labels(service, status).inc()
        GATEWAY_UPSTREAM_SECONDS.labels(service).observe(time.perf_counter() - started)

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
        extra = [(b"x-request-id", request_id or uuid.uuid4().hex.encode())]
        if origin is not None and origin in self.cors_origins:
            extra += self._cors(origin)
        await self._send_cached(send, cached, if_none_match, extra, "images")
        return True

    @staticmethod
    def _cors(origin: bytes) -> list[tuple[bytes, bytes]]:
        return [
            (b"access-control-allow-origin", origin),
            (b"access-control-allow-credentials", b"true"),
            (b"access-control-expose-headers", b"x-request-id, retry-after"),
            (b"vary", b"origin"),
        ]

    async def _send_cached(
        self, send: Send, cached: CachedAnswer, if_none_match: bytes, extra: list[tuple[bytes, bytes]], service: str
    ) -> None:
        if cached.etag is not None and if_none_match and cached.etag in if_none_match:
            kept = [(k, v) for k, v in cached.headers if k in NOT_MODIFIED_HEADERS]
            await send({"type": "http.response.start", "status": 304, "headers": kept + extra})
            await send({"type": "http.response.body", "body": b""})
            GATEWAY_REQUESTS.labels(service, 304).inc()
            return
        await send({"type": "http.response.start", "status": cached.status, "headers": cached.headers + extra})
        await send({"type": "http.response.body", "body": cached.body})
        GATEWAY_REQUESTS.labels(service, cached.status).inc()

    def _client_ip(self, scope: Scope) -> str:
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
    async def _send(send: Send, status: int, body: bytes, extra: list[tuple[bytes, bytes]], service: str) -> None:
        GATEWAY_REQUESTS.labels(service, status).inc()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            *extra,
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


async def _read_body(receive: Receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


async def _stream_body(receive: Receive) -> AsyncIterator[bytes]:
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return
        chunk = message.get("body", b"")
        if chunk:
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

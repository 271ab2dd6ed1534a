"""The gateway process: /api goes through the proxy; health, metrics, the live feed, the SPA (and, in
development, the mail sink's inbox) are served here."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable

import aiohttp
from fastapi import FastAPI, Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import Message, Receive, Scope, Send

from contracts.images import ImageDeleted
from gateway.auth import InvalidToken, JwksCache, KeysUnavailable, TokenVerifier
from gateway.client_errors import ClientErrors
from gateway.config import Settings
from gateway.devmail import dev_mail
from gateway.live import LiveHub, allowed_topics
from gateway.preview import RemotePage, origin_of, preview_of, read_event, with_meta
from gateway.proxy import KEYS_MESSAGE, ROUTE_KEY, TRACE_HEADERS, ApiProxy, Resources, nosniff
from gateway.spa import SpaFiles
from kit import tracing
from kit.bus import Bus
from kit.errors import (
    Forbidden,
    Invalid,
    ServiceError,
    Unauthorized,
    Unavailable,
    error_response,
    install_error_handlers,
)
from kit.logs import configure_logging, request_id_var
from kit.metrics import metrics_endpoint
from kit.middleware import access_line, new_request_id
from kit.responses import JSONResponse
from kit.serving import DRAINING
from kit.tracing import configure_tracing
from kit.types import ID_MAX

LiveApp = Callable[[Scope, Receive, Send, Send], Awaitable[None]]
UNLOGGED = frozenset({"/healthz", "/readyz", "/metrics"})  # probes and scrapes: no span, no access line
LIVE = "/api/live"
access_logger = logging.getLogger("gateway.http")


class Gateway:
    """Dispatch without a routing table: the live feed to the hub, /api/* to the proxy, the rest to the small
    FastAPI app. Around each: the request id, the trace's server span (not around a live stream: it lasts for
    hours; its messages get spans of their own) and the access line (docs/decisions.md, Observability)."""

    def __init__(self, proxy: ApiProxy, local: FastAPI, live: LiveApp):
        self.proxy = proxy
        self.local = local
        self.live = live
        self.state = local.state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in UNLOGGED:
            await self.local(scope, receive, send if scope["type"] != "http" else nosniff(send))
            return
        request_id, parent = _request_context(scope)
        token = request_id_var.set(request_id)
        started = time.perf_counter()
        status = 0  # 0: the client went away before an answer began

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            if scope["path"] == LIVE and scope["method"] == "GET":
                try:
                    await self.live(scope, receive, sending, send)
                finally:
                    self._access(scope, LIVE, status, started, live=True)
                return
            with tracing.span(scope["method"], parent=parent, kind=tracing.SpanKind.SERVER) as server_span:
                try:
                    if scope["path"].startswith("/api/"):
                        await self.proxy(scope, receive, sending)
                    else:
                        await self.local(scope, receive, nosniff(sending))
                finally:
                    route = scope.get(ROUTE_KEY) or getattr(scope.get("route"), "path", None) or "unmatched"
                    server_span.update_name(f"{scope['method']} {route}")
                    server_span.set_attribute("http.route", route)
                    server_span.set_attribute("http.response.status_code", status)
                    self._access(scope, route, status, started)
        finally:
            request_id_var.reset(token)

    @staticmethod
    def _access(scope: Scope, route: str, status: int, started: float, *, live: bool = False) -> None:
        # 5xx lines stay at info: the service logs its own, the proxy its refusals with their cause (once).
        elapsed = time.perf_counter() - started
        path = scope["path"]
        access_line(
            access_logger, scope["method"], path, route, status, elapsed, warn_from=None, slow=None if live else 1.0
        )


def _request_context(scope: Scope) -> tuple[str, tracing.Context | None]:
    """The request id (the client's or a new one) and the trace context the request came with."""
    request_id = None
    carrier: dict[str, str] = {}
    for key, value in scope["headers"]:
        if key == b"x-request-id":
            request_id = value.decode("latin-1")[:128] or None
        elif key in TRACE_HEADERS:
            carrier[key.decode()] = value.decode("latin-1")
    return request_id or new_request_id(), tracing.extract(carrier)


def create_app(settings: Settings | None = None) -> Gateway:
    settings = settings or Settings()
    resources = Resources()
    urls = settings.service_urls()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        configure_logging("gateway", settings.log_level, settings.log_json)
        configure_tracing("gateway")
        # An idle pooled connection is dropped before the service's uvicorn drops it (timeout_keep_alive, 5 s):
        # otherwise a request can be written onto a connection the service is closing, and a POST is not
        # retried (aiohttp retries only idempotent methods on a stale connection), so it answered 503.
        connector = aiohttp.TCPConnector(
            limit=0, limit_per_host=0, keepalive_timeout=4, ttl_dns_cache=300, enable_cleanup_closed=True
        )
        session = aiohttp.ClientSession(
            connector=connector,
            auto_decompress=False,
            skip_auto_headers=("User-Agent",),
            cookie_jar=aiohttp.DummyCookieJar(),
        )
        resources.session = session
        identity = urls.get("identity")
        jwks = JwksCache(
            lambda: session,
            f"{identity}/api/auth/jwks" if identity else None,
            settings.jwks_min_refetch_seconds,
        )
        resources.verifier = TokenVerifier(
            jwks,
            audience=settings.jwt_audience,
            issuer=settings.jwt_issuer,
            internal_secret=settings.internal_token_secret,
            internal_ttl=settings.internal_token_ttl_seconds,
        )
        app.state.resources = resources
        fetch = asyncio.create_task(_fetch_jwks_until_ready(jwks))
        bus = Bus(settings.nats_url, name="gateway")
        bus.start()
        hub = LiveHub(bus)
        # A deleted image's cached variants go with it (the only thing this cache holds that can change).
        hub.on(ImageDeleted.type, lambda data: proxy.cache.purge_prefix(f"/api/images/{image_of(data)}"))
        hub.start()
        app.state.bus, app.state.hub = bus, hub
        # SIGTERM: uvicorn waits for open connections, and a live stream never ends by itself.
        forget_drain = DRAINING.on_start(hub.drain)
        # What start-up built (modules, the apps, settings) lives as long as the process: out of the collector's
        # sight, a full collection with thousands of live clients open pauses the feed for less.
        gc.freeze()
        try:
            yield
        finally:
            forget_drain()
            await client_errors.close()
            fetch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await fetch
            await hub.stop()
            await bus.close()
            await session.close()

    local = FastAPI(title="Cypher gateway", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    local.state.settings = settings
    install_error_handlers(local)

    @local.get("/healthz")
    async def healthz() -> JSONResponse:
        return JSONResponse({"status": "ok"})

    @local.get("/readyz")
    async def readyz() -> JSONResponse:
        if DRAINING.active:
            return JSONResponse({"status": "shutting down", "checks": {}}, status_code=503)
        assert resources.session is not None
        checks = await _service_readiness(resources.session, urls)
        jwks = resources.verifier.jwks if resources.verifier is not None else None
        if jwks is not None and jwks.jwks_url:
            # Not ready before identity's key set is in: ready with services up but no keys, a gateway answered
            # every signed-in request 503 until its start-up fetch came round again (up to 5 s later).
            checks["keys"] = bool(jwks.keys) or await jwks.refresh()
        ready = all(checks.values())
        return JSONResponse(
            {"status": "ready" if ready else "not ready", "checks": checks}, status_code=200 if ready else 503
        )

    local.add_route("/metrics", metrics_endpoint, include_in_schema=False)

    async def live(scope: Scope, receive: Receive, send: Send, server_send: Send) -> None:
        """GET /api/live, in front of FastAPI's routing: a crowd whose Wi-Fi came back opens thousands at once.
        `server_send`: the server's own, under any wrapper of `send` (the hub writes to its connection)."""
        request = Request(scope)
        try:
            topics = await live_topics(request)
        except ServiceError as exc:
            await error_response(exc.status, exc.code, exc.message, exc.headers)(scope, receive, nosniff(send))
            return
        hub: LiveHub = local.state.hub
        await hub.serve(topics, request.headers.get("last-event-id"), receive, nosniff(send), server_send)

    async def live_topics(request: Request) -> list[str]:
        requested = [t.strip() for t in request.query_params.get("topics", "").split(",") if t.strip()]
        if not requested:
            raise Invalid("Name at least one topic, e.g. ?topics=event:12")
        profile_ids: tuple[int, ...] = ()
        token = request.headers.get("x-auth-token")
        if token:
            assert resources.verifier is not None
            try:
                profile_ids = (await resources.verifier.verify(token)).profile_ids
            except InvalidToken as exc:
                raise Unauthorized("Your session has expired, please log in again") from exc
            except KeysUnavailable as exc:
                raise Unavailable(KEYS_MESSAGE, code="service_unavailable", headers={"Retry-After": "5"}) from exc
        allowed = allowed_topics(requested, profile_ids)
        if allowed is None:
            if any(t.startswith("user:") for t in requested) and not profile_ids:
                raise Unauthorized()
            raise Forbidden("You may not follow these topics")
        return allowed

    client_errors: ClientErrors = ClientErrors(
        per_address=settings.client_errors_per_ip,
        window_seconds=settings.client_errors_window_seconds,
        sentry_dsn=settings.sentry_dsn,
        keep_for_dev=settings.dev_errors and not settings.is_production,
        client_ip=lambda scope: proxy.client_ip(scope),
        session=lambda: resources.session,
    )
    local.state.client_errors = client_errors
    local.add_route("/api/client-errors", client_errors.receive, methods=["POST"], include_in_schema=False)

    @local.api_route("/api/{rest:path}", methods=["GET", "POST", "PUT", "DELETE", "PATCH"])
    async def unknown_api(request: Request, rest: str) -> JSONResponse:
        return error_response(404, "not_found", "Not found")

    if settings.dev_mail_dir is not None and not settings.is_production:
        local.add_route("/dev/mail", dev_mail, methods=["GET"], include_in_schema=False)
    # Always routed: the SPA's fallback would otherwise answer the path with the app's page.
    local.add_route("/dev/errors", client_errors.dev_page, methods=["GET"], include_in_schema=False)

    proxy: ApiProxy = ApiProxy(settings, resources, local)
    spa = SpaFiles(settings.spa_dir, settings.site())
    remote_page = RemotePage(settings.web_url) if settings.web_url else None

    async def event_page(request: Request) -> Response:
        """/event/{id} with the event's link preview in the page (gateway/preview.py)."""
        raw = request.path_params["event_id"]
        events_url = urls.get("events")
        session = resources.session
        if not raw.isdigit() or int(raw) > ID_MAX or events_url is None or session is None:
            return await spa.serve(request)
        page = spa.index() or (await remote_page.get(session) if remote_page else None)
        event = await read_event(session, events_url, int(raw)) if page else None
        if page is None or event is None:
            return await spa.serve(request)
        origin = origin_of(request, settings.public_url)
        preview = preview_of(event, f"{origin}/event/{raw}", origin)
        return spa.page_response(with_meta(page, preview))

    async def app_files(request: Request) -> Response:
        """The SPA: from its build here (make dev, tests), else from the web pods (Kubernetes, compose: the entry
        sends only /assets/ to them, docs/decisions.md, Site configuration at run time): the page with this
        deployment's site meta and policy, a file of the build's root (a last segment with a dot) passed on."""
        session = resources.session
        if spa.has_build() or remote_page is None or session is None:
            return await spa.serve(request)
        path = request.path_params.get("path", "").lstrip("/")
        last = path.rsplit("/", 1)[-1]
        if "." in last and not last.endswith(".html"):
            return await remote_page.file(session, path)
        page = await remote_page.get(session)
        return spa.page_response(page) if page is not None else await spa.serve(request)

    local.router.routes.append(Route("/event/{event_id}", event_page, methods=["GET", "HEAD"]))
    local.router.routes.append(Route("/{path:path}", app_files, methods=["GET", "HEAD"]))
    return Gateway(proxy, local, live)


def image_of(data: dict[str, object]) -> str:
    """The id of the image an `images.image.deleted` payload names ("" for a payload that does not validate)."""
    try:
        return ImageDeleted.model_validate(data).id
    except ValueError:
        return ""


async def _fetch_jwks_until_ready(jwks: JwksCache) -> None:
    delay = 0.2
    while not await jwks.refresh(force=True):
        if not jwks.jwks_url:
            return
        await asyncio.sleep(delay)
        delay = min(delay * 2, 5.0)


async def _service_readiness(session: aiohttp.ClientSession, urls: dict[str, str]) -> dict[str, bool]:
    async def probe(url: str) -> bool:
        try:
            async with session.get(f"{url}/readyz", timeout=aiohttp.ClientTimeout(total=2)) as response:
                return response.status == 200
        except (aiohttp.ClientError, TimeoutError):
            return False

    names = list(urls)
    results = await asyncio.gather(*(probe(urls[n]) for n in names))
    return dict(zip(names, results, strict=True))

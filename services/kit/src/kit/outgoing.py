"""Outgoing HTTP: what every httpx client of a service shares: one TLS context, and the request id and trace
context of the work at hand on every call (docs/decisions.md, Observability)."""

from __future__ import annotations

import functools
import ssl
from typing import Any

import httpx

from kit import tracing
from kit.logs import request_id_var

REQUEST_ID_HEADER = "x-request-id"


@functools.cache
def tls_context() -> ssl.SSLContext:
    """One verifying TLS context per process, as httpx builds it (its CA bundle, or SSL_CERT_FILE/SSL_CERT_DIR):
    building one loads the bundle, about 25 ms of CPU, which each client would otherwise do again; the tests start
    an app, with its clients, for every test."""
    return httpx.create_ssl_context()


class TracedTransport(httpx.AsyncBaseTransport):
    """A client span per call; the call carries its context (`traceparent`) and the current request id."""

    def __init__(self, inner: httpx.AsyncBaseTransport):
        self.inner = inner

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        attributes = {"http.request.method": request.method, "server.address": request.url.host}
        with tracing.span(
            f"{request.method} {request.url.host}", kind=tracing.SpanKind.CLIENT, attributes=attributes
        ) as span:
            tracing.inject(request.headers)
            request_id = request_id_var.get()
            if request_id and REQUEST_ID_HEADER not in request.headers:
                request.headers[REQUEST_ID_HEADER] = request_id
            response = await self.inner.handle_async_request(request)
            span.set_attribute("http.response.status_code", response.status_code)
            return response

    async def aclose(self) -> None:
        await self.inner.aclose()


def client(**options: Any) -> httpx.AsyncClient:
    """An httpx client on the process's TLS context (`options` as httpx.AsyncClient takes them), traced."""
    transport = options.pop("transport", None) or httpx.AsyncHTTPTransport(
        verify=tls_context(),
        limits=options.pop("limits", httpx.Limits(max_connections=100, max_keepalive_connections=20)),
        http2=options.pop("http2", False),
    )
    return httpx.AsyncClient(verify=tls_context(), transport=TracedTransport(transport), **options)

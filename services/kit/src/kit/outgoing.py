"""Outgoing HTTP: what every httpx client of a service shares."""

from __future__ import annotations

import functools
import ssl
from typing import Any

import httpx


@functools.cache
def tls_context() -> ssl.SSLContext:
    """One verifying TLS context per process, as httpx builds it (its CA bundle, or SSL_CERT_FILE/SSL_CERT_DIR):
    building one loads the bundle, about 25 ms of CPU, which each client would otherwise do again; the tests start
    an app, with its clients, for every test."""
    return httpx.create_ssl_context()


def client(**options: Any) -> httpx.AsyncClient:
    """An httpx client on the process's TLS context (`options` as httpx.AsyncClient takes them)."""
    return httpx.AsyncClient(verify=tls_context(), **options)

"""Gateway tests run the real identity service on a real port, the gateway in front of it, and talk HTTP."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from gateway.app import create_app as create_gateway
from gateway.config import Settings as GatewaySettings
from identity.auth.tokens import generate_private_key_pem
from kit.local import free_port
from kit.testing import ServiceSpec, serve_app

pytest_plugins = ["kit.testing.plugin"]

IDENTITY_KEY = generate_private_key_pem()


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec.of("identity", jwt_private_key=IDENTITY_KEY)


@dataclass
class Stack:
    url: str
    identity_url: str
    client: httpx.AsyncClient
    app: Any = None


@pytest.fixture
async def identity_url(app: FastAPI) -> AsyncIterator[str]:
    """The identity service (the kit's `app` fixture, lifespan running) on a real port."""
    port = free_port()
    async with serve_app(_without_lifespan(app), port):
        yield f"http://127.0.0.1:{port}"


def _without_lifespan(app: FastAPI) -> Any:
    """The kit fixture already ran the app's lifespan; serve the same app without starting it twice."""

    async def asgi(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        await app(scope, receive, send)

    return asgi


@pytest.fixture
def gateway_settings(identity_url: str, nats_url: str, tmp_path: Any) -> Callable[..., GatewaySettings]:
    def make(**overrides: Any) -> GatewaySettings:
        values: dict[str, Any] = {
            "identity_url": identity_url,
            "nats_url": nats_url,
            "env": "test",
            "log_json": False,
            "spa_dir": tmp_path / "dist",
        }
        return GatewaySettings(**(values | overrides))

    return make


@pytest.fixture
async def streams(nats_url: str, app: FastAPI) -> None:
    """Every service's stream exists, as it would with the whole platform running."""
    import nats

    from kit.bus import ensure_stream
    from kit.events import STREAMS

    nc = await nats.connect(nats_url)
    try:
        for prefix in STREAMS:
            await ensure_stream(nc.jetstream(), prefix)
    finally:
        await nc.close()


@pytest.fixture
async def start_gateway(
    gateway_settings: Callable[..., GatewaySettings], streams: None
) -> AsyncIterator[Callable[..., Any]]:
    """Start a gateway with these setting overrides; returns (base URL, client)."""
    import contextlib

    stack = contextlib.AsyncExitStack()

    async def start(**overrides: Any) -> Stack:
        port = free_port()
        app = create_gateway(gateway_settings(**overrides))
        await stack.enter_async_context(serve_app(app, port))
        client = await stack.enter_async_context(httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=20))
        url = f"http://127.0.0.1:{port}"
        return Stack(url=url, identity_url=overrides.get("identity_url", ""), client=client, app=app)

    async with stack:
        yield start


@pytest.fixture
async def gw(start_gateway: Callable[..., Any]) -> Stack:
    return await start_gateway()  # type: ignore[no-any-return]


@pytest.fixture(scope="session")
def identity_key() -> str:
    return IDENTITY_KEY


PASSWORD = "correct horse battery"


@pytest.fixture
def signup(gw: Stack) -> Callable[..., Any]:
    async def create(email: str = "bboy@example.com") -> dict[str, Any]:
        response = await gw.client.post("/api/auth/signup", json={"email": email, "password": PASSWORD})
        assert response.status_code == 201, response.text
        return response.json()  # type: ignore[no-any-return]

    return create

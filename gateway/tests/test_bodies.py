"""Request bodies are counted at the gateway: beyond the route's limit the answer is 413 with the kit's body,
a declared length before a byte is read, a chunked body while it streams (the service never gets it whole)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from kit.local import free_port
from kit.testing import serve_app

TOO_LARGE = {"error": {"code": "payload_too_large", "message": "The request body is too large"}}


@pytest.fixture
async def upstream() -> AsyncIterator[tuple[str, list[int]]]:
    """Stands in for organizations and images; records the size of every body it read to the end."""
    app = FastAPI()
    received: list[int] = []

    @app.post("/api/orgs/echo")
    @app.post("/api/images")
    async def echo(request: Request) -> Response:
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
        received.append(size)
        return JSONResponse({"size": size})

    port = free_port()
    async with serve_app(app, port):
        yield f"http://127.0.0.1:{port}", received


async def chunks(total: int, size: int = 64 * 1024) -> AsyncIterator[bytes]:
    sent = 0
    while sent < total:
        piece = min(size, total - sent)
        sent += piece
        yield b"x" * piece


class TestBodyLimits:
    async def test_a_declared_length_over_the_limit_is_refused_unread(self, start_gateway: Any, upstream: Any) -> None:
        url, received = upstream
        gw = await start_gateway(organizations_url=url, body_limit_bytes=100_000)
        response = await gw.client.post("/api/orgs/echo", content=b"x" * 100_001)
        assert response.status_code == 413 and response.json() == TOO_LARGE
        assert response.headers["x-content-type-options"] == "nosniff"
        assert received == []
        ok = await gw.client.post("/api/orgs/echo", content=b"x" * 100_000)
        assert ok.status_code == 200 and received == [100_000]

    async def test_a_chunked_body_is_cut_off_while_it_streams(self, start_gateway: Any, upstream: Any) -> None:
        url, received = upstream
        gw = await start_gateway(organizations_url=url, body_limit_bytes=1_000_000)
        response = await gw.client.post("/api/orgs/echo", content=chunks(3_000_000))
        assert response.status_code == 413 and response.json() == TOO_LARGE
        assert received == []  # the service never read a whole body
        ok = await gw.client.post("/api/orgs/echo", content=chunks(900_000))
        assert ok.status_code == 200 and received == [900_000]

    async def test_a_chunked_sign_in_body_is_counted_too(self, gw: Any) -> None:
        response = await gw.client.post(
            "/api/user/magic-link", content=chunks(2 * 1024 * 1024), headers={"content-type": "text/plain"}
        )
        assert response.status_code == 413 and response.json() == TOO_LARGE

    async def test_uploads_have_their_own_larger_limit(self, start_gateway: Any, upstream: Any) -> None:
        url, received = upstream
        gw = await start_gateway(images_url=url, organizations_url=url)
        assert (await gw.client.post("/api/images", content=b"x" * 9_000_000)).status_code == 200
        assert (await gw.client.post("/api/orgs/echo", content=b"x" * 2_000_000)).status_code == 413
        over = await gw.client.post("/api/images", content=b"x" * 10_100_000)
        assert over.status_code == 413 and over.json() == TOO_LARGE
        streamed = await gw.client.post("/api/images", content=chunks(10_200_000))
        assert streamed.status_code == 413
        assert received == [9_000_000]

    def test_defaults(self) -> None:
        from gateway.config import Settings

        settings = Settings()
        assert settings.body_limit_bytes == 1024 * 1024
        assert settings.upload_limit_bytes == 10_000_000 + 64 * 1024


class TestTextBodies:
    async def test_a_sign_in_text_body_that_is_not_utf8_is_400(self, gw: Any) -> None:
        response = await gw.client.post(
            "/api/user/reset-password", content=b"\xc0\xae@example.com", headers={"content-type": "text/plain"}
        )
        assert response.status_code == 400 and response.json()["error"]["code"] == "invalid"

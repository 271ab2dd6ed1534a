"""An unexpected exception is answered 500 with the kit's body and ends there: were it raised on to uvicorn,
uvicorn would close a keep-alive connection that the gateway's pool had already taken back for another
request (which then failed with 503). Only an answer cut short mid-body lets it through, so that connection
closes."""

from __future__ import annotations

import logging
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.responses import StreamingResponse

from kit.errors import install_error_handlers
from kit.middleware import RequestContextMiddleware


def _app() -> FastAPI:
    app = FastAPI()
    install_error_handlers(app)
    app.add_middleware(RequestContextMiddleware)

    @app.get("/internal/secret")
    async def secret() -> dict[str, bool]:
        return {"secret": True}

    @app.get("/boom")
    async def boom() -> None:
        raise RuntimeError("a bug")

    @app.get("/cut")
    async def cut() -> StreamingResponse:
        async def body() -> Any:
            yield b"half"
            raise RuntimeError("a bug mid-answer")

        return StreamingResponse(body())

    return app


async def test_the_exception_is_answered_and_stops_here(caplog: pytest.LogCaptureFixture) -> None:
    transport = httpx.ASGITransport(app=_app())  # raises whatever reaches the server
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        with caplog.at_level(logging.ERROR, logger="kit.errors"):
            response = await client.get("/boom")
    assert response.status_code == 500
    assert response.json() == {"error": {"code": "internal", "message": "Something went wrong, please try again later"}}
    assert response.headers["x-request-id"]
    assert any("unhandled error on GET /boom" in r.getMessage() and r.exc_info for r in caplog.records)


async def test_an_answer_cut_short_still_closes_the_connection() -> None:
    transport = httpx.ASGITransport(app=_app())
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        with pytest.raises(RuntimeError, match="mid-answer"):
            await client.get("/cut")


async def test_an_internal_endpoint_does_not_answer_a_forwarded_request() -> None:
    """A second lock behind the gateway's: whatever the gateway forwards carries X-Forwarded-For."""
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=_app()), base_url="http://t") as client:
        assert (await client.get("/internal/secret")).json() == {"secret": True}  # a service calling another
        forwarded = await client.get("/internal/secret", headers={"X-Forwarded-For": "6.6.6.6"})
        assert forwarded.status_code == 404
        assert forwarded.json() == {"error": {"code": "not_found", "message": "Not found"}}

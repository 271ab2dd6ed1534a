"""Tickets are tested on the app served on a real port: the test provider's webhooks travel over HTTP to the
app's own /api/payments/webhook/test, as they do on `make dev`. `client` and `session` are that app's."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from fastapi import FastAPI

from events.app import create_app
from events.config import Settings
from kit.local import free_port
from kit.testing import serve_app


@pytest.fixture
async def app(settings: Settings, clean_state: None) -> AsyncIterator[FastAPI]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    application = create_app(settings.model_copy(update={"test_webhook_url": f"{url}/api/payments/webhook/test"}))
    async with serve_app(application, port):
        await application.state.bus.wait_ready(timeout=10)
        application.state.url = url
        yield application


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=app.state.url, timeout=30) as c:
        yield c

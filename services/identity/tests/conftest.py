from __future__ import annotations

import re
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from asgi_lifespan import LifespanManager
from fastapi import FastAPI
from sqlalchemy import event

from identity.app import MIGRATIONS_DIR, create_app
from identity.auth.tokens import generate_private_key_pem
from identity.config import Settings
from kit.testing import ServiceSpec
from kit.testing.served import served_service, upload_image

pytest_plugins = ["kit.testing.plugin"]

# The tests import their small factories module (pytest runs in importlib mode: no rootdir on sys.path).
sys.path.insert(0, str(Path(__file__).resolve().parent))

from support import PUBLIC_URL, AppClient, Mailbox, free_port, start_sink  # noqa: E402

_KEY = generate_private_key_pem()
# The SMTP sink of this test session listens here; every app of the session sends to it.
SMTP_PORT = free_port()


def make_settings(**overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "jwt_private_key": _KEY,
        "smtp_port": SMTP_PORT,
        "public_url": PUBLIC_URL,
        "mail_poll_seconds": 0.2,
        "mail_retry_max_seconds": 0.5,
        "smtp_timeout_seconds": 5.0,
    }
    return Settings(**(values | overrides))


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec(
        name="identity", settings_factory=make_settings, app_factory=create_app, migrations_dir=MIGRATIONS_DIR
    )


@pytest.fixture(scope="session")
def smtp_sink(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    directory = tmp_path_factory.mktemp("mail")
    controller = start_sink(directory, SMTP_PORT)
    yield directory
    controller.stop()


@pytest.fixture
def mailbox(smtp_sink: Path) -> Mailbox:
    box = Mailbox(smtp_sink)
    box.clear()
    return box


@pytest.fixture(scope="session")
async def images_url(pg_server_url: str, nats_url: str, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[str]:
    """The real images service on a port: image references are checked against it (kit.images)."""
    storage = tmp_path_factory.mktemp("images")
    async with served_service("images", pg_server_url, nats_url, storage_dir=storage, run_workers=False) as images:
        yield images.url


@pytest.fixture(scope="session")
def settings(settings: Settings, images_url: str) -> Settings:
    return settings.model_copy(update={"images_url": images_url})


@pytest.fixture
async def image_id(images_url: str) -> str:
    """An image that exists, for a field that refers to one."""
    return await upload_image(images_url)


@pytest.fixture
def app_with(settings: Settings, clean_state: None) -> AppClient:
    """Another app of the service with some settings changed (its lifespan running), and a client on it."""

    @asynccontextmanager
    async def make(**overrides: Any) -> AsyncIterator[httpx.AsyncClient]:
        application = create_app(settings.model_copy(update=overrides))
        async with LifespanManager(application, startup_timeout=30, shutdown_timeout=30):
            await application.state.bus.wait_ready(timeout=10)
            transport = httpx.ASGITransport(app=application)
            async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
                client.app = application  # type: ignore[attr-defined]
                yield client

    return make


_BACKGROUND = re.compile(r"outbox_message|processed_message|\bmail\b")


class QueryCounter:
    def __init__(self) -> None:
        self.statements: list[str] = []

    @property
    def count(self) -> int:
        return len(self.statements)


@pytest.fixture
def count_queries(app: FastAPI) -> Callable[[], AbstractAsyncContextManager[QueryCounter]]:
    """Counts the SQL statements the app runs inside the block (an SQLAlchemy event listener)."""

    @asynccontextmanager
    async def counting() -> AsyncIterator[QueryCounter]:
        counter = QueryCounter()
        engine = app.state.engine.sync_engine

        def before(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
            if _BACKGROUND.search(statement):
                return  # the outbox relay, the consumers' bookkeeping and the mail loop run meanwhile
            if statement.lstrip().upper().startswith(("SELECT", "INSERT", "UPDATE", "DELETE")):
                counter.statements.append(statement)

        event.listen(engine, "before_cursor_execute", before)
        try:
            yield counter
        finally:
            event.remove(engine, "before_cursor_execute", before)

    return counting

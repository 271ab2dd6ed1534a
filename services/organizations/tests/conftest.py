from __future__ import annotations

import contextlib
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import event

from kit.local import free_port
from kit.testing import ServiceSpec
from kit.testing.served import served_service, upload_image
from organizations.app import MIGRATIONS_DIR, create_app
from organizations.config import Settings

pytest_plugins = ["kit.testing.plugin"]

# The factories of each domain (tests/<domain>/factories.py) import as `<domain>.factories`.
sys.path.insert(0, str(Path(__file__).parent))

# Nothing listens here: unless a test serves identity itself, a profile missing from the projection stays
# unnamed (and a developer's running identity on 8101 is never reached by the tests).
UNREACHABLE_IDENTITY = f"http://127.0.0.1:{free_port()}"


def make_settings(**overrides: Any) -> Settings:
    return Settings(**({"identity_url": UNREACHABLE_IDENTITY} | overrides))


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec(
        name="organizations", settings_factory=make_settings, app_factory=create_app, migrations_dir=MIGRATIONS_DIR
    )


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


StatementCounter = Callable[[], contextlib.AbstractContextManager[list[str]]]


@pytest.fixture
def count_statements(app: FastAPI) -> StatementCounter:
    """`with count_statements() as statements:` collects the SQL the app sends while the block runs (the
    outbox relay's polling and the consumers' bookkeeping run beside the requests and are left out)."""

    @contextlib.contextmanager
    def counting() -> Iterator[list[str]]:
        statements: list[str] = []

        def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
            if "outbox_message" not in statement and "processed_message" not in statement:
                statements.append(statement)

        engine = app.state.engine.sync_engine
        event.listen(engine, "before_cursor_execute", record)
        try:
            yield statements
        finally:
            event.remove(engine, "before_cursor_execute", record)

    return counting

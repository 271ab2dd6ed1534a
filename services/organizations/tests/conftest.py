from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from kit.local import free_port
from kit.testing import ServiceSpec
from kit.testing.served import served_service, upload_image
from organizations.config import Settings

pytest_plugins = ["kit.testing.plugin"]

# Nothing listens here: unless a test serves identity itself, a profile missing from the projection stays
# unnamed (and a developer's running identity on 8101 is never reached by the tests).
UNREACHABLE_IDENTITY = f"http://127.0.0.1:{free_port()}"


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec.of("organizations", identity_url=UNREACHABLE_IDENTITY)


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

"""Fixtures for the tests of a service whose writes refer to images (kit.images): the real images service on a
port, and an image uploaded there. A conftest adds `"kit.testing.images"` to its `pytest_plugins` and points its
settings at the served service:

    @pytest.fixture(scope="session")
    def settings(settings: Settings, images_url: str) -> Settings:
        return settings.model_copy(update={"images_url": images_url})
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from kit.testing.served import served_service, upload_image


@pytest.fixture(scope="session")
async def images_url(pg_server_url: str, nats_url: str, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[str]:
    """The real images service on a port: image references are checked against it."""
    storage = tmp_path_factory.mktemp("images")
    async with served_service("images", pg_server_url, nats_url, storage_dir=storage, run_workers=False) as images:
        yield images.url


@pytest.fixture
async def image_id(images_url: str) -> str:
    """An image that exists, for a field that refers to one."""
    return await upload_image(images_url)

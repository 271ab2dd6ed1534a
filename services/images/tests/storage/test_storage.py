"""The two storage backends behave alike; S3 is tested against moto in server mode (real HTTP)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from images.config import Settings
from images.storage import Storage, open_storage


@pytest.fixture(params=["local", "s3"])
async def storage(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Storage]:
    if request.param == "local":
        settings = Settings(storage_dir=tmp_path)
    else:
        settings = Settings(**request.getfixturevalue("s3_bucket"))
    backend = await open_storage(settings)
    try:
        yield backend
    finally:
        await backend.close()


class TestStorage:
    async def test_put_then_get(self, storage: Storage) -> None:
        await storage.put("abc/original.png", b"\x89PNG...", "image/png")
        assert await storage.get("abc/original.png") == b"\x89PNG..."

    async def test_missing_key_is_none(self, storage: Storage) -> None:
        assert await storage.get("nothing/here.webp") is None

    async def test_put_replaces(self, storage: Storage) -> None:
        await storage.put("abc/w64-photo.webp", b"one", "image/webp")
        await storage.put("abc/w64-photo.webp", b"two", "image/webp")
        assert await storage.get("abc/w64-photo.webp") == b"two"

    async def test_keys_and_delete_prefix_touch_only_that_image(self, storage: Storage) -> None:
        for key in ("img1/original.jpg", "img1/w64-photo.webp", "img12/original.jpg"):
            await storage.put(key, b"x", "image/jpeg")
        assert await storage.keys("img1/") == ["img1/original.jpg", "img1/w64-photo.webp"]
        assert await storage.delete_prefix("img1/") == 2
        assert await storage.keys("img1/") == []
        assert await storage.get("img12/original.jpg") == b"x"
        assert await storage.delete_prefix("img1/") == 0

    async def test_keys_cannot_leave_the_storage(self, tmp_path: Path) -> None:
        local = await open_storage(Settings(storage_dir=tmp_path))
        with pytest.raises(ValueError):
            await local.put("../../etc/passwd", b"x", "text/plain")

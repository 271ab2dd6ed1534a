"""Where image bytes live, behind one small interface: a local folder by default, S3-compatible object storage
when a bucket is configured. Keys look like `<image id>/original.jpg` and `<image id>/w300-photo.webp`."""

from __future__ import annotations

from typing import Protocol

from images.config import Settings


class Storage(Protocol):
    async def put(self, key: str, data: bytes, content_type: str) -> None:
        """Store `data` under `key`, replacing what was there; readers never see a partial object."""

    async def get(self, key: str) -> bytes | None:
        """The bytes under `key`, or None when there are none."""

    async def delete_prefix(self, prefix: str) -> int:
        """Remove every key starting with `prefix`; how many were removed."""

    async def keys(self, prefix: str) -> list[str]:
        """The keys starting with `prefix`, sorted."""

    def location(self, key: str) -> str:
        """Where `key` lives, for operators and the benchmark (a path or an s3:// URL)."""

    async def close(self) -> None: ...


async def open_storage(settings: Settings) -> Storage:
    if settings.s3_bucket:
        from images.storage.s3 import S3Storage

        return await S3Storage.open(settings)
    from images.storage.local import LocalStorage

    return LocalStorage(settings.storage_dir)


__all__ = ["Storage", "open_storage"]

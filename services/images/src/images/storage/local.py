from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import anyio.to_thread


class LocalStorage:
    """A folder: `<root>/<first two characters of the id>/<id>/<name>`, so no directory grows past a few
    thousand entries. File system calls run in worker threads."""

    def __init__(self, root: Path):
        self.root = root.resolve()

    def _path(self, key: str) -> Path:
        image_id, _, name = key.partition("/")
        if not image_id or ".." in key or key.startswith("/"):
            raise ValueError(f"bad storage key {key!r}")
        return self.root / image_id[:2] / image_id / name

    async def put(self, key: str, data: bytes, content_type: str) -> None:
        await anyio.to_thread.run_sync(self._put, self._path(key), data)

    @staticmethod
    def _put(path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Written beside, then renamed: a reader sees the old file or the whole new one, never half of it.
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise

    async def get(self, key: str) -> bytes | None:
        return await anyio.to_thread.run_sync(self._get, self._path(key))

    @staticmethod
    def _get(path: Path) -> bytes | None:
        try:
            return path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return None

    async def delete_prefix(self, prefix: str) -> int:
        folder = self._path(prefix.rstrip("/") + "/x").parent
        return await anyio.to_thread.run_sync(self._delete_folder, folder)

    @staticmethod
    def _delete_folder(folder: Path) -> int:
        if not folder.is_dir():
            return 0
        count = sum(1 for p in folder.iterdir() if not p.name.startswith(".tmp-"))
        shutil.rmtree(folder, ignore_errors=True)
        return count

    async def keys(self, prefix: str) -> list[str]:
        folder = self._path(prefix.rstrip("/") + "/x").parent
        image_id = folder.name

        def _list() -> list[str]:
            if not folder.is_dir():
                return []
            return sorted(f"{image_id}/{p.name}" for p in folder.iterdir() if not p.name.startswith(".tmp-"))

        return await anyio.to_thread.run_sync(_list)

    def location(self, key: str) -> str:
        return str(self._path(key))

    async def close(self) -> None:
        return None

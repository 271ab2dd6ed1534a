"""An in-memory cache of public, immutable answers (image variants): the gateway answers repeats itself, as
a CDN or nginx proxy_cache would, instead of crossing to the service. LRU, bounded in bytes; an image's
variants are dropped when images.image.deleted passes on the bus."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

CacheKey = tuple[str, bytes, bytes, bytes]  # path, query string, Accept, Accept-Encoding
ALLOWED_VARY = frozenset({"accept", "accept-encoding"})


@dataclass(frozen=True, slots=True)
class CachedAnswer:
    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes
    etag: bytes | None

    @property
    def size(self) -> int:
        return len(self.body) + sum(len(k) + len(v) for k, v in self.headers) + 200


def cacheable(status: int, headers: list[tuple[bytes, bytes]], body_length: int | None, limit: int) -> bool:
    if status != 200 or body_length is None or body_length > limit:
        return False
    control = b""
    for key, value in headers:
        if key == b"cache-control":
            control = value.lower()
        elif key == b"set-cookie":
            return False
        elif key == b"vary":
            names = {v.strip().lower() for v in value.decode("latin-1").split(",")}
            if not names <= ALLOWED_VARY:
                return False
    return b"public" in control and b"immutable" in control


class ResponseCache:
    def __init__(self, max_bytes: int, entry_limit: int = 2 * 1024 * 1024):
        self.max_bytes = max_bytes
        self.entry_limit = entry_limit
        self.size = 0
        self._entries: OrderedDict[CacheKey, CachedAnswer] = OrderedDict()

    def get(self, key: CacheKey) -> CachedAnswer | None:
        answer = self._entries.get(key)
        if answer is not None:
            self._entries.move_to_end(key)
        return answer

    def put(self, key: CacheKey, answer: CachedAnswer) -> None:
        if answer.size > self.max_bytes:
            return
        old = self._entries.pop(key, None)
        if old is not None:
            self.size -= old.size
        self._entries[key] = answer
        self.size += answer.size
        while self.size > self.max_bytes:
            _, evicted = self._entries.popitem(last=False)
            self.size -= evicted.size

    def purge_prefix(self, prefix: str) -> int:
        """Drop every answer whose path is the prefix or below it."""
        doomed = [k for k in self._entries if k[0] == prefix or k[0].startswith(prefix + "/")]
        for key in doomed:
            self.size -= self._entries.pop(key).size
        return len(doomed)

    def __len__(self) -> int:
        return len(self._entries)

"""Per-process caches of the serving path. Variants never change once made and images change only by being
deleted, so plain LRU and TTL caches are safe; a deletion on another replica shows after the facts' TTL (the
bytes may anyway live a year in browsers and CDNs: they are served `immutable`)."""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Generic, TypeVar

T = TypeVar("T")


class ByteCache:
    """Least recently used, bounded by total bytes; items above `max_item` are not kept."""

    def __init__(self, capacity: int, max_item: int):
        self.capacity = capacity
        self.max_item = min(max_item, capacity)
        self.size = 0
        self._items: OrderedDict[str, bytes] = OrderedDict()

    def get(self, key: str) -> bytes | None:
        data = self._items.get(key)
        if data is not None:
            self._items.move_to_end(key)
        return data

    def put(self, key: str, data: bytes) -> None:
        if len(data) > self.max_item:
            return
        old = self._items.pop(key, None)
        if old is not None:
            self.size -= len(old)
        self._items[key] = data
        self.size += len(data)
        while self.size > self.capacity:
            _, evicted = self._items.popitem(last=False)
            self.size -= len(evicted)

    def drop_prefix(self, prefix: str) -> None:
        for key in [k for k in self._items if k.startswith(prefix)]:
            self.size -= len(self._items.pop(key))


@dataclass(frozen=True, slots=True)
class ImageFacts:
    """What serving needs to know of an image, without its bytes."""

    width: int
    height: int
    has_alpha: bool
    format: str


class FactsCache(Generic[T]):
    def __init__(self, ttl_seconds: float, max_items: int = 100_000):
        self.ttl = ttl_seconds
        self.max_items = max_items
        self._items: OrderedDict[str, tuple[float, T]] = OrderedDict()

    def get(self, key: str) -> T | None:
        found = self._items.get(key)
        if found is None:
            return None
        expires, value = found
        if expires < time.monotonic():
            del self._items[key]
            return None
        self._items.move_to_end(key)
        return value

    def put(self, key: str, value: T) -> None:
        if self.ttl <= 0:
            return
        self._items[key] = (time.monotonic() + self.ttl, value)
        self._items.move_to_end(key)
        if len(self._items) > self.max_items:
            self._items.popitem(last=False)

    def drop(self, key: str) -> None:
        self._items.pop(key, None)


class SingleFlight:
    """Concurrent callers for one key share one run: ten first requests for a new variant render it once.
    The run is shielded, so a caller that goes away does not cancel it for the others."""

    def __init__(self) -> None:
        self._running: dict[str, asyncio.Task[bytes]] = {}

    def __len__(self) -> int:
        return len(self._running)

    async def run(self, key: str, make: Callable[[], Awaitable[bytes]]) -> bytes:
        task = self._running.get(key)
        if task is None:
            task = asyncio.ensure_future(make())
            self._running[key] = task
            task.add_done_callback(partial(self._finished, key))
        return await asyncio.shield(task)

    def _finished(self, key: str, task: asyncio.Task[bytes]) -> None:
        if self._running.get(key) is task:
            del self._running[key]
        if not task.cancelled():
            task.exception()  # retrieved here, so a failure nobody waited for is not reported as lost

"""Sliding-window counters kept in memory, per gateway replica (documented in docs/decisions.md)."""

from __future__ import annotations

import math
import time
from collections import deque


class SlidingWindow:
    def __init__(self, limit: int, window_seconds: float, max_keys: int = 100_000):
        self.limit = limit
        self.window = window_seconds
        self.max_keys = max_keys
        self._hits: dict[str, deque[float]] = {}

    def hit(self, key: str) -> int:
        """Count one request; 0 when allowed, else the seconds to wait (for Retry-After)."""
        now = time.monotonic()
        hits = self._hits.get(key)
        if hits is None:
            if len(self._hits) >= self.max_keys:
                self._sweep(now)
            hits = self._hits[key] = deque()
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        if len(hits) >= self.limit:
            return max(1, math.ceil(hits[0] + self.window - now))
        hits.append(now)
        return 0

    def _sweep(self, now: float) -> None:
        self._hits = {k: v for k, v in self._hits.items() if v and v[-1] > now - self.window}

"""Argon2id with OWASP's parameters (19 MiB, 2 iterations, 1 lane); hashing runs off the event loop, at most
`IDENTITY_PASSWORD_HASHING_CONCURRENCY` at a time: each takes 19 MiB while it runs, so a burst of logins queues
instead of taking the pod's memory (docs/decisions.md, "Platform foundation: accounts, passwords and tokens")."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from anyio import CapacityLimiter, to_thread
from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError

T = TypeVar("T")

_hasher = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1, hash_len=32, salt_len=16, type=Type.ID)
# Verified when the email is unknown, so both failures cost the same time.
_DUMMY_HASH = _hasher.hash("not-a-real-password-only-spends-time")
DEFAULT_CONCURRENCY = 4


class Hashing:
    """How many hashes may run at once, and how many ran at once at most (what the test reads)."""

    def __init__(self, concurrency: int) -> None:
        self.limiter = CapacityLimiter(concurrency)
        self.running = 0
        self.peak = 0
        self._lock = threading.Lock()

    async def run(self, work: Callable[[], T]) -> T:
        def counted() -> T:
            with self._lock:
                self.running += 1
                self.peak = max(self.peak, self.running)
            try:
                return work()
            finally:
                with self._lock:
                    self.running -= 1

        return await to_thread.run_sync(counted, limiter=self.limiter)


HASHING = Hashing(DEFAULT_CONCURRENCY)


def limit_hashing(concurrency: int) -> Hashing:
    """Set at the app's creation from its settings (one identity app per process)."""
    global HASHING
    HASHING = Hashing(concurrency)
    return HASHING


async def hash_password(password: str) -> str:
    return await HASHING.run(lambda: _hasher.hash(password))


async def verify_password(password_hash: str | None, password: str) -> bool:
    def _verify() -> bool:
        try:
            return _hasher.verify(password_hash or _DUMMY_HASH, password) and password_hash is not None
        except (VerificationError, InvalidHashError):
            return False

    return await HASHING.run(_verify)


def needs_rehash(password_hash: str) -> bool:
    return _hasher.check_needs_rehash(password_hash)

"""Argon2id with OWASP's parameters (19 MiB, 2 iterations, 1 lane); hashing runs off the event loop."""

from __future__ import annotations

from anyio import to_thread
from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1, hash_len=32, salt_len=16, type=Type.ID)
# Verified when the email is unknown, so both failures cost the same time.
_DUMMY_HASH = _hasher.hash("not-a-real-password-only-spends-time")


async def hash_password(password: str) -> str:
    return await to_thread.run_sync(_hasher.hash, password)


async def verify_password(password_hash: str | None, password: str) -> bool:
    def _verify() -> bool:
        try:
            return _hasher.verify(password_hash or _DUMMY_HASH, password) and password_hash is not None
        except (VerificationError, InvalidHashError):
            return False

    return await to_thread.run_sync(_verify)


def needs_rehash(password_hash: str) -> bool:
    return _hasher.check_needs_rehash(password_hash)

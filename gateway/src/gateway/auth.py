"""Access-token verification against identity's JWKS. Algorithms are pinned to RS256, `exp`, `aud` and `iss`
are checked, and a verified token is cached until it expires: its signature is checked once."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any

import aiohttp
from jose import JWTError, jwk, jwt
from jose.exceptions import JWKError

from kit.principal import Principal, encode_principal

logger = logging.getLogger("gateway.auth")

ALGORITHMS = ["RS256"]
_CACHE_LIMIT = 50_000


class InvalidToken(Exception):
    pass


class KeysUnavailable(Exception):
    """Identity's key set could not be fetched: the token cannot be judged either way. Answered 503, not 401: a 401
    signs the user out (docs/decisions.md, "Token keys out of reach")."""


class ForeignProfile(Exception):
    """Caller-Id names a profile of another account."""


@dataclass(frozen=True, slots=True)
class VerifiedToken:
    account_id: int
    profile_ids: tuple[int, ...]
    main_profile_id: int | None
    is_platform_admin: bool
    expires_at: float


FAILED_FETCH_RETRY_SECONDS = 1.0


class JwksCache:
    def __init__(self, session_getter: Any, jwks_url: str | None, min_refetch_seconds: float):
        self._session_getter = session_getter
        self.jwks_url = jwks_url
        self.min_refetch_seconds = min_refetch_seconds
        self.keys: dict[str, Any] = {}
        self.failed = False  # the last fetch did not work
        self._next_fetch = 0.0  # monotonic time before which an unforced refresh does not fetch
        self._lock = asyncio.Lock()

    async def refresh(self, *, force: bool = False) -> bool:
        """Fetch the key set; after a fetch that worked, at most once per `min_refetch_seconds` unless forced
        (startup). A fetch that failed (identity still starting when the gateway did) may be tried again after
        a second: otherwise every valid token would be refused for the whole interval."""
        if not self.jwks_url:
            return False
        async with self._lock:
            now = time.monotonic()
            if not force and now < self._next_fetch:
                return False
            self._next_fetch = now + FAILED_FETCH_RETRY_SECONDS
            try:
                session: aiohttp.ClientSession = self._session_getter()
                async with session.get(self.jwks_url, timeout=aiohttp.ClientTimeout(total=5)) as response:
                    response.raise_for_status()
                    body = await response.json()
                keys = {}
                for entry in body.get("keys", []):
                    if entry.get("kty") == "RSA" and entry.get("kid"):
                        keys[entry["kid"]] = jwk.construct(entry, "RS256")
                self.keys = keys
                self.failed = False
                self._next_fetch = time.monotonic() + self.min_refetch_seconds
                return True
            except (aiohttp.ClientError, TimeoutError, JWKError, ValueError) as exc:
                logger.warning("could not fetch JWKS from %s: %s", self.jwks_url, exc)
                self.failed = True
                return False

    async def key_for(self, kid: str) -> Any:
        """The key, or None when identity's current key set does not have it; KeysUnavailable when that set
        could not be fetched (never yet, or the last fetch failed)."""
        key = self.keys.get(kid)
        if key is None and await self.refresh():
            key = self.keys.get(kid)
        if key is None and self.jwks_url and (self.failed or not self.keys):
            raise KeysUnavailable(self.jwks_url)
        return key


class TokenVerifier:
    def __init__(self, jwks: JwksCache, *, audience: str, issuer: str, internal_secret: str, internal_ttl: int):
        self.jwks = jwks
        self.audience = audience
        self.issuer = issuer
        self.internal_secret = internal_secret
        self.internal_ttl = internal_ttl
        self._verified: dict[str, VerifiedToken] = {}
        # (access token, acting profile) -> (internal token, valid until)
        self._internal: dict[tuple[str, int], tuple[str, float]] = {}

    async def verify(self, token: str) -> VerifiedToken:
        now = time.time()
        cached = self._verified.get(token)
        if cached is not None:
            if cached.expires_at > now:
                return cached
            del self._verified[token]
            raise InvalidToken("expired")
        try:
            header = jwt.get_unverified_header(token)
        except JWTError as exc:
            raise InvalidToken("malformed") from exc
        if header.get("alg") not in ALGORITHMS:
            raise InvalidToken("algorithm not allowed")
        key = await self.jwks.key_for(str(header.get("kid", "")))
        if key is None:
            raise InvalidToken("unknown key")
        try:
            claims = jwt.decode(
                token,
                key,
                algorithms=ALGORITHMS,
                audience=self.audience,
                issuer=self.issuer,
                options={"require_exp": True, "require_sub": True, "require_aud": True, "require_iss": True},
            )
            verified = VerifiedToken(
                account_id=int(claims["sub"]),
                profile_ids=tuple(int(p) for p in claims.get("pids", [])),
                main_profile_id=int(claims["mpid"]) if claims.get("mpid") is not None else None,
                is_platform_admin=bool(claims.get("adm", False)),
                expires_at=float(claims["exp"]),
            )
        except (JWTError, KeyError, ValueError, TypeError) as exc:
            raise InvalidToken(str(exc)) from exc
        if len(self._verified) >= _CACHE_LIMIT:
            self._evict(now)
        self._verified[token] = verified
        return verified

    def _evict(self, now: float) -> None:
        self._verified = {t: v for t, v in self._verified.items() if v.expires_at > now}
        self._internal = {k: v for k, v in self._internal.items() if v[1] > now}
        if len(self._verified) >= _CACHE_LIMIT:
            self._verified.clear()

    def internal_token(self, token: str, verified: VerifiedToken, caller_id: str | None) -> str:
        """The principal forwarded to services, for the profile named by Caller-Id (default: the main one)."""
        if caller_id:
            try:
                profile_id = int(caller_id)
            except ValueError as exc:
                raise ForeignProfile(caller_id) from exc
            if profile_id not in verified.profile_ids:
                raise ForeignProfile(caller_id)
        elif verified.main_profile_id is not None:
            profile_id = verified.main_profile_id
        else:
            raise ForeignProfile("no profile")
        now = time.time()
        key = (token, profile_id)
        cached = self._internal.get(key)
        if cached is not None and cached[1] > now:
            return cached[0]
        principal = Principal(
            account_id=verified.account_id,
            profile_id=profile_id,
            profile_ids=verified.profile_ids,
            is_platform_admin=verified.is_platform_admin,
        )
        internal = encode_principal(principal, self.internal_secret, self.internal_ttl)
        # Re-signed well before the services would consider it expired.
        self._internal[key] = (internal, now + self.internal_ttl / 2)
        return internal

"""Access tokens (RS256 JWTs with a `kid`, published as JWKS) and opaque refresh tokens."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from jose import jwk, jwt

ALGORITHM = "RS256"


def generate_private_key_pem() -> str:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass(frozen=True)
class AccessToken:
    token: str
    expires_in: int


class TokenSigner:
    def __init__(self, private_key_pem: str, *, issuer: str, audience: str, ttl_seconds: int):
        self._private_pem = private_key_pem
        self.issuer = issuer
        self.audience = audience
        self.ttl_seconds = ttl_seconds
        public = jwk.construct(private_key_pem, ALGORITHM).public_key().to_dict()
        self._public_jwk = {"kty": public["kty"], "n": public["n"], "e": public["e"]}
        # RFC 7638 thumbprint: the kid changes exactly when the key does.
        canonical = json.dumps(self._public_jwk, separators=(",", ":"), sort_keys=True).encode()
        self.kid = _b64url(hashlib.sha256(canonical).digest())

    @classmethod
    def from_settings(cls, settings: Any) -> TokenSigner:
        pem = settings.jwt_private_key
        if not pem and settings.jwt_private_key_file:
            pem = Path(settings.jwt_private_key_file).read_text()
        if not pem:
            if settings.is_production:
                raise RuntimeError("IDENTITY_JWT_PRIVATE_KEY or IDENTITY_JWT_PRIVATE_KEY_FILE is required")
            pem = generate_private_key_pem()
        return cls(
            pem,
            issuer=settings.jwt_issuer,
            audience=settings.jwt_audience,
            ttl_seconds=settings.access_token_ttl_seconds,
        )

    def issue(
        self, *, account_id: int, profile_ids: list[int], main_profile_id: int | None, is_platform_admin: bool
    ) -> AccessToken:
        now = int(time.time())
        claims = {
            "iss": self.issuer,
            "aud": self.audience,
            "sub": str(account_id),
            "iat": now,
            "exp": now + self.ttl_seconds,
            "pids": profile_ids,
            "mpid": main_profile_id,
            "adm": is_platform_admin,
        }
        token = jwt.encode(claims, self._private_pem, algorithm=ALGORITHM, headers={"kid": self.kid})
        return AccessToken(token=token, expires_in=self.ttl_seconds)

    def jwks(self) -> dict[str, list[dict[str, str]]]:
        return {"keys": [self._public_jwk | {"kid": self.kid, "alg": ALGORITHM, "use": "sig"}]}


def new_refresh_token() -> tuple[str, bytes]:
    """The token for the cookie and the hash for the database."""
    token = secrets.token_urlsafe(32)
    return token, hash_refresh_token(token)


def hash_refresh_token(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()

"""The OpenID Connect relying party for "Sign in with Google": discovery, the authorization URL with PKCE
(S256), the code exchange, and the ID token check (signature against the provider's JWKS, issuer, audience,
expiry, nonce) with authlib's OIDC claims and joserfc. The provider is any OpenID Connect issuer; tests run
a small local one."""

from __future__ import annotations

import time
from typing import Any

import httpx
from authlib.common.urls import add_params_to_uri
from authlib.oauth2.rfc7636 import create_s256_code_challenge
from authlib.oidc.core import CodeIDToken
from joserfc import jwt
from joserfc.errors import InvalidKeyIdError, JoseError
from joserfc.jwk import KeySet
from joserfc.jws import JWSRegistry

from identity.oidc.rules import SignInFailure

METADATA_TTL_SECONDS = 3600
SCOPE = "openid email profile"


class OidcError(Exception):
    """The provider refused, or answered something we cannot trust. The text is for the log; `reason` is
    the code /login gets."""

    def __init__(self, detail: str, reason: SignInFailure = SignInFailure.FAILED):
        super().__init__(detail)
        self.reason = reason


class OidcProvider:
    def __init__(
        self,
        http: httpx.AsyncClient,
        *,
        discovery_url: str,
        client_id: str,
        client_secret: str | None,
        redirect_uri: str,
    ):
        self.http = http
        self.discovery_url = discovery_url
        self.client_id = client_id
        self.client_secret = client_secret
        self.redirect_uri = redirect_uri
        self._metadata: dict[str, Any] | None = None
        self._metadata_at = 0.0
        self._jwks: dict[str, Any] | None = None

    async def metadata(self) -> dict[str, Any]:
        if self._metadata is None or time.monotonic() - self._metadata_at > METADATA_TTL_SECONDS:
            self._metadata = await self._get_json(self.discovery_url)
            self._metadata_at = time.monotonic()
            self._jwks = None
        return self._metadata

    async def authorization_url(self, *, state: str, nonce: str, code_verifier: str) -> str:
        metadata = await self.metadata()
        return str(
            add_params_to_uri(
                metadata["authorization_endpoint"],
                [
                    ("response_type", "code"),
                    ("client_id", self.client_id),
                    ("redirect_uri", self.redirect_uri),
                    ("scope", SCOPE),
                    ("state", state),
                    ("nonce", nonce),
                    ("code_challenge", create_s256_code_challenge(code_verifier)),
                    ("code_challenge_method", "S256"),
                    ("prompt", "select_account"),
                ],
            )
        )

    async def exchange(self, code: str, code_verifier: str) -> dict[str, Any]:
        """The token endpoint's answer for an authorization code (client_secret_post)."""
        metadata = await self.metadata()
        form = {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": self.redirect_uri,
            "client_id": self.client_id,
            "code_verifier": code_verifier,
        }
        if self.client_secret:
            form["client_secret"] = self.client_secret
        try:
            response = await self.http.post(
                metadata["token_endpoint"], data=form, headers={"Accept": "application/json"}
            )
        except httpx.HTTPError as exc:
            raise OidcError(f"token endpoint unreachable: {exc}") from exc
        if response.status_code != 200:
            raise OidcError(f"token endpoint answered {response.status_code}: {response.text[:200]}")
        token = response.json()
        if not isinstance(token, dict) or "id_token" not in token:
            raise OidcError("no id_token in the token response")
        return token

    async def verify_id_token(self, token: dict[str, Any], nonce: str) -> dict[str, Any]:
        """The ID token's claims, once its signature and claims hold."""
        metadata = await self.metadata()
        algorithms = metadata.get("id_token_signing_alg_values_supported") or ["RS256"]
        registry = JWSRegistry(algorithms=[a for a in algorithms if a != "none"])
        try:
            try:
                decoded = jwt.decode(token["id_token"], await self._key_set(), registry=registry)
            except InvalidKeyIdError:  # the provider rotated its keys since we cached them
                self._jwks = None
                decoded = jwt.decode(token["id_token"], await self._key_set(), registry=registry)
            claims = CodeIDToken(
                decoded.claims,
                decoded.header,
                {
                    "iss": {"essential": True, "value": metadata["issuer"]},
                    "aud": {"essential": True, "value": self.client_id},
                },
                {"nonce": nonce, "client_id": self.client_id, "access_token": token.get("access_token")},
            )
            claims.validate(leeway=120)
        except (JoseError, ValueError, KeyError) as exc:
            raise OidcError(f"id token rejected: {exc}") from exc
        return dict(claims)

    async def _key_set(self) -> KeySet:
        if self._jwks is None:
            self._jwks = await self._get_json((await self.metadata())["jwks_uri"])
        return KeySet.import_key_set(self._jwks)  # type: ignore[arg-type]

    async def _get_json(self, url: str) -> dict[str, Any]:
        try:
            response = await self.http.get(url)
            response.raise_for_status()
            data = response.json()
        except (httpx.HTTPError, ValueError) as exc:
            raise OidcError(f"{url}: {exc}") from exc
        if not isinstance(data, dict):
            raise OidcError(f"{url}: not a JSON object")
        return data

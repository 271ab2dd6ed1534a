"""A small OpenID Connect provider standing in for Google at its transport: discovery, JWKS, an authorize
endpoint that signs in a chosen user at once, and a token endpoint that checks the client, the redirect URI
and PKCE (S256) before it answers an RS256 ID token."""

from __future__ import annotations

import base64
import hashlib
import secrets
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from fastapi import FastAPI, Form, Query
from fastapi.responses import JSONResponse, RedirectResponse
from jose import jwt

from identity.auth.tokens import TokenSigner, generate_private_key_pem


@dataclass
class StubUser:
    sub: str = "google-sub-1"
    email: str = "dancer@gmail.com"
    email_verified: bool = True


@dataclass
class StubProvider:
    issuer: str
    client_id: str = "cypher-web"
    client_secret: str = "stub-secret"
    user: StubUser = field(default_factory=StubUser)
    wrong_nonce: bool = False
    foreign_key: bool = False  # sign with a key the JWKS does not publish
    codes: dict[str, dict[str, Any]] = field(default_factory=dict)
    token_requests: list[dict[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.key = generate_private_key_pem()
        self.signer = TokenSigner(self.key, issuer=self.issuer, audience=self.client_id, ttl_seconds=300)

    def id_token(self, nonce: str, access_token: str) -> str:
        now = int(time.time())
        claims = {
            "iss": self.issuer,
            "sub": self.user.sub,
            "aud": self.client_id,
            "iat": now,
            "exp": now + 300,
            "nonce": "not-the-nonce" if self.wrong_nonce else nonce,
            "email": self.user.email,
            "email_verified": self.user.email_verified,
        }
        key = generate_private_key_pem() if self.foreign_key else self.key
        return jwt.encode(claims, key, algorithm="RS256", headers={"kid": self.signer.kid})


def s256(verifier: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()


def create_stub_app(provider: StubProvider) -> FastAPI:
    app = FastAPI()

    @app.get("/.well-known/openid-configuration")
    async def discovery() -> dict[str, Any]:
        return {
            "issuer": provider.issuer,
            "authorization_endpoint": f"{provider.issuer}/authorize",
            "token_endpoint": f"{provider.issuer}/token",
            "jwks_uri": f"{provider.issuer}/jwks",
            "response_types_supported": ["code"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "code_challenge_methods_supported": ["S256"],
        }

    @app.get("/jwks")
    async def jwks() -> dict[str, Any]:
        return provider.signer.jwks()

    @app.get("/authorize")
    async def authorize(
        response_type: str = Query(),
        client_id: str = Query(),
        redirect_uri: str = Query(),
        scope: str = Query(),
        state: str = Query(),
        nonce: str = Query(),
        code_challenge: str = Query(),
        code_challenge_method: str = Query(),
    ) -> RedirectResponse:
        assert response_type == "code" and client_id == provider.client_id and "openid" in scope.split()
        assert code_challenge_method == "S256"
        code = secrets.token_urlsafe(16)
        provider.codes[code] = {"challenge": code_challenge, "nonce": nonce, "redirect_uri": redirect_uri}
        return RedirectResponse(f"{redirect_uri}?{urlencode({'code': code, 'state': state})}", status_code=302)

    @app.post("/token", response_model=None)
    async def token(
        grant_type: str = Form(),
        code: str = Form(),
        redirect_uri: str = Form(),
        client_id: str = Form(),
        client_secret: str = Form(""),
        code_verifier: str = Form(""),
    ) -> dict[str, Any] | JSONResponse:
        provider.token_requests.append({"code": code, "code_verifier": code_verifier})
        issued = provider.codes.pop(code, None)
        if (
            grant_type != "authorization_code"
            or issued is None
            or client_id != provider.client_id
            or client_secret != provider.client_secret
            or redirect_uri != issued["redirect_uri"]
            or s256(code_verifier) != issued["challenge"]
        ):
            return JSONResponse({"error": "invalid_grant"}, status_code=400)
        access_token = secrets.token_urlsafe(16)
        return {
            "access_token": access_token,
            "token_type": "Bearer",
            "expires_in": 3600,
            "id_token": provider.id_token(issued["nonce"], access_token),
        }

    return app

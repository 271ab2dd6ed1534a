"""Who is calling. The gateway verifies the user's access token and forwards the principal in a short-lived
internal token (HS256 with a secret shared by the gateway and the services); services trust only that."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Annotated, Any, cast

from fastapi import Depends, Request, Security
from fastapi.security import APIKeyHeader
from jose import JWTError, jwt

from kit.errors import Unauthorized

PRINCIPAL_HEADER = "x-cypher-principal"
INTERNAL_AUDIENCE = "cypher-internal"
INTERNAL_ALGORITHM = "HS256"


@dataclass(frozen=True, slots=True)
class Principal:
    """account_id is None for a guest. profile_id is the profile the user acts as (the spec's "user")."""

    account_id: int | None = None
    profile_id: int | None = None
    profile_ids: tuple[int, ...] = field(default_factory=tuple)
    is_platform_admin: bool = False

    @property
    def is_guest(self) -> bool:
        return self.account_id is None

    def owns_profile(self, profile_id: int) -> bool:
        return profile_id in self.profile_ids

    def claims(self) -> dict[str, Any]:
        return {
            "sub": str(self.account_id),
            "pid": self.profile_id,
            "pids": list(self.profile_ids),
            "adm": self.is_platform_admin,
        }


GUEST = Principal()


def encode_principal(principal: Principal, secret: str, ttl_seconds: int = 60) -> str:
    now = int(time.time())
    claims = principal.claims() | {"aud": INTERNAL_AUDIENCE, "iat": now, "exp": now + ttl_seconds}
    return jwt.encode(claims, secret, algorithm=INTERNAL_ALGORITHM)


def decode_principal(token: str, secret: str) -> Principal:
    try:
        claims = jwt.decode(token, secret, algorithms=[INTERNAL_ALGORITHM], audience=INTERNAL_AUDIENCE)
        return Principal(
            account_id=int(claims["sub"]),
            profile_id=int(claims["pid"]) if claims.get("pid") is not None else None,
            profile_ids=tuple(int(p) for p in claims.get("pids", [])),
            is_platform_admin=bool(claims.get("adm", False)),
        )
    except (JWTError, KeyError, ValueError, TypeError) as exc:
        raise Unauthorized("Invalid internal principal") from exc


_DECODED = "kit.principal"  # the request's scope keeps its caller, decoded once (a token's check is a tenth of a read)


def principal_of(request: Request) -> Principal:
    """The caller, as the gateway forwards it (a guest without the header); decoded once per request, however
    many parts of it ask (the route's dependency, kit.shared_reads)."""
    token = request.headers.get(PRINCIPAL_HEADER)
    if not token:
        return GUEST
    kept = request.scope.get(_DECODED)
    if kept is not None and kept[0] == token:
        return cast(Principal, kept[1])
    principal = decode_principal(token, request.app.state.settings.internal_token_secret)
    request.scope[_DECODED] = (token, principal)
    return principal


async def get_principal(request: Request) -> Principal:  # async: a plain def would run in a worker thread
    return principal_of(request)


# Only for the OpenAPI document: the gateway verifies the token and forwards the principal; a route that needs a
# signed-in user declares the token as its security requirement, so clients (and the fuzzer's auth checks)
# know which answers never come without one.
ACCESS_TOKEN = APIKeyHeader(
    name="X-Auth-Token",
    scheme_name="accessToken",
    description="The access token; `Caller-Id` names the profile the user acts as (default the main one)",
    auto_error=False,
)


async def require_user(
    principal: Annotated[Principal, Depends(get_principal)],
    _token: Annotated[str | None, Security(ACCESS_TOKEN)] = None,
) -> Principal:
    if principal.is_guest or principal.profile_id is None:
        raise Unauthorized()
    return principal


async def require_platform_admin(principal: Annotated[Principal, Depends(require_user)]) -> Principal:
    from kit.errors import Forbidden

    if not principal.is_platform_admin:
        raise Forbidden()
    return principal


# async on purpose: FastAPI runs plain-def dependencies in a worker thread, a hop on every request.
PrincipalDep = Annotated[Principal, Depends(get_principal)]
UserDep = Annotated[Principal, Depends(require_user)]
PlatformAdminDep = Annotated[Principal, Depends(require_platform_admin)]

"""Idempotency keys: a write sent with an `Idempotency-Key` header is done once per user and key. Tablets at a
venue queue check-ins and scores offline and send them again until they see an answer; payments will too.

How (every service gets it from `create_service_app`, for every POST, PUT, PATCH and DELETE route):

- the request's session (`SessionDep`) first takes a transaction-scoped advisory lock on (user, key), then looks
  for a stored answer: found, the request is not run again and the stored status, body and content type are
  replayed; found for a different request (method, path or body), it is refused with 400;
- otherwise the route runs, and its answer (2xx to 4xx) is stored in the same transaction as its writes, so a
  rolled back write (an error, a crash) stores nothing and a retry does the write afresh;
- a concurrent retry with the same key waits on the lock for the first to finish, then replays its answer;
- answers are kept 24 hours; each stored answer deletes a batch of expired ones.

The user is the principal's profile (the spec's user id); a guest's key is ignored, as is a key on a route that
opens no session (it writes nothing)."""

from __future__ import annotations

import hashlib
import zlib
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.routing import APIRoute, request_response
from sqlalchemy import column, func, select, table, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.types import BigInteger, DateTime, Integer, LargeBinary, String

from kit.errors import Invalid
from kit.principal import get_principal

HEADER = "idempotency-key"
TTL = timedelta(hours=24)
MAX_KEY_LENGTH = 200
WRITES = {"POST", "PUT", "PATCH", "DELETE"}
KEY_REUSED = "This Idempotency-Key was already used for a different request"
KEY_TOO_LONG = f"Idempotency-Key must be 1 to {MAX_KEY_LENGTH} characters"

idempotency_key = table(
    "idempotency_key",
    column("profile_id", BigInteger()),
    column("key", String()),
    column("request_hash", String()),
    column("status", Integer()),
    column("content_type", String()),
    column("body", LargeBinary()),
    column("created_at", DateTime(timezone=True)),
    column("expires_at", DateTime(timezone=True)),
)


@dataclass(frozen=True)
class Keyed:
    """What a keyed request carries from the session dependency to the route's wrapper."""

    profile_id: int
    key: str
    request_hash: str
    session: AsyncSession


class Replay(Exception):
    """Raised inside the session dependency when the answer is stored already: the route does not run."""

    def __init__(self, status: int, body: bytes, content_type: str | None):
        self.response = Response(content=body, status_code=status, media_type=content_type)


async def begin(request: Request, session: AsyncSession) -> None:
    """Called by the request's session dependency as it opens: lock (user, key), replay a stored answer."""
    key = request.headers.get(HEADER)
    if key is None or request.method not in WRITES or not getattr(request.state, "idempotent", False):
        return
    principal = await get_principal(request)
    if principal.profile_id is None:
        return
    if not 0 < len(key) <= MAX_KEY_LENGTH:
        raise Invalid(KEY_TOO_LONG)
    body = await request.body()
    digest = hashlib.sha256(f"{request.method} {request.url.path}?{request.url.query}\n".encode() + body).hexdigest()
    lock = zlib.crc32(f"{principal.profile_id}:{key}".encode())
    await session.execute(text("SELECT pg_advisory_xact_lock(:ns, :id)"), {"ns": 0x49444B, "id": lock - 2**31})
    stored = (
        await session.execute(
            select(
                idempotency_key.c.request_hash,
                idempotency_key.c.status,
                idempotency_key.c.body,
                idempotency_key.c.content_type,
            ).where(
                idempotency_key.c.profile_id == principal.profile_id,
                idempotency_key.c.key == key,
                idempotency_key.c.expires_at > func.now(),
            )
        )
    ).first()
    if stored is not None:
        if stored.request_hash != digest:
            raise Invalid(KEY_REUSED, code="idempotency_key_reused")
        raise Replay(stored.status, stored.body, stored.content_type)
    request.state.keyed = Keyed(principal.profile_id, key, digest, session)


async def remember(keyed: Keyed, response: Response) -> None:
    """Store the answer in the write's own transaction (the session commits after this)."""
    body = getattr(response, "body", None)
    if not isinstance(body, bytes | memoryview) or response.status_code >= 500:
        return  # a streamed answer cannot be replayed; a server error is not an answer
    values = {
        "profile_id": keyed.profile_id,
        "key": keyed.key,
        "request_hash": keyed.request_hash,
        "status": response.status_code,
        "content_type": response.headers.get("content-type"),
        "body": bytes(body),
        "expires_at": func.now() + TTL,
    }
    statement = insert(idempotency_key).values(values)
    # An expired row of the same key is replaced; a live one cannot exist (we hold the lock and looked).
    await keyed.session.execute(
        statement.on_conflict_do_update(
            index_elements=[idempotency_key.c.profile_id, idempotency_key.c.key],
            set_={name: statement.excluded[name] for name in values if name not in ("profile_id", "key")},
        )
    )
    await keyed.session.execute(
        text(
            "DELETE FROM idempotency_key WHERE ctid = ANY(ARRAY("
            "SELECT ctid FROM idempotency_key WHERE expires_at < now() LIMIT 100))"
        )
    )


def _idempotent(handler: Any) -> Any:
    async def run(request: Request) -> Response:
        request.state.idempotent = True
        try:
            response: Response = await handler(request)
        except Replay as replay:
            return replay.response
        keyed: Keyed | None = getattr(request.state, "keyed", None)
        if keyed is not None:
            await remember(keyed, response)
        return response

    return run


def make_idempotent(app: FastAPI) -> None:
    """Wrap every write route's handler: it runs inside FastAPI's function scope, so the answer is stored before
    the session dependency commits (`SessionDep` has scope="function")."""
    for route in app.router.routes:
        if isinstance(route, APIRoute) and route.methods and route.methods & WRITES:
            route.app = request_response(_idempotent(route.get_route_handler()))

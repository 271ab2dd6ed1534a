"""Idempotency keys: a write sent with an `Idempotency-Key` header is done once per user and key. Tablets at a
venue queue check-ins and scores offline and send them again until they see an answer; payments will too.

How (every service gets it from `create_service_app`, for every POST, PUT, PATCH and DELETE route):

- the request's session (`SessionDep`) first takes a transaction-scoped advisory lock on (user, key), then looks
  for a stored answer: found, the request is not run again and the stored status, body and content type are
  replayed; found for a different request (method, path or body), it is refused with 400;
- otherwise the route runs; when it returns, the session does not commit yet: `IdempotencyMiddleware` holds the
  answer back, stores it (2xx to 4xx) in the same transaction as the route's writes, commits, then sends it. A
  rolled back write (an error raised, a crash, a 5xx) stores nothing and a retry does the write afresh;
- a concurrent retry with the same key waits on the lock for the first to finish, then replays its answer (or,
  when the first failed, does the write itself);
- answers are kept 24 hours; each stored answer deletes a batch of expired ones.

The user is the principal's profile (the spec's user id); a guest's key is ignored, as is a key on a route that
opens no session (it writes nothing)."""

from __future__ import annotations

import hashlib
import zlib
from dataclasses import dataclass
from datetime import timedelta

from fastapi import Request, Response
from sqlalchemy import column, func, select, table, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.types import BigInteger, DateTime, Integer, LargeBinary, String
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kit.errors import Invalid
from kit.principal import get_principal

HEADER = "idempotency-key"
TTL = timedelta(hours=24)
MAX_KEY_LENGTH = 200
WRITES = {"POST", "PUT", "PATCH", "DELETE"}
KEY_REUSED = "This Idempotency-Key was already used for a different request"
KEY_TOO_LONG = f"Idempotency-Key must be 1 to {MAX_KEY_LENGTH} characters"
STATE = "kit_idempotency"
KEYED = "kit_keyed"  # in a keyed request's session.info: its one transaction commits with the stored answer
LOCK_SPACE = 0x49444B  # "IDK": advisory locks of idempotency keys

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
    """A keyed request whose session the route has used: its transaction stays open (holding the lock) until the
    middleware has the answer, stores it and commits."""

    profile_id: int
    key: str
    request_hash: str
    session: AsyncSession


class Replay(Exception):
    """Raised inside the session dependency when the answer is stored already: the route does not run."""

    def __init__(self, status: int, body: bytes, content_type: str | None):
        self.status, self.body, self.content_type = status, body, content_type


async def replay(_: Request, exc: Exception) -> Response:
    assert isinstance(exc, Replay)
    response = Response(content=exc.body, status_code=exc.status)
    if exc.content_type:
        response.headers["content-type"] = exc.content_type
    return response


def is_keyed(request: Request) -> bool:
    return request.method in WRITES and HEADER in request.headers


async def begin(request: Request, session: AsyncSession) -> bool:
    """Called by the request's session dependency as it opens: lock (user, key), replay a stored answer. True
    when the request is keyed: the dependency then leaves the commit to `IdempotencyMiddleware`."""
    if not is_keyed(request):
        return False
    principal = await get_principal(request)
    if principal.profile_id is None:
        return False
    key = request.headers[HEADER]
    if not 0 < len(key) <= MAX_KEY_LENGTH:
        raise Invalid(KEY_TOO_LONG)
    body = await request.body()
    digest = hashlib.sha256(f"{request.method} {request.url.path}?{request.url.query}\n".encode() + body).hexdigest()
    lock = zlib.crc32(f"{principal.profile_id}:{key}".encode())
    await session.execute(text("SELECT pg_advisory_xact_lock(:ns, :id)"), {"ns": LOCK_SPACE, "id": lock - 2**31})
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
    request.scope.setdefault("state", {})[STATE] = Keyed(principal.profile_id, key, digest, session)
    session.info[KEYED] = True
    return True


def forget(request: Request) -> bool:
    """The route failed: its session is rolled back by the dependency and nothing is stored. Returns False."""
    request.scope.get("state", {}).pop(STATE, None)
    return False


async def remember(keyed: Keyed, status: int, content_type: str | None, body: bytes) -> None:
    """Store the answer in the write's own transaction (committed right after)."""
    values = {
        "profile_id": keyed.profile_id,
        "key": keyed.key,
        "request_hash": keyed.request_hash,
        "status": status,
        "content_type": content_type,
        "body": body,
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


class IdempotencyMiddleware:
    """For a keyed write: holds the answer back until it is stored and the write's transaction committed, so a
    client never sees an answer that a retry would not get. Every other request passes straight through."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in WRITES:
            await self.app(scope, receive, send)
            return
        if not any(name == HEADER.encode() for name, _ in scope["headers"]):
            await self.app(scope, receive, send)
            return
        held: list[Message] = []

        async def hold(message: Message) -> None:
            held.append(message)

        try:
            await self.app(scope, receive, hold)
        finally:
            keyed: Keyed | None = scope.get("state", {}).pop(STATE, None)
            if keyed is not None:
                await self._finish(keyed, held)
        for message in held:
            await send(message)

    @staticmethod
    async def _finish(keyed: Keyed, held: list[Message]) -> None:
        session = keyed.session
        try:
            start = next((m for m in held if m["type"] == "http.response.start"), None)
            status = start["status"] if start else 500
            if status < 500:
                headers = dict(start["headers"]) if start else {}
                content_type = headers.get(b"content-type")
                body = b"".join(m.get("body", b"") for m in held if m["type"] == "http.response.body")
                await remember(keyed, status, content_type.decode("latin-1") if content_type else None, body)
                await session.commit()
            else:
                await session.rollback()
        finally:
            await session.close()

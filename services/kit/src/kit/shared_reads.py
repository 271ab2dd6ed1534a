"""Reads that a crowd shares: a version per resource, conditional GETs and a short shared cache with single-flight
(docs/decisions.md, "The read path", "Reads a crowd shares").

- **The version** of a resource is the newest `topic_version` of its live topics (`battle:7`, `sparring:31`): a
  trigger on the outbox (`kit.migrations.create_topic_versions`) gives every topic of every event written the
  next value of one sequence, in the write's own transaction. Every write announces itself to the live screens,
  so every write bumps the version of what it changed; a version is seen exactly when the write is.
- **The projections' epoch**: a change to what other services announce (a renamed dancer, an organization's
  documents, the event's dates) bumps a sequence (`topic_facts_seq`, never waited on), read in the same statement.
- **The tag** is the version, the epoch, the clock's bucket (the event's period moves with the clock: at most
  `bucket_seconds` late) and the viewer's class (a guest, or the acting profile: the body depends on who asks).
  `If-None-Match` with it: 304 after one indexed statement.
- **The shared cache** holds the guests' bodies by path and tag: a new version is a new key, so nothing is ever
  served older than the version read for the request, on every replica, with no invalidation to miss. A read
  may put a signed-in caller's own fields into that body (`personal`) instead of building one for them.
- **Single-flight**: version checks are coalesced, each request waiting for a check that started after it arrived
  (so it sees every write committed before it asked); so are the guests' builds, each request joining a build
  begun after a check that read its version (or a newer one) had finished (so at least that new): a burst shares
  one build, and so does a rush of writes whose answers are this read, each with a version of its own.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

import orjson
from fastapi import FastAPI, Request, Response
from pydantic import BaseModel, TypeAdapter
from sqlalchemy import BigInteger, ColumnElement, String, bindparam, column, func, select, table
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kit.metrics import SHARED_READS
from kit.principal import GUEST, Principal, principal_of
from kit.rows import Query, Rows, rows_of

topic_version = table("topic_version", column("topic", String()), column("version", BigInteger()))
_facts = table("topic_facts_seq", column("last_value", BigInteger()))


def version_query(topics: ColumnElement[bool]) -> Query:
    """A read's version in one statement: the newest version of the topics `topics` selects (one global sequence,
    so the maximum moves whenever any of them does), then the projections' epoch (what other services announce)."""
    facts = select(_facts.c.last_value).scalar_subquery()
    newest = func.coalesce(func.max(topic_version.c.version), 0)
    return Query(select(func.concat(newest, ".", facts)).where(topics))


VERSION_OF_TOPICS = version_query(topic_version.c.topic == func.any(bindparam("topics", type_=ARRAY(String()))))

# The client's headers the answer depends on (the gateway's token and acting profile): no cache may give one
# viewer's body to another.
VARY = "X-Auth-Token, Caller-Id"
JSON = "application/json"


def viewer_class(principal: Principal) -> str:
    """Who the body is for: every guest alike (shared), else the acting profile (and the platform admin flag)."""
    if principal.profile_id is None:
        return "g"
    return f"p{principal.profile_id}{'a' if principal.is_platform_admin else ''}"


def dump(value: Any) -> bytes:
    """The body a route's response_model would send: a model dumped by alias (the kit's Schema), a list of them,
    or JSON values built by the route itself (a dict)."""
    if isinstance(value, BaseModel):
        return value.model_dump_json().encode()
    if isinstance(value, dict):
        return orjson.dumps(value)
    return TypeAdapter(type(value)).dump_json(value)


class _Coalesced:
    """Coalesced work per key (a version check, a body's build): a caller joins the run going on when it is new
    enough for them (its `floor`, what it is known to include when it began, is at least the caller's `need`), else
    the next run to begin, never an older one. A burst costs one or two runs, not one each, and the runs of a key go
    one after the other. Without a `need` a caller always waits for the next run (a version check: it must see every
    write committed before it asked)."""

    def __init__(self) -> None:
        self._next: dict[Hashable, tuple[asyncio.Future[Any], asyncio.Task[None]]] = {}
        self._running: dict[Hashable, tuple[Any, asyncio.Future[Any], asyncio.Task[None]]] = {}

    async def join(
        self,
        key: Hashable,
        work: Callable[[], Awaitable[Any]],
        need: Any = None,
        floor: Callable[[], Any] | None = None,
    ) -> Any:
        running = self._running.get(key)
        if need is not None and running is not None and _covers(running[0], need):
            return await asyncio.shield(running[1])
        waiting = self._next.get(key)
        if waiting is None:
            future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
            future.add_done_callback(_retrieve)
            previous = running[2] if running is not None else None
            waiting = self._next[key] = (future, asyncio.create_task(self._run(key, future, previous, work, floor)))
        return await asyncio.shield(waiting[0])

    async def _run(
        self,
        key: Hashable,
        future: asyncio.Future[Any],
        previous: asyncio.Task[None] | None,
        work: Callable[[], Awaitable[Any]],
        floor: Callable[[], Any] | None,
    ) -> None:
        task = asyncio.current_task()
        assert task is not None
        try:
            if previous is not None:
                await asyncio.wait([previous])
            # from here on a newcomer waits for the run after this one (or joins this one, when it may)
            self._next.pop(key, None)
            self._running[key] = (floor() if floor is not None else None, future, task)
            try:
                future.set_result(await work())
            except BaseException as exc:  # every waiter gets the failure (a database out of reach: 503)
                future.set_exception(exc)
        finally:
            found = self._running.get(key)
            if found is not None and found[2] is task:
                del self._running[key]


def _covers(floor: tuple[int, ...] | None, need: tuple[int, ...]) -> bool:
    """A run that began knowing `floor` includes every write a version `need` stands for: each of the version's
    sequences (the topics' newest, the projections' epoch) at least as far."""
    return floor is not None and len(floor) == len(need) and all(f >= n for f, n in zip(floor, need, strict=True))


def _order(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def _retrieve(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()  # a failure nobody awaited any more is not logged as never retrieved


class SharedReads:
    """One per process (`shared_reads(request)`)."""

    def __init__(self, rows: Rows, *, bucket_seconds: float = 30.0, max_bytes: int = 32 * 1024 * 1024) -> None:
        self.rows = rows
        self.bucket_seconds = bucket_seconds
        self.max_bytes = max_bytes
        self.size = 0
        self._bodies: OrderedDict[tuple[str, str], bytes] = OrderedDict()
        self._builds = _Coalesced()
        # a body without the caller's keys, by the body and those keys
        self._stripped: OrderedDict[tuple[Any, ...], tuple[bytes, bytes]] = OrderedDict()
        self._checks = _Coalesced()
        # per version check (its topics, or its query and parameters): the newest version a finished check read.
        # A build begun after that check finished reads at least that far, whoever asked for it.
        self._seen: dict[Hashable, tuple[int, ...]] = {}
        self.builds = 0  # bodies built (a test and the metrics read it)

    async def version(self, topics: tuple[str, ...]) -> str:
        return await self._check(topics, VERSION_OF_TOPICS, {"topics": list(topics)})

    async def _check(self, key: Hashable, query: Query, params: dict[str, Any]) -> str:
        async def read() -> str:
            found = str(await self.rows.value(query, **params))
            seen, now = self._seen.get(key), _order(found)
            # component-wise: both sequences only grow, and a check reads both in one statement
            self._seen[key] = now if seen is None else tuple(max(a, b) for a, b in zip(seen, now, strict=True))
            if len(self._seen) > 65536:  # forgetting only makes a request wait for the next build
                self._seen.pop(next(iter(self._seen)))
            return found

        return str(await self._checks.join(key, read))

    def tag(self, version: str, principal: Principal) -> str:
        return f'W/"{version}.{int(time.time() // self.bucket_seconds)}.{viewer_class(principal)}"'

    async def answer(
        self,
        request: Request,
        build: Callable[[Principal], Awaitable[Any]],
        *,
        topics: tuple[str, ...] | None = None,
        version: Query | None = None,
        params: dict[str, Any] | None = None,
        personal: Callable[[Principal], Awaitable[dict[str, Any] | None]] | None = None,
    ) -> Response:
        """The read's answer: 304 when the client's tag is current, the guests' shared body, or `build(caller)`.
        The version comes from `topics`, or from the route's own `version` query with its `params` (one
        statement, coalesced per query and parameters; `version_query`) when its topics need a lookup.
        `personal(caller)`, when given, answers the caller's own fields (JSON values by their keys) to put into the
        guests' shared body, or None when the caller's body is theirs alone (an admin's): a crowd of signed-in
        viewers then costs a few statements each, not a build."""
        if version is not None:
            given = params or {}
            key: Hashable = (id(version), *sorted(given.items()))
            current = await self._check(key, version, given)
        else:
            key = topics or ()
            current = await self.version(key)
        since = (key, _order(current))
        principal = principal_of(request)
        tag = self.tag(current, principal)
        headers = {
            "ETag": tag,
            "Vary": VARY,
            "Cache-Control": "no-cache" if principal.profile_id is None else "private, no-cache",
        }
        if tag in _tags(request.headers.get("if-none-match")):
            SHARED_READS.labels("not_modified").inc()
            return Response(status_code=304, headers=headers)
        path = _path(request)
        if principal.profile_id is None:
            SHARED_READS.labels("shared").inc()
            return Response(
                await self._shared(path, tag, lambda: build(GUEST), since), media_type=JSON, headers=headers
            )
        fields = await personal(principal) if personal is not None else None
        if fields is not None:
            SHARED_READS.labels("shared").inc()
            shared = await self._shared(path, self.tag(current, GUEST), lambda: build(GUEST), since)
            return Response(self._with(shared, fields), media_type=JSON, headers=headers)
        self.builds += 1
        SHARED_READS.labels("built").inc()
        return Response(dump(await build(principal)), media_type=JSON, headers=headers)

    def _with(self, shared: bytes, fields: dict[str, Any]) -> bytes:
        """The shared body with the caller's fields in place of the guests': the body without those keys is made
        once per body (a crowd of signed-in viewers, a rush of registrations), then each answer is that and theirs
        joined, not the whole body parsed and written again."""
        key = (id(shared), *sorted(fields))
        kept = self._stripped.get(key)
        if kept is None or kept[0] is not shared:  # (an id is reused once its body is gone)
            rest = {k: v for k, v in orjson.loads(shared).items() if k not in fields}
            kept = self._stripped[key] = (shared, orjson.dumps(rest)[:-1])
            while len(self._stripped) > 256:
                self._stripped.popitem(last=False)
        else:
            self._stripped.move_to_end(key)
        head, tail = kept[1], orjson.dumps(fields)[1:]
        if head == b"{" or tail == b"}":
            return head + tail
        return head + b"," + tail

    async def _shared(
        self, path: str, tag: str, build: Callable[[], Awaitable[Any]], since: tuple[Hashable, tuple[int, ...]]
    ) -> bytes:
        """The guests' body for `tag`: kept, or from a build at least as new as the tag says: one begun after a
        check that read the tag's version (or a newer one) had finished (`since`: that check's key and the
        version). A rush of writes, each with its own version, and the readers among it share builds this way:
        every request joins the build running (if it is new enough) or the next one. A build counts from when any
        request's check saw the version, not from when this request went on after its own check: on a loop busy
        with a rush, the build often began between the two, and waiting for the next build doubled a read."""
        key = (path, tag)
        body = self._bodies.get(key)
        if body is not None:
            self._bodies.move_to_end(key)
            return body
        check, need = since
        body = await self._builds.join(path, lambda: self._fill(build), need, lambda: self._seen.get(check))
        self._keep(key, body)
        return body

    async def _fill(self, build: Callable[[], Awaitable[Any]]) -> bytes:
        self.builds += 1
        return dump(await build())  # a 404 or a 503 goes to every waiter; nothing is kept

    def _keep(self, key: tuple[str, str], body: bytes) -> None:
        if len(body) > self.max_bytes or key in self._bodies:
            return
        self._bodies[key] = body
        self.size += len(body)
        while self.size > self.max_bytes:
            _, evicted = self._bodies.popitem(last=False)
            self.size -= len(evicted)


def _path(request: Request) -> str:
    query = request.scope.get("query_string", b"")
    return request.url.path + ("?" + query.decode("latin-1") if query else "")


def _tags(header: str | None) -> set[str]:
    if not header:
        return set()
    return {t.strip() for t in header.split(",")}


def shared_reads(request: Request | FastAPI) -> SharedReads:
    """The process's shared reads, made on first use on the process's rows."""
    state = (request.app if isinstance(request, Request) else request).state
    found: SharedReads | None = getattr(state, "shared_reads", None)
    if found is None:
        found = state.shared_reads = SharedReads(rows_of(request))
    return found


def read_session(request: Request) -> AsyncSession:
    """A reading session (autocommit, as a `@reads` route's) for a build that runs only on a miss."""
    sessionmaker: async_sessionmaker[AsyncSession] = request.app.state.read_sessionmaker
    return sessionmaker()

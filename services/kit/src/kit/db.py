"""Async engine and sessions on asyncpg. A request's session is one transaction: it commits on success and rolls
back on error. A route marked `@reads` gets a session that opens none: no BEGIN, no COMMIT, each statement its own
snapshot - two of the four round trips of a simple read (docs/decisions.md, "The read path")."""

from __future__ import annotations

import ipaddress
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Request
from sqlalchemy import DateTime, MetaData, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase

from kit import idempotency
from kit.errors import ServiceError

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def asyncpg_dsn(sqlalchemy_url: str) -> str:
    """The same database for asyncpg itself (LISTEN connections, admin statements in tests and tools)."""
    return sqlalchemy_url.replace("postgresql+asyncpg://", "postgresql://", 1)


def utcnow() -> datetime:
    return datetime.now(UTC)


def make_base() -> type[DeclarativeBase]:
    """A declarative base with its own MetaData: each service keeps its own tables."""

    class Base(DeclarativeBase):
        metadata = MetaData(naming_convention=NAMING_CONVENTION)
        type_annotation_map = {datetime: DateTime(timezone=True)}

    return Base


READ_METHODS = frozenset({"GET", "HEAD"})
LOCAL_HOSTS = frozenset({"localhost", ""})
Endpoint = TypeVar("Endpoint", bound=Callable[..., Any])


def is_local(url: str) -> bool:
    """A database on this machine (loopback or a Unix socket): nothing to encrypt on the way."""
    host = make_url(url).host or ""
    if host in LOCAL_HOSTS or host.startswith("/"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def use_ssl(url: str, ssl: bool | None) -> bool | None:
    """`ssl` from the settings (CYPHER_DB_SSL); None decides from the URL: off for `sslmode=disable` or a local
    host, else asyncpg's own default (try TLS, fall back to plain). asyncpg's default costs a TLS round trip on
    every new connection, refused by a local database that has no certificate."""
    if ssl is not None:
        return ssl
    if make_url(url).query.get("sslmode") == "disable" or is_local(url):
        return False
    return None


def create_engine(url: str, *, pool_size: int = 64, max_overflow: int = 16, ssl: bool | None = None) -> AsyncEngine:
    """`pool_size` connections are kept once opened: a process answering up to that many requests at once never
    opens one per request (a connection beyond the pool, up to `max_overflow` more, is closed when given back)."""
    parsed = make_url(url)
    connect_args: dict[str, Any] = {"server_settings": {"application_name": "cypher"}}
    if (tls := use_ssl(url, ssl)) is not None:
        connect_args["ssl"] = tls
    if "sslmode" in parsed.query:
        parsed = parsed.difference_update_query(["sslmode"])  # said with connect_args["ssl"]; asyncpg's own name
    return create_async_engine(
        parsed,
        pool_size=pool_size,
        max_overflow=max_overflow,
        # No pre-ping: it costs a round trip (BEGIN; SELECT 1; ROLLBACK) on every checkout, the largest single
        # cost of a simple read. Connections are recycled instead, and a broken one fails one request.
        pool_pre_ping=False,
        pool_recycle=300,
        connect_args=connect_args,
    )


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False, autoflush=False)


def create_read_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions of reading requests, on the same pool: autocommit, so asyncpg sends no BEGIN and SQLAlchemy's
    commit and the pool's reset on return are no-ops. A write made here would commit statement by statement:
    fine for a cache (the profile projection a list fills in), never for a write with an outbox event."""
    return async_sessionmaker(
        engine.execution_options(isolation_level="AUTOCOMMIT"), expire_on_commit=False, autoflush=False
    )


def reads(endpoint: Endpoint) -> Endpoint:
    """Marks a route that only reads: its session (`SessionDep`, also in the route's dependencies) opens no
    transaction - no BEGIN, no COMMIT, two of the four round trips of a one-statement read. Put it under the
    route's decorator: `@router.get(...)` then `@reads`. Only on GET and HEAD routes; a route that writes
    anything but a cache must not have it (its writes would not be one transaction, nor rolled back on error)."""
    endpoint.kit_reads = True  # type: ignore[attr-defined]
    return endpoint


def reads_only(request: Request) -> bool:
    return request.method in READ_METHODS and getattr(request.scope.get("endpoint"), "kit_reads", False)


@asynccontextmanager
async def transaction(sessionmaker: async_sessionmaker[AsyncSession]) -> AsyncIterator[AsyncSession]:
    """A unit of work outside a request (consumers, relay, CLI): commit on success, roll back on error."""
    async with sessionmaker() as session:
        try:
            yield session
            await session.commit()
        except ServiceError as exc:
            await (session.commit() if exc.persist else session.rollback())
            raise
        except BaseException:
            await session.rollback()
            raise


async def commit_writes(session: AsyncSession) -> None:
    """Commit a write's changes now, before its answer is read: the locks it took (a row `FOR UPDATE` that
    serialises a battle's registrations) are released, and the answer is read in a transaction of its own while the
    next writer goes on. The answer may then show later writes of others too, as a read right after would. A keyed
    write (Idempotency-Key) keeps its one transaction: its answer is stored and committed with the change."""
    if not session.info.get(idempotency.KEYED) and session.in_transaction():
        await session.commit()


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    if reads_only(request):
        async with request.app.state.read_sessionmaker() as reading:
            yield reading
        return
    sessionmaker: async_sessionmaker[AsyncSession] = request.app.state.sessionmaker
    session = sessionmaker()
    keyed = False
    try:
        # A keyed write (Idempotency-Key): a stored answer is replayed, else the commit waits for the answer.
        keyed = await idempotency.begin(request, session)
        yield session
    except ServiceError as exc:
        keyed = idempotency.forget(request)
        await (session.commit() if exc.persist else session.rollback())
        raise
    except BaseException:
        keyed = idempotency.forget(request)
        await session.rollback()
        raise
    else:
        if not keyed:
            await session.commit()
    finally:
        if not keyed:
            await session.close()  # a keyed session is committed and closed by IdempotencyMiddleware


# scope="function": commit before the response is sent, so a client never reads before the write lands.
SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]

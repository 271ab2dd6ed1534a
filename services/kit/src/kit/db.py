"""Async engine and sessions on asyncpg. The request's session commits on success and rolls back on error."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy import DateTime, MetaData
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


def create_engine(url: str, *, pool_size: int = 10) -> AsyncEngine:
    return create_async_engine(
        url,
        pool_size=pool_size,
        max_overflow=pool_size,
        # No pre-ping: it costs a round trip (BEGIN; SELECT 1; ROLLBACK) on every checkout, the largest single
        # cost of a simple read. Connections are recycled instead, and a broken one fails one request.
        pool_pre_ping=False,
        pool_recycle=300,
        connect_args={"server_settings": {"application_name": "cypher"}},
    )


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False, autoflush=False)


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


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
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

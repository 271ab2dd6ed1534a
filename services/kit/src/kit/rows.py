"""Hot reads straight on asyncpg: a SQLAlchemy Core statement compiled once, sent as a prepared statement on a
pooled asyncpg connection, its rows answered as asyncpg Records. No session, no ORM, no transaction: one round
trip, the shape of the targets' "FastAPI + asyncpg pool" row (docs/decisions.md, "The read path").

For the few reads every page pays (a profile, a list of 100, a leaderboard); everything else keeps `SessionDep`.
A read here sees each statement's own snapshot, like a `@reads` route, and must never write."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Annotated, Any, TypeAlias, cast

import asyncpg
import orjson
from fastapi import Depends, Request, Response
from sqlalchemy import make_url
from sqlalchemy.dialects.postgresql.asyncpg import dialect as asyncpg_dialect

from kit.db import asyncpg_dsn, use_ssl

if TYPE_CHECKING:
    from fastapi import FastAPI
    from sqlalchemy.sql import ClauseElement
    from sqlalchemy.sql.compiler import SQLCompiler

    from kit.settings import ServiceSettings

_DIALECT = asyncpg_dialect()


class Query:
    """A statement compiled once for asyncpg: its SQL with `$n` placeholders and the names of its bound
    parameters in their order. Build it at import time (or in a `functools.cache`d function per shape)."""

    __slots__ = ("_fixed", "_processors", "names", "sql")

    def __init__(self, statement: ClauseElement) -> None:
        compiled = cast("SQLCompiler", statement.compile(dialect=_DIALECT))
        self.sql: str = compiled.string
        self.names: tuple[str, ...] = tuple(compiled.positiontup or ())
        binds = {name: compiled.binds[name] for name in self.names}
        # Values written in the statement itself (`column == 5`) are bound parameters too, with their value.
        self._fixed = {name: bind.value for name, bind in binds.items() if bind.value is not None}
        # What SQLAlchemy would do to a value on its way (an enum to its text, JSON to a string): once here.
        processors = {name: bind.type.bind_processor(_DIALECT) for name, bind in binds.items()}
        self._processors = {name: process for name, process in processors.items() if process is not None}

    def arguments(self, params: Mapping[str, Any]) -> list[Any]:
        values = []
        for name in self.names:
            if name in params:
                value = params[name]
            elif name in self._fixed:
                value = self._fixed[name]
            else:
                raise TypeError(f"{self.sql!r} needs the parameter {name!r}")
            process = self._processors.get(name)
            values.append(value if process is None or value is None else process(value))
        return values


Observer = Callable[[str], None]
Record: TypeAlias = asyncpg.Record


class Rows:
    """The process's asyncpg pool for hot reads (`RowsDep`). JSON and JSONB arrive decoded (orjson)."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self.observers: list[Observer] = []  # kit.testing's count_queries listens here too

    def _seen(self, query: Query) -> None:
        for observe in self.observers:
            observe(query.sql)

    async def all(self, query: Query, **params: Any) -> list[Record]:
        self._seen(query)
        return await self.pool.fetch(query.sql, *query.arguments(params))

    async def one(self, query: Query, **params: Any) -> Record | None:
        self._seen(query)
        return await self.pool.fetchrow(query.sql, *query.arguments(params))

    async def value(self, query: Query, **params: Any) -> Any:
        self._seen(query)
        return await self.pool.fetchval(query.sql, *query.arguments(params))


async def _decode_json(connection: asyncpg.Connection) -> None:
    for name in ("json", "jsonb"):
        await connection.set_type_codec(name, schema="pg_catalog", encoder=_encode, decoder=orjson.loads)


async def _reset(connection: asyncpg.Connection) -> None:
    """Instead of asyncpg's reset on release (RESET ALL, UNLISTEN, CLOSE ALL, unlock: one more round trip per
    read, 4% of a profile read): reads here set nothing, listen to nothing, lock nothing. A transaction left
    open by mistake is still rolled back."""
    if connection.is_in_transaction():
        await connection.execute("ROLLBACK")


def _encode(value: Any) -> str:
    """Text is JSON already: a JSON-typed parameter went through SQLAlchemy's JSON bind processor (`Query`)."""
    return value if isinstance(value, str) else orjson.dumps(value).decode()


@contextlib.asynccontextmanager
async def open_rows(settings: ServiceSettings) -> AsyncIterator[Rows]:
    """Opened lazily (min 0): a service that never reads here holds no connection for it. Up to
    `db_read_pool_size` connections, kept; a request beyond waits for one instead of opening another."""
    url = settings.database_url
    # sslmode is said with `ssl` below, as kit.db.create_engine does.
    dsn = asyncpg_dsn(make_url(url).difference_update_query(["sslmode"]).render_as_string(hide_password=False))
    options: dict[str, Any] = {"server_settings": {"application_name": "cypher"}}
    if (tls := use_ssl(url, settings.db_ssl)) is not None:
        options["ssl"] = tls
    pool = asyncpg.create_pool(
        dsn,
        min_size=0,
        max_size=settings.db_read_pool_size,
        max_inactive_connection_lifetime=300,
        init=_decode_json,
        reset=_reset,
        **options,
    )
    await pool
    try:
        yield Rows(pool)
    finally:
        await pool.close()


def answer(content: Any) -> Response:
    """A hot read's answer: plain JSON values built from rows, dumped once by orjson. Building a pydantic model
    per row (and an enum per row) was most of a list of 100 (docs/decisions.md, "The read path").
    The route keeps its `response_model` for the OpenAPI document; its tests check that the answer conforms."""
    return Response(orjson.dumps(content, default=_json_default), media_type="application/json")


def _json_default(value: Any) -> Any:
    """PostgreSQL's numeric (a sum, an average) arrives as a Decimal, which orjson does not write: a whole
    number as an integer, else as a float. Anything else unknown is a programming error, said as such."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    raise TypeError(f"{type(value).__name__} is not a JSON value")


async def get_rows(request: Request) -> Rows:  # async: a plain def would run in a worker thread
    return rows_of(request)


def rows_of(request: Request | FastAPI) -> Rows:
    """The rows without a dependency: on the hottest reads each FastAPI dependency costs about 4% (see
    docs/development.md, "How a service reads"), so such a route takes the `Request` and asks."""
    app = request.app if isinstance(request, Request) else request
    return app.state.rows


RowsDep = Annotated[Rows, Depends(get_rows)]

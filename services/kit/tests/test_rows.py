"""kit.rows, the hot reads on asyncpg: a Core statement compiled once with its parameters in order and
its literal values kept, the pool every service app opens (lazily, bounded, reused by a burst of 64 requests,
nothing left open on release), JSON decoded, `answer` dumping plain values, and count_queries seeing these reads."""

from __future__ import annotations

import asyncio
import enum
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from asgi_lifespan import LifespanManager
from fastapi import APIRouter, FastAPI, Request, Response
from sqlalchemy import Float, Integer, String, bindparam, column, literal, select, table
from sqlalchemy.dialects.postgresql import JSONB

from kit.app import create_service_app
from kit.rows import Query, answer, rows_of
from kit.settings import ServiceSettings
from kit.testing.helpers import asgi_client, count_queries
from kit.types import Id

SAMPLE = Path(__file__).parent / "sample"


class Colour(enum.Enum):  # not a str: only the type's bind processor turns it into text
    RED = "red"


def _app(settings: ServiceSettings) -> FastAPI:
    router = APIRouter()
    square = Query(select((bindparam("n", type_=Integer) * bindparam("n", type_=Integer)).label("square")))
    tiny = Query(select((bindparam("x", type_=Float) * bindparam("x", type_=Float)).label("product")))

    @router.get("/api/square/{n}")
    async def read_square(n: Id, request: Request) -> Response:
        return answer({"square": await rows_of(request).value(square, n=n)})

    @router.get("/api/tiny")
    async def read_tiny(x: float, request: Request) -> Response:
        return answer({"product": await rows_of(request).value(tiny, x=x)})

    return create_service_app(settings, title="sample", routers=[router], migrations=SAMPLE)


@pytest.fixture
async def app(database_url: str, nats_url: str, clean_state: None) -> AsyncIterator[FastAPI]:
    settings = ServiceSettings(
        database_url=database_url,
        nats_url=nats_url,
        env="test",
        log_json=False,
        service_name="kittest",
        db_read_pool_size=8,
    )
    application = _app(settings)
    async with LifespanManager(application):  # type: ignore[arg-type]
        yield application


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with asgi_client(app) as http:
        yield http


class TestQuery:
    def test_named_parameters_in_order_and_once_each(self) -> None:
        things = table("thing", column("id", Integer), column("name", String))
        statement = select(things.c.name).where(
            things.c.id == bindparam("id", type_=Integer), things.c.name != bindparam("name", type_=String)
        )
        query = Query(statement.where(things.c.id > bindparam("id", type_=Integer)))
        assert query.names == ("id", "name")
        assert "$1" in query.sql and "$2" in query.sql and "$3" not in query.sql
        assert query.arguments({"name": "x", "id": 4}) == [4, "x"]

    def test_values_written_in_the_statement_are_kept(self) -> None:
        things = table("thing", column("id", Integer))
        query = Query(select(things.c.id).where(things.c.id == 5, things.c.id < bindparam("top", type_=Integer)))
        assert query.arguments({"top": 9}) == [5, 9]

    def test_a_missing_parameter_is_named(self) -> None:
        query = Query(select(literal(1)).where(bindparam("wanted", type_=Integer) > 0))
        with pytest.raises(TypeError, match="wanted"):
            query.arguments({})

    def test_values_go_through_their_type_as_sqlalchemy_would_send_them(self) -> None:
        from sqlalchemy import Enum

        query = Query(select(literal(1)).where(bindparam("colour", type_=Enum(Colour)).is_not(None)))
        at = query.names.index("colour")
        assert query.arguments({"colour": Colour.RED})[at] == "RED"
        assert query.arguments({"colour": None})[at] is None


class TestRows:
    async def test_one_all_and_value(self, app: FastAPI) -> None:
        rows = rows_of(app)
        pair = Query(select(bindparam("a", type_=Integer).label("a"), literal("b").label("b")))
        series = Query(select(_series().label("n")))
        assert dict(await rows.one(pair, a=1) or {}) == {"a": 1, "b": "b"}
        assert [r["n"] for r in await rows.all(series, top=3)] == [1, 2, 3]
        assert await rows.value(pair, a=7) == 7

    async def test_json_arrives_decoded(self, app: FastAPI) -> None:
        query = Query(select(literal({"k": [1, "two"]}, JSONB).label("j")))
        assert await rows_of(app).value(query) == {"k": [1, "two"]}

    async def test_a_burst_of_64_reads_reuses_the_pool_the_second_time(self, app: FastAPI) -> None:
        """Bounded by db_read_pool_size (8 here): the 64 wait for a connection instead of opening more, and the
        second burst opens none."""
        rows = rows_of(app)
        pid = Query(select(bindparam("pause", type_=Integer).label("p"), _backend_pid().label("pid")))

        async def burst() -> set[int]:
            found = await asyncio.gather(*(rows.one(pid, pause=1) for _ in range(64)))
            return {row["pid"] for row in found if row is not None}

        first = await burst()
        second = await burst()
        assert 1 <= len(first) <= 8
        assert second <= first

    async def test_a_transaction_left_open_is_rolled_back_on_release(self, app: FastAPI) -> None:
        pool = rows_of(app).pool
        async with pool.acquire() as connection:
            await connection.execute("BEGIN")
            opened = await connection.fetchval("SELECT pg_backend_pid()")
        async with pool.acquire() as connection:
            if await connection.fetchval("SELECT pg_backend_pid()") == opened:
                assert not connection.is_in_transaction()

    async def test_the_app_answers_plain_json_and_count_queries_sees_the_read(
        self, app: FastAPI, client: httpx.AsyncClient
    ) -> None:
        with count_queries(app) as statements:
            answered = await client.get("/api/square/12")
        assert answered.status_code == 200
        assert answered.headers["content-type"] == "application/json"
        assert answered.json() == {"square": 144}
        assert len(statements) == 1 and statements[0].startswith("SELECT")

    async def test_a_value_postgresql_refuses_is_a_400_not_a_500(self, client: httpx.AsyncClient) -> None:
        """The backstop of kit.dberrors holds for reads on kit.rows too (asyncpg's error, unwrapped)."""
        answered = await client.get("/api/tiny", params={"x": "5e-324"})  # the product underflows in PostgreSQL
        assert answered.status_code == 400
        assert answered.json()["error"]["message"] == "A number in the request is out of range"

    async def test_a_path_id_out_of_range_is_not_found_before_any_read(
        self, app: FastAPI, client: httpx.AsyncClient
    ) -> None:
        with count_queries(app) as statements:
            assert (await client.get("/api/square/0")).status_code == 404
            assert (await client.get("/api/square/x")).status_code == 404
        assert statements == []


def _series() -> Any:
    from sqlalchemy import func

    return func.generate_series(1, bindparam("top", type_=Integer))  # rows from the select list


def _backend_pid() -> Any:
    from sqlalchemy import func

    return func.pg_backend_pid()


def test_answer_writes_postgresql_numerics_as_numbers() -> None:
    from decimal import Decimal

    assert answer({"sum": Decimal("12"), "mean": Decimal("2.5")}).body == b'{"sum":12,"mean":2.5}'
    with pytest.raises(TypeError):
        answer({"what": object()})


def test_answer_dumps_plain_values() -> None:
    response = answer({"a": [1, None, "é"]})
    assert response.body == b'{"a":[1,null,"\xc3\xa9"]}'
    assert response.media_type == "application/json"

"""No input is a server error: the kit's id, paging and text types, database refusals as 400 (with the session
rolled back and the connection usable), and an OpenAPI document that lists what a route can answer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated

import httpx
import pytest
from asgi_lifespan import LifespanManager
from fastapi import APIRouter, Depends, FastAPI, Query
from sqlalchemy import text

from kit.app import create_service_app
from kit.db import SessionDep
from kit.dberrors import BAD_TEXT, OUT_OF_RANGE, TOO_LONG
from kit.middleware import NOT_JSON
from kit.openapi import errors
from kit.paging import Page, paging
from kit.principal import UserDep
from kit.schemas import Schema
from kit.settings import ServiceSettings
from kit.testing import as_user
from kit.testing.helpers import asgi_client
from kit.types import ID_MAX, Id, Name, Text, parse_id_list

SAMPLE = Path(__file__).parent / "sample"


class Thing(Schema):
    owner_id: Id
    name: Name
    notes: Text = ""
    tags: list[str] = []


def _app(settings: ServiceSettings) -> FastAPI:
    router = APIRouter()

    @router.get("/api/things/{thing_id}")
    async def get_thing(
        thing_id: Id,
        page: Annotated[Page, Depends(paging(default=10, cap=100))],
        owner: Annotated[Id | None, Query()] = None,
    ) -> dict[str, int | None]:
        return {"id": thing_id, "offset": page.offset, "owner": owner}

    @router.post("/api/things", responses=errors(409))
    async def create_thing(body: Thing, user: UserDep) -> dict[str, str]:
        return {"name": body.name}

    @router.get("/api/db/{kind}")
    async def database(kind: str, session: SessionDep) -> dict[str, object]:
        await session.execute(text("INSERT INTO received (event_id, type) VALUES (gen_random_uuid(), 'before')"))
        statements = {
            "int": ("SELECT CAST(CAST(:v AS text) AS integer)", {"v": str(2**40)}),
            "param": ("SELECT 1 FROM received WHERE id = :v", {"v": 2**40}),  # refused by asyncpg itself
            "nul": ("SELECT CAST(:v AS text)", {"v": "a\x00b"}),
            "trunc": ("INSERT INTO received (event_id, type) VALUES (gen_random_uuid(), :v)", {"v": "x" * 500}),
            "fault": ("SELECT * FROM no_such_table", {}),
        }
        statement, params = statements[kind]
        await session.execute(text(statement), params)
        return {"ok": True}

    @router.get("/api/count")
    async def count(session: SessionDep) -> dict[str, int]:
        return {"count": int(await session.scalar(text("SELECT count(*) FROM received")) or 0)}

    return create_service_app(settings, title="sample", routers=[router], migrations=SAMPLE)


@pytest.fixture
async def app(database_url: str, nats_url: str, clean_state: None) -> AsyncIterator[FastAPI]:
    settings = ServiceSettings(
        database_url=database_url, nats_url=nats_url, env="test", log_json=False, service_name="kittest"
    )
    application = _app(settings)
    async with LifespanManager(application):  # type: ignore[arg-type]
        yield application


@pytest.fixture
async def sample(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with asgi_client(app) as client:
        yield client


class TestIds:
    @pytest.mark.parametrize("thing_id", [0, ID_MAX + 1, 4611686018427387904, "abc"])
    async def test_a_path_id_out_of_range_is_not_found(self, sample: httpx.AsyncClient, thing_id: object) -> None:
        response = await sample.get(f"/api/things/{thing_id}")
        assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"

    async def test_the_range_ends_at_the_integer_column(self, sample: httpx.AsyncClient) -> None:
        assert (await sample.get(f"/api/things/{ID_MAX}")).json()["id"] == ID_MAX

    @pytest.mark.parametrize("owner", [0, ID_MAX + 1])
    async def test_a_query_id_out_of_range_is_400_naming_it(self, sample: httpx.AsyncClient, owner: int) -> None:
        response = await sample.get("/api/things/1", params={"owner": owner})
        assert response.status_code == 400 and response.json()["error"]["field"] == "owner"

    async def test_a_body_id_out_of_range_is_400_naming_it(self, sample: httpx.AsyncClient) -> None:
        response = await sample.post("/api/things", json={"ownerId": 2**40, "name": "x"}, headers=as_user(1, 1))
        assert response.status_code == 400 and response.json()["error"]["field"] == "ownerId"

    def test_an_id_list_skips_junk_and_refuses_a_number_beyond_the_range(self) -> None:
        assert parse_id_list("3, 1,3,x,,-2,0,², 7 ", limit=10) == (3, 1, 7)
        assert parse_id_list("1,2,3", limit=2) == (1, 2)
        with pytest.raises(ValueError):
            parse_id_list(f"1,{ID_MAX + 1}", limit=10)


class TestStrictJson:
    @pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999", "-1e400"])
    async def test_numbers_json_does_not_have_are_refused(self, sample: httpx.AsyncClient, number: str) -> None:
        # Python's parser takes each (the field is not even one the route reads): RFC 8259 does not
        body = f'{{"ownerId": 1, "name": "x", "extra": [{number}]}}'
        headers = {**as_user(1, 1), "content-type": "application/json"}
        response = await sample.post("/api/things", content=body, headers=headers)
        assert response.status_code == 400, response.text
        assert response.json()["error"] == {"code": "invalid", "message": NOT_JSON, "field": "body"}

    async def test_finite_numbers_and_broken_json_answer_as_before(self, sample: httpx.AsyncClient) -> None:
        headers = {**as_user(1, 1), "content-type": "application/json; charset=utf-8"}
        fine = await sample.post("/api/things", content='{"ownerId": 1, "name": "x", "n": 1e308}', headers=headers)
        assert fine.status_code == 200, fine.text
        broken = await sample.post("/api/things", content='{"ownerId": 1, "name": ', headers=headers)
        assert broken.status_code == 400 and broken.json()["error"]["message"] != NOT_JSON


class TestPaging:
    async def test_the_page_is_bounded_so_the_offset_stays_an_integer(self, sample: httpx.AsyncClient) -> None:
        last = ID_MAX // 100
        assert (await sample.get("/api/things/1", params={"p": last, "pp": 100})).json()["offset"] <= ID_MAX
        for p in (last + 1, 936052919939818068115456):
            response = await sample.get("/api/things/1", params={"p": p})
            assert response.status_code == 400 and response.json()["error"]["field"] == "p"

    async def test_a_page_size_beyond_any_cap_is_refused(self, sample: httpx.AsyncClient) -> None:
        assert (await sample.get("/api/things/1", params={"pp": 576460752303423487})).status_code == 400


class TestText:
    @pytest.mark.parametrize(
        ("body", "field"),
        [
            ({"name": "a\x00"}, "name"),
            ({"name": "ok", "notes": "line\x00"}, "notes"),
            ({"name": "ok", "tags": ["fine", "bad\x00"]}, "tags.1"),
            ({"name": "a\ud800"}, "name"),
        ],
    )
    async def test_text_that_cannot_be_stored_is_refused_naming_it(
        self, sample: httpx.AsyncClient, body: dict[str, object], field: str
    ) -> None:
        import json

        response = await sample.post(
            "/api/things",
            content=json.dumps({"ownerId": 1} | body),
            headers=as_user(1, 1) | {"content-type": "application/json"},
        )
        assert response.status_code == 400
        assert response.json()["error"]["message"].startswith(field)

    @pytest.mark.parametrize("name", ["a\tb", "a\nb", "\x1b[2J", "a\x7f", "a\x85b", "a\u2028b"])
    async def test_a_name_refuses_control_characters(self, sample: httpx.AsyncClient, name: str) -> None:
        response = await sample.post("/api/things", json={"ownerId": 1, "name": name}, headers=as_user(1, 1))
        assert response.status_code == 400 and response.json()["error"]["field"] == "name"

    async def test_free_text_keeps_lines_and_a_name_keeps_emoji(self, sample: httpx.AsyncClient) -> None:
        body = {"ownerId": 1, "name": "Ana \U0001f469\u200d\U0001f467 Ruiz", "notes": "two\nlines\tand tabs"}
        response = await sample.post("/api/things", json=body, headers=as_user(1, 1))
        assert response.status_code == 200, response.text


class TestDatabaseRefusals:
    @pytest.mark.parametrize(
        ("kind", "message"), [("int", OUT_OF_RANGE), ("param", OUT_OF_RANGE), ("nul", BAD_TEXT), ("trunc", TOO_LONG)]
    )
    async def test_bad_input_the_database_refuses_is_400_and_nothing_is_written(
        self, sample: httpx.AsyncClient, kind: str, message: str
    ) -> None:
        response = await sample.get(f"/api/db/{kind}")
        assert response.status_code == 400
        assert response.json() == {"error": {"code": "invalid", "message": message}}
        assert (await sample.get("/api/count")).json() == {"count": 0}

    async def test_a_real_fault_stays_a_500(self, sample: httpx.AsyncClient) -> None:
        response = await sample.get("/api/db/fault")
        assert response.status_code == 500 and response.json()["error"]["code"] == "internal"
        assert (await sample.get("/api/count")).json() == {"count": 0}

    async def test_the_pool_stays_usable_after_many_refusals(self, sample: httpx.AsyncClient) -> None:
        for _ in range(25):  # more than the pool holds: a connection left broken would show
            assert (await sample.get("/api/db/nul")).status_code == 400
        assert (await sample.get("/api/count")).status_code == 200


class TestOpenApi:
    def test_every_operation_lists_its_errors_in_the_kit_shape_and_no_422(self, app: FastAPI) -> None:
        spec = app.openapi()
        get = spec["paths"]["/api/things/{thing_id}"]["get"]["responses"]
        post = spec["paths"]["/api/things"]["post"]["responses"]
        assert set(get) == {"200", "400", "401", "403", "404"}
        assert set(post) == {"200", "400", "401", "403", "409", "413"}
        for response in (*get.values(), *post.values()):
            if response is not get["200"] and response is not post["200"]:
                assert response["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
        schemas = spec["components"]["schemas"]
        assert "HTTPValidationError" not in schemas and "Error" in schemas and "ErrorDetail" in schemas
        assert spec["paths"]["/api/things"]["post"]["security"] == [{"accessToken": []}]
        assert "security" not in spec["paths"]["/api/things/{thing_id}"]["get"]  # public
        assert spec["components"]["securitySchemes"]["accessToken"]["name"] == "X-Auth-Token"
        thing_id = spec["paths"]["/api/things/{thing_id}"]["get"]["parameters"][0]["schema"]
        assert thing_id["maximum"] == ID_MAX and thing_id["minimum"] == 1

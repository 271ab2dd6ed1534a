"""The kit's small pieces: sanitising, paging, errors, the principal, health and metrics of a service app."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from asgi_lifespan import LifespanManager
from fastapi import APIRouter, Depends
from jose import jwt
from pydantic import field_validator

from kit.app import create_service_app
from kit.errors import Conflict, Forbidden, Invalid, NotFound, TooManyRequests, Unauthorized
from kit.paging import Page, paging
from kit.principal import (
    INTERNAL_AUDIENCE,
    PRINCIPAL_HEADER,
    Principal,
    PrincipalDep,
    UserDep,
    decode_principal,
    encode_principal,
)
from kit.sanitize import clean_html, strip_html
from kit.schemas import Schema
from kit.settings import DEV_INTERNAL_SECRET, ServiceSettings
from kit.testing import as_user

SAMPLE = Path(__file__).parent / "sample"


class TestSanitize:
    def test_keeps_the_allow_list(self) -> None:
        html = "<p><b>bold</b> <i>i</i> <u>u</u> <strong>s</strong> <em>e</em><br></p>"
        html += "<ol><li>1</li></ol><ul><li>2</li></ul>"
        assert clean_html(html) == html

    @pytest.mark.parametrize(
        "dirty",
        [
            "<script>alert(1)</script>",
            '<img src=x onerror="alert(1)">',
            '<a href="javascript:alert(1)">x</a>',
            '<p onclick="steal()">x</p>',
            '<iframe src="https://evil"></iframe>',
            "<style>*{}</style>",
        ],
    )
    def test_removes_what_could_run(self, dirty: str) -> None:
        cleaned = clean_html(dirty)
        for bad in ("script", "onerror", "javascript:", "onclick", "iframe", "style"):
            assert bad not in cleaned

    def test_links_keep_https_and_mailto_only(self) -> None:
        assert 'href="https://cypher.dance"' in clean_html('<a href="https://cypher.dance">x</a>')
        assert 'href="mailto:a@b.co"' in clean_html('<a href="mailto:a@b.co">x</a>')
        assert "href" not in clean_html('<a href="http://plain.example">x</a>')
        assert 'rel="noopener noreferrer nofollow"' in clean_html('<a href="https://x.y">x</a>')

    def test_strip_html_gives_the_visible_text(self) -> None:
        assert strip_html("<p> <br> </p>") == ""
        assert strip_html("<p>Rules &amp; <b>waiver</b></p>") == "Rules & waiver"
        assert strip_html(None) == ""


class Body(Schema):
    dancer_name: str

    @field_validator("dancer_name")
    @classmethod
    def _required(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("Dancer name is required")
        return value


def _app_with_routes(settings: ServiceSettings) -> object:
    router = APIRouter()

    @router.get("/api/things/{thing_id}")
    async def get_thing(thing_id: int, page: Page = Depends(paging(default=10, cap=100))) -> dict[str, int]:
        return {"id": thing_id, "offset": page.offset, "limit": page.limit}

    @router.post("/api/things")
    async def create_thing(body: Body) -> dict[str, str]:
        return {"dancerName": body.dancer_name}

    @router.get("/api/me")
    async def me(user: UserDep) -> dict[str, object]:
        return {"profile": user.profile_id, "admin": user.is_platform_admin}

    @router.get("/api/who")
    async def who(principal: PrincipalDep) -> dict[str, bool]:
        return {"guest": principal.is_guest}

    @router.get("/api/fail/{kind}")
    async def fail(kind: str) -> None:
        errors = {
            "invalid": Invalid("Field is required"),
            "unauthorized": Unauthorized(),
            "forbidden": Forbidden(),
            "missing": NotFound(),
            "conflict": Conflict("Taken"),
            "limited": TooManyRequests("Slow down", retry_after=7),
        }
        if kind == "boom":
            raise RuntimeError("unexpected")
        raise errors[kind]

    return create_service_app(settings, title="sample", routers=[router], migrations=SAMPLE)


@pytest.fixture
async def sample(database_url: str, nats_url: str) -> httpx.AsyncClient:
    settings = ServiceSettings(
        database_url=database_url, nats_url=nats_url, env="test", log_json=False, service_name="kittest"
    )
    app = _app_with_routes(settings)
    async with LifespanManager(app):  # type: ignore[arg-type]
        await app.state.bus.wait_ready(timeout=10)  # type: ignore[attr-defined]
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app, raise_app_exceptions=False), base_url="http://t"
        ) as client:  # type: ignore[arg-type]
            yield client


class TestServiceApp:
    async def test_paging_is_zero_based_and_capped(self, sample: httpx.AsyncClient) -> None:
        assert (await sample.get("/api/things/1?p=2&pp=20")).json() == {"id": 1, "offset": 40, "limit": 20}
        assert (await sample.get("/api/things/1?pp=5000")).json()["limit"] == 100
        assert (await sample.get("/api/things/1")).json()["limit"] == 10
        assert (await sample.get("/api/things/1?p=-1")).status_code == 400

    async def test_validation_errors_name_the_field_and_keep_our_words(self, sample: httpx.AsyncClient) -> None:
        ours = await sample.post("/api/things", json={"dancerName": "  "})
        assert ours.status_code == 400
        assert ours.json() == {
            "error": {"code": "invalid", "message": "Dancer name is required", "field": "dancerName"}
        }
        missing = await sample.post("/api/things", json={})
        assert missing.json()["error"]["field"] == "dancerName"
        # A path parameter that does not validate names nothing: 404 (kit.types).
        wrong_type = await sample.get("/api/things/abc")
        assert wrong_type.status_code == 404 and wrong_type.json()["error"]["code"] == "not_found"

    @pytest.mark.parametrize(
        ("kind", "status", "code"),
        [
            ("invalid", 400, "invalid"),
            ("unauthorized", 401, "unauthorized"),
            ("forbidden", 403, "forbidden"),
            ("missing", 404, "not_found"),
            ("conflict", 409, "conflict"),
            ("limited", 429, "too_many_requests"),
            ("boom", 500, "internal"),
        ],
    )
    async def test_errors_render_as_json_with_their_status(
        self, sample: httpx.AsyncClient, kind: str, status: int, code: str
    ) -> None:
        response = await sample.get(f"/api/fail/{kind}")
        assert response.status_code == status
        assert response.json()["error"]["code"] == code
        if kind == "limited":
            assert response.headers["retry-after"] == "7"

    async def test_unknown_route_is_json_404(self, sample: httpx.AsyncClient) -> None:
        response = await sample.get("/api/nothing")
        assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"

    async def test_a_guest_is_a_guest_and_require_user_says_401(self, sample: httpx.AsyncClient) -> None:
        assert (await sample.get("/api/who")).json() == {"guest": True}
        assert (await sample.get("/api/me")).status_code == 401
        me = await sample.get("/api/me", headers=as_user(3, 7, admin=True))
        assert me.json() == {"profile": 7, "admin": True}

    async def test_a_principal_signed_with_another_secret_is_refused(self, sample: httpx.AsyncClient) -> None:
        forged = encode_principal(Principal(account_id=1, profile_id=1, profile_ids=(1,)), "another-secret")
        assert (await sample.get("/api/me", headers={PRINCIPAL_HEADER: forged})).status_code == 401

    async def test_request_id_is_echoed_or_made(self, sample: httpx.AsyncClient) -> None:
        assert (await sample.get("/api/who", headers={"x-request-id": "r-1"})).headers["x-request-id"] == "r-1"
        assert len((await sample.get("/api/who")).headers["x-request-id"]) == 32

    async def test_metrics_are_labelled_by_route_template(self, sample: httpx.AsyncClient) -> None:
        await sample.get("/api/things/41")
        await sample.get("/api/things/42")
        text = (await sample.get("/metrics")).text
        assert 'route="/api/things/{thing_id}"' in text
        assert 'route="/api/things/41"' not in text

    async def test_healthz_and_readyz(self, sample: httpx.AsyncClient) -> None:
        # The cases of readiness are in test_readiness.py.
        assert (await sample.get("/healthz")).status_code == 200
        ready = await sample.get("/readyz")
        assert ready.status_code == 200, ready.text


class TestPrincipalToken:
    def test_round_trip(self) -> None:
        principal = Principal(account_id=5, profile_id=9, profile_ids=(9, 10), is_platform_admin=True)
        assert decode_principal(encode_principal(principal, DEV_INTERNAL_SECRET), DEV_INTERNAL_SECRET) == principal

    def test_expired_or_other_audience_is_refused(self) -> None:
        now = int(time.time())
        expired = jwt.encode(
            {"sub": "1", "pid": 1, "pids": [1], "aud": INTERNAL_AUDIENCE, "exp": now - 1},
            DEV_INTERNAL_SECRET,
            algorithm="HS256",
        )
        other = jwt.encode(
            {"sub": "1", "pid": 1, "pids": [1], "aud": "cypher", "exp": now + 60},
            DEV_INTERNAL_SECRET,
            algorithm="HS256",
        )
        for token in (expired, other):
            with pytest.raises(Unauthorized):
                decode_principal(token, DEV_INTERNAL_SECRET)


class TestSettings:
    def test_production_refuses_the_development_secret(self) -> None:
        with pytest.raises(ValueError, match="CYPHER_INTERNAL_TOKEN_SECRET"):
            ServiceSettings(env="production")
        assert ServiceSettings(env="production", internal_token_secret="x" * 40).is_production

"""No path through the gateway reaches an /internal/ endpoint: the path it routes on is the path it forwards,
and a path whose readings could differ is refused (404, the kit's body) before anything is forwarded."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import orjson
import pytest
from fastapi import FastAPI, Request

from gateway.paths import checked_path
from kit.local import free_port
from kit.testing import serve_app

ROLES = "internal/orgs/1/roles/1"
# Every way we know to climb out of /api/orgs/ (or /api/users/) into the service's /internal/ endpoints.
TRAVERSALS = [
    f"/api/orgs/../../{ROLES}",
    f"/api/orgs/%2e%2e/%2e%2e/{ROLES}",
    f"/api/orgs/%2E%2E/%2E%2E/{ROLES}",
    f"/api/orgs/.%2e/%2e./{ROLES}",
    f"/api/orgs/%252e%252e/%252e%252e/{ROLES}",
    f"/api/orgs/%25252e%25252e/%25252e%25252e/{ROLES}",
    f"/api/orgs/..%2f..%2f{ROLES}",
    f"/api/orgs/..%2F..%2F{ROLES}",
    "/api/orgs/%2e%2e%2f%2e%2e%2finternal%2forgs%2f1%2froles%2f1",
    f"/api/orgs/..%252f..%252f{ROLES}",
    f"/api/orgs/..%5c..%5c{ROLES}",
    f"/api/orgs/..%5C..%5C{ROLES}",
    f"/api/orgs/..\\..\\{ROLES}",
    f"/api/orgs/%c0%ae%c0%ae/%c0%ae%c0%ae/{ROLES}",
    f"/api/orgs/%e0%80%ae%e0%80%ae/%e0%80%ae%e0%80%ae/{ROLES}",
    f"/api/orgs/..%c0%af..%c0%af{ROLES}",
    f"/api/orgs/%ef%bc%8e%ef%bc%8e/%ef%bc%8e%ef%bc%8e/{ROLES}",
    f"/api/orgs/%u002e%u002e/%u002e%u002e/{ROLES}",
    f"/api/orgs/%%32%65%%32%65/%%32%65%%32%65/{ROLES}",
    f"/api/orgs/..;/..;/{ROLES}",
    f"/api/orgs/;x=1/../../{ROLES}",
    f"/api/orgs/..%3b/..%3b/{ROLES}",
    f"/api/orgs//../../{ROLES}",
    f"/api/orgs/./../../{ROLES}",
    f"/api/orgs/1/../../../{ROLES}",
    f"/api/orgs/.../.../{ROLES}",
    "/api/orgs/../../internal./orgs/1/roles/1",
    f"/api/orgs/..%00/..%00/{ROLES}",
    f"/api/orgs/..%09/..%09/{ROLES}",
    f"/api/media/../../{ROLES}",
    f"/api/ORGS/../../{ROLES}",
    "/api/orgs/%2e%2e/%2e%2e/INTERNAL/orgs/1/roles/1",
    "/api/orgs/%2e%2e/%2e%2e/%69nternal/orgs/1/roles/1",
    f"/api/orgs/{ROLES}",
    f"/api/orgs/1/{ROLES}",
    "/api/orgs/%69nternal/orgs/1/roles/1",
    f"http://127.0.0.1/api/orgs/../../{ROLES}",
    "/api/users/../../internal/profiles?ids=1",
    "/api/users/%2e%2e/%2e%2e/internal/profiles?ids=1",
    "/api/user/..%2f..%2finternal/profiles?ids=1",
    "/api/users/%252e%252e/%252e%252e/internal/profiles?ids=1",
]


class TestTheRule:
    @pytest.mark.parametrize("target", TRAVERSALS)
    def test_every_traversal_is_refused(self, target: str) -> None:
        raw = urlsplit(target).path if target.startswith("http") else target.split("?")[0]
        assert checked_path(raw.encode("latin-1")) is None

    @pytest.mark.parametrize(
        ("raw", "path"),
        [
            ("/api/orgs", "/api/orgs"),
            ("/api/orgs/12/members", "/api/orgs/12/members"),
            ("/api/orgs/", "/api/orgs/"),
            ("/api/o%72gs/12", "/api/orgs/12"),
            ("/api/images/3f9a-b2", "/api/images/3f9a-b2"),
            ("/api/users/a%20b", "/api/users/a b"),
            ("/api/auth/oidc/google/callback", "/api/auth/oidc/google/callback"),
        ],
    )
    def test_ordinary_paths_pass_decoded(self, raw: str, path: str) -> None:
        assert checked_path(raw.encode()) == path

    @pytest.mark.parametrize("raw", ["/api/orgs/a b", "/api/orgs/é", '/api/orgs/a"b', "/api/orgs/%", "/api/orgs/%4"])
    def test_characters_outside_a_path_are_refused(self, raw: str) -> None:
        assert checked_path(raw.encode()) is None


@dataclass
class Upstream:
    url: str
    seen: list[str] = field(default_factory=list)


@pytest.fixture
async def organizations() -> AsyncIterator[Upstream]:
    """A stand-in organizations service that records the raw path of every request it gets."""
    app = FastAPI()
    upstream = Upstream(url="")

    @app.middleware("http")
    async def record(request: Request, call_next: Any) -> Any:
        upstream.seen.append(request.scope["raw_path"].decode("latin-1"))
        return await call_next(request)

    @app.get("/internal/orgs/{org_id}/roles/{user_id}")
    async def roles(org_id: int, user_id: int) -> dict[str, bool]:
        return {"secret": True}

    @app.get("/api/orgs/{org_id}")
    async def org(org_id: int) -> dict[str, int]:
        return {"id": org_id}

    port = free_port()
    async with serve_app(app, port):
        upstream.url = f"http://127.0.0.1:{port}"
        yield upstream


async def raw_get(url: str, target: str) -> tuple[int, bytes]:
    """GET exactly this request target: HTTP clients normalise dot segments and escapes before sending."""
    host, port = urlsplit(url).hostname, urlsplit(url).port
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode("latin-1"))
    await writer.drain()
    answer = await reader.read()
    writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), body


class TestThroughTheGateway:
    @pytest.mark.parametrize("target", TRAVERSALS)
    async def test_no_traversal_reaches_an_internal_endpoint(
        self, start_gateway: Any, organizations: Upstream, target: str
    ) -> None:
        gw = await start_gateway(organizations_url=organizations.url)
        status, body = await raw_get(gw.url, target)
        assert status in (400, 404)  # 400 only from uvicorn itself, for bytes it will not parse
        if status == 404:
            assert orjson.loads(body) == {"error": {"code": "not_found", "message": "Not found"}}
        assert not any("internal" in seen.lower() for seen in organizations.seen)

    async def test_the_service_gets_the_path_that_was_routed(self, start_gateway: Any, organizations: Upstream) -> None:
        gw = await start_gateway(organizations_url=organizations.url)
        status, body = await raw_get(gw.url, "/api/o%72gs/7?x=%2e%2e&y=a%2fb")
        assert status == 200 and orjson.loads(body) == {"id": 7}
        assert organizations.seen == ["/api/o%72gs/7"]  # byte for byte, nothing folded or re-encoded

    async def test_identity_internal_profiles_stay_internal(self, gw: Any, signup: Any, identity_url: str) -> None:
        me = await signup()
        lookup = f"internal/profiles?ids={me['user']['id']}"
        direct, _ = await raw_get(identity_url, f"/{lookup}")
        assert direct == 200  # there is something to protect
        for target in (f"/api/users/../../{lookup}", f"/api/users/%2e%2e/%2e%2e/{lookup}", f"/api/{lookup}"):
            status, _ = await raw_get(gw.url, target)
            assert status == 404

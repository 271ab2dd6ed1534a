from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from kit.local import free_port
from kit.testing import serve_app

PASSWORD = "correct horse battery"


@pytest.fixture
async def test_upstream() -> AsyncIterator[str]:
    """A stand-in for a service we do not have yet: slow on one path, echoing on another."""
    app = FastAPI()

    @app.get("/api/orgs/slow")
    async def slow() -> dict[str, bool]:
        await asyncio.sleep(3)
        return {"late": True}

    @app.post("/api/orgs/echo")
    async def echo(request: Request) -> Response:
        body = await request.body()
        headers = {k: v for k, v in request.headers.items() if k.startswith("x-")}
        return JSONResponse({"size": len(body), "headers": headers, "query": str(request.url.query)})

    @app.post("/api/images")
    async def upload(request: Request) -> Response:
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
        return JSONResponse({"size": size})

    @app.get("/api/orgs/big")
    async def big() -> Response:
        return Response(b"x" * 3_000_000, media_type="application/octet-stream")

    port = free_port()
    async with serve_app(app, port):
        yield f"http://127.0.0.1:{port}"


class TestTheAuthJourney:
    async def test_signup_login_user_refresh_logout(self, gw: Any) -> None:
        c = gw.client
        signup = await c.post("/api/auth/signup", json={"email": "journey@example.com", "password": PASSWORD})
        assert signup.status_code == 201
        login = await c.post("/api/auth/login", json={"email": "journey@example.com", "password": PASSWORD})
        assert login.status_code == 200
        token = login.json()["accessToken"]
        me = await c.get("/api/user", headers={"X-Auth-Token": token})
        assert me.status_code == 200 and me.json()["aEmail"] == "journey@example.com"
        refreshed = await c.post("/api/auth/refresh")  # the cookie jar holds the refresh cookie
        assert refreshed.status_code == 200
        assert (await c.get("/api/user", headers={"X-Auth-Token": refreshed.json()["accessToken"]})).status_code == 200
        assert (await c.post("/api/auth/logout")).status_code == 204
        assert (await c.post("/api/auth/refresh")).status_code == 401

    async def test_an_expired_token_does_not_block_refresh(self, gw: Any) -> None:
        c = gw.client
        await c.post("/api/auth/signup", json={"email": "stale@example.com", "password": PASSWORD})
        response = await c.post("/api/auth/refresh", headers={"X-Auth-Token": "stale.expired.token"})
        assert response.status_code == 200

    async def test_sign_in_calls_ignore_a_stale_token(self, gw: Any) -> None:
        stale = {"X-Auth-Token": "stale.expired.token"}
        assert (await gw.client.get("/api/auth/providers", headers=stale)).status_code == 200
        assert (await gw.client.get("/api/auth/jwks", headers=stale)).status_code == 200
        assert (await gw.client.post("/api/auth/password", headers=stale, json={})).status_code == 401

    async def test_guest_gets_401_json(self, gw: Any) -> None:
        response = await gw.client.get("/api/user")
        assert response.status_code == 401
        assert response.json()["error"]["code"] == "unauthorized"


class TestUpstreamFailures:
    async def test_unknown_api_path_is_404_json(self, gw: Any) -> None:
        response = await gw.client.get("/api/no-such-thing")
        assert response.status_code == 404
        assert response.json() == {"error": {"code": "not_found", "message": "Not found"}}

    async def test_service_not_deployed_is_503_json(self, gw: Any) -> None:
        response = await gw.client.get("/api/studios")
        assert response.status_code == 503 and response.headers["retry-after"] == "5"
        assert response.json()["error"]["code"] == "service_unavailable"

    async def test_stopped_upstream_is_503_json(self, start_gateway: Any, caplog: pytest.LogCaptureFixture) -> None:
        gw = await start_gateway(events_url=f"http://127.0.0.1:{free_port()}")
        proxy_log = logging.getLogger("gateway.proxy")
        proxy_log.addHandler(caplog.handler)  # the gateway's logging does not hand its lines up to the root
        try:
            response = await gw.client.get("/api/events")
        finally:
            proxy_log.removeHandler(caplog.handler)
        assert response.status_code == 503 and response.headers["retry-after"] == "5"
        assert response.json()["error"]["code"] == "service_unavailable"
        # one line, naming the service, the cause and the request id the client got
        (line,) = [r.getMessage() for r in caplog.records if r.name == "gateway.proxy"]
        assert "events did not answer" in line and response.headers["x-request-id"] in line

    async def test_slow_upstream_is_504_json(self, start_gateway: Any, test_upstream: str) -> None:
        gw = await start_gateway(organizations_url=test_upstream, upstream_timeout_seconds=0.5)
        response = await gw.client.get("/api/orgs/slow")
        assert response.status_code == 504 and response.headers["retry-after"] == "5"
        assert response.json()["error"]["code"] == "upstream_timeout"


class TestForwarding:
    async def test_streams_large_bodies_both_ways(self, start_gateway: Any, test_upstream: str) -> None:
        gw = await start_gateway(organizations_url=test_upstream, images_url=test_upstream)
        upload = await gw.client.post("/api/images", content=b"y" * 5_000_000)
        assert upload.status_code == 200 and upload.json()["size"] == 5_000_000
        echoed = await gw.client.post("/api/orgs/echo?a=1&b=two", content=b"y" * 500_000)
        assert echoed.json()["size"] == 500_000 and echoed.json()["query"] == "a=1&b=two"
        download = await gw.client.get("/api/orgs/big")
        assert len(download.content) == 3_000_000

    async def test_request_id_and_forwarded_headers(self, start_gateway: Any, test_upstream: str) -> None:
        gw = await start_gateway(organizations_url=test_upstream)
        response = await gw.client.post(
            "/api/orgs/echo",
            headers={"X-Request-ID": "abc-123", "X-Cypher-Principal": "x", "X-Forwarded-For": "6.6.6.6"},
        )
        seen = response.json()["headers"]
        assert response.headers["x-request-id"] == "abc-123" and seen["x-request-id"] == "abc-123"
        assert "x-cypher-principal" not in seen  # a guest's spoofed principal never reaches the service
        assert seen["x-forwarded-for"] == "127.0.0.1"
        generated = await gw.client.get("/api/nowhere")
        assert len(generated.headers["x-request-id"]) == 32

    async def test_cors_preflight_and_response(self, gw: Any) -> None:
        origin = "http://localhost:5173"
        preflight = await gw.client.options(
            "/api/user",
            headers={
                "Origin": origin,
                "Access-Control-Request-Method": "GET",
                "Access-Control-Request-Headers": "x-auth-token, caller-id",
            },
        )
        assert preflight.status_code == 204
        assert preflight.headers["access-control-allow-origin"] == origin
        assert "caller-id" in preflight.headers["access-control-allow-headers"]
        plain = await gw.client.get("/api/user", headers={"Origin": origin})
        assert plain.headers["access-control-allow-origin"] == origin
        foreign = await gw.client.get("/api/user", headers={"Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in foreign.headers


class TestRateLimits:
    async def test_per_ip_limit_on_auth_answers_429_with_retry_after(self, start_gateway: Any) -> None:
        gw = await start_gateway(auth_rate_per_ip=3)
        statuses = [(await gw.client.post("/api/auth/refresh")).status_code for _ in range(4)]
        assert statuses[:3] == [401, 401, 401] and statuses[3] == 429
        limited = await gw.client.post("/api/auth/refresh")
        assert int(limited.headers["retry-after"]) > 0
        assert limited.json()["error"]["code"] == "too_many_requests"
        assert (await gw.client.get("/api/user")).status_code == 401  # other paths are not limited

    async def test_per_email_limit_leaves_other_emails_alone(self, start_gateway: Any) -> None:
        gw = await start_gateway(auth_rate_per_email=2)
        body = {"email": "Target@example.com", "password": "whatever1"}
        for _ in range(2):
            assert (await gw.client.post("/api/auth/login", json=body)).status_code == 401
        assert (
            await gw.client.post("/api/auth/login", json=body | {"email": "target@example.com "})
        ).status_code == 429
        other = await gw.client.post("/api/auth/login", json={"email": "else@example.com", "password": "whatever1"})
        assert other.status_code == 401

    async def test_default_per_ip_limit_is_generous(self, gw: Any) -> None:
        from gateway.config import Settings

        assert Settings().auth_rate_per_ip >= 300


class TestSpa:
    async def test_serves_files_and_falls_back_to_index(self, start_gateway: Any, tmp_path: Path) -> None:
        dist = tmp_path / "spa"
        (dist / "assets").mkdir(parents=True)
        (dist / "index.html").write_text("<html>cypher app</html>")
        (dist / "assets" / "app-1234.js").write_text("console.log(1)")
        gw = await start_gateway(spa_dir=dist)
        deep = await gw.client.get("/organization/5?tab=members")
        assert deep.status_code == 200 and "cypher app" in deep.text
        asset = await gw.client.get("/assets/app-1234.js")
        assert asset.text == "console.log(1)" and "immutable" in asset.headers["cache-control"]
        escape = await gw.client.get("/../pyproject.toml")
        assert "cypher app" in escape.text

    async def test_sends_the_precompressed_file_when_gzip_is_accepted(self, start_gateway: Any, tmp_path: Path) -> None:
        import gzip

        dist = tmp_path / "spa"
        (dist / "assets").mkdir(parents=True)
        (dist / "index.html").write_text("<html>cypher app</html>")
        (dist / "index.html.gz").write_bytes(gzip.compress(b"<html>cypher app</html>"))
        (dist / "assets" / "app-1234.js").write_text("console.log(1)")
        (dist / "assets" / "app-1234.js.gz").write_bytes(gzip.compress(b"console.log(1)"))
        gw = await start_gateway(spa_dir=dist)
        asset = await gw.client.get("/assets/app-1234.js", headers={"accept-encoding": "gzip"})
        assert asset.headers["content-encoding"] == "gzip" and "javascript" in asset.headers["content-type"]
        assert asset.text == "console.log(1)"  # httpx decodes it
        page = await gw.client.get("/login", headers={"accept-encoding": "gzip"})
        assert page.headers["content-encoding"] == "gzip" and page.headers["content-type"].startswith("text/html")
        plain = await gw.client.get("/assets/app-1234.js", headers={"accept-encoding": "identity"})
        assert "content-encoding" not in plain.headers and plain.text == "console.log(1)"


class TestHealth:
    async def test_healthz_and_readyz(self, gw: Any) -> None:
        assert (await gw.client.get("/healthz")).status_code == 200
        ready = await gw.client.get("/readyz")
        assert ready.status_code == 200 and ready.json()["checks"] == {"identity": True, "keys": True}

    async def test_not_ready_before_identitys_keys_are_in(self, start_gateway: Any) -> None:
        """Identity up but its key set not served: the gateway could judge no token (every signed-in request
        503), so it is not ready; the stacks of dev, e2e and fuzz wait for this."""
        fake = FastAPI()

        @fake.get("/readyz")
        async def ready_identity() -> dict[str, str]:
            return {"status": "ready"}

        @fake.get("/api/auth/jwks")
        async def no_keys() -> JSONResponse:
            return JSONResponse({"error": {"code": "service_unavailable", "message": "starting"}}, status_code=503)

        port = free_port()
        async with serve_app(fake, port):
            gw = await start_gateway(identity_url=f"http://127.0.0.1:{port}")
            ready = await gw.client.get("/readyz")
        assert ready.status_code == 503 and ready.json()["checks"] == {"identity": True, "keys": False}

    async def test_not_ready_when_a_routed_service_is_down(self, start_gateway: Any) -> None:
        gw = await start_gateway(images_url=f"http://127.0.0.1:{free_port()}")
        ready = await gw.client.get("/readyz")
        assert ready.status_code == 503 and ready.json()["checks"]["images"] is False

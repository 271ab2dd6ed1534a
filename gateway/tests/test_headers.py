"""API answers carry nosniff, the SPA's page a Content-Security-Policy and a Referrer-Policy, and no header
appears twice (uvicorn adds its own `server` and `date` on top of the service's)."""

from __future__ import annotations

import base64
import hashlib
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from gateway.spa import content_security_policy

PAGE = b"""<!doctype html><html><head><script>window.__boot=1</script><style>body{margin:0}</style>
<script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div>
<script>(function(){document.body.dataset.ready='1'})()</script></body></html>"""


def repeated(response: httpx.Response) -> list[str]:
    counts = Counter(name.decode().lower() for name, _ in response.headers.raw)
    return [name for name, count in counts.items() if count > 1]


class TestApiAnswers:
    async def test_each_kind_of_answer_says_nosniff_and_repeats_no_header(self, gw: Any, signup: Any) -> None:
        me = await signup()
        answers = [
            await gw.client.get("/api/auth/providers"),  # the service's 200
            await gw.client.get("/api/user"),  # the service's 401
            await gw.client.get("/api/user", headers={"X-Auth-Token": me["accessToken"]}),
            await gw.client.get("/api/user", headers={"X-Auth-Token": "not.a.token"}),  # the gateway's 401
            await gw.client.get("/api/no-such-thing"),  # the gateway's 404
            await gw.client.get("/api/studios"),  # the gateway's 503
            await gw.client.get("/api/user", headers={"Origin": "http://localhost:5173"}),
            await gw.client.get("/healthz"),
        ]
        for answer in answers:
            assert answer.headers["x-content-type-options"] == "nosniff", answer.request.url
            assert repeated(answer) == [], (answer.request.url, answer.headers.raw)


class TestThePage:
    async def test_policy_allows_what_the_app_loads_and_nothing_else(self, start_gateway: Any, tmp_path: Path) -> None:
        dist = tmp_path / "spa"
        dist.mkdir()
        (dist / "index.html").write_bytes(PAGE)
        gw = await start_gateway(spa_dir=dist)
        for page in (await gw.client.get("/"), await gw.client.get("/organization/5?tab=media")):
            policy = dict(
                (part.split(" ", 1) + [""])[:2] for part in page.headers["content-security-policy"].split("; ")
            )
            assert policy["frame-ancestors"] == "'none'" and policy["base-uri"] == "'self'"
            assert policy["connect-src"] == "'self'" and policy["form-action"] == "'self'"
            assert policy["object-src"] == "'none'" and policy["default-src"] == "'self'"
            assert policy["frame-src"] == "https://www.youtube-nocookie.com"
            for script in (b"window.__boot=1", b"(function(){document.body.dataset.ready='1'})()"):
                digest = base64.b64encode(hashlib.sha256(script).digest()).decode()
                assert f"'sha256-{digest}'" in policy["script-src"]
            # WebAssembly may compile (the QR reader), JavaScript may never eval nor run inline code
            sources = policy["script-src"].split()
            assert "'unsafe-inline'" not in sources and "'unsafe-eval'" not in sources
            assert "'wasm-unsafe-eval'" in sources
            assert page.headers["referrer-policy"] == "strict-origin-when-cross-origin"
            assert page.headers["x-content-type-options"] == "nosniff"
            assert repeated(page) == []

    async def test_a_rebuilt_page_gets_its_new_hashes(self, start_gateway: Any, tmp_path: Path) -> None:
        import os

        dist = tmp_path / "spa"
        dist.mkdir()
        (dist / "index.html").write_bytes(PAGE)
        gw = await start_gateway(spa_dir=dist)
        before = (await gw.client.get("/")).headers["content-security-policy"]
        (dist / "index.html").write_bytes(PAGE.replace(b"__boot=1", b"__boot=2"))
        os.utime(dist / "index.html", (1, 1))
        after = (await gw.client.get("/")).headers["content-security-policy"]
        assert after != before and after == content_security_policy(PAGE.replace(b"__boot=1", b"__boot=2"))

    async def test_the_not_built_page_has_a_policy_too(self, gw: Any) -> None:
        page = await gw.client.get("/")
        assert "frame-ancestors 'none'" in page.headers["content-security-policy"]

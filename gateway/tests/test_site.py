"""The site's run-time configuration (gateway/site.py): the page carries it as one meta tag, the tiles' origin
joins img-src only when tiles are set, and a bad address stops the gateway at startup."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from gateway.config import Settings
from gateway.site import Site, tile_source
from gateway.spa import content_security_policy

PAGE = b"""<!doctype html><html><head><title>Cypher</title><script>window.__boot=1</script></head>
<body><div id="root"></div></body></html>"""
TILES = "https://{s}.tile.example.org/{z}/{x}/{y}.png"
META = re.compile(rb'<meta name="cypher-site" content="([^"]*)">')


def site_of(page: bytes) -> Any:
    found = META.findall(page)
    assert len(found) <= 1
    return json.loads(html.unescape(found[0].decode())) if found else None


def img_src(policy: str) -> list[str]:
    return next(part for part in policy.split("; ") if part.startswith("img-src ")).split()[1:]


def built(tmp_path: Path) -> Path:
    dist = tmp_path / "spa"
    dist.mkdir()
    (dist / "index.html").write_bytes(PAGE)
    return dist


class TestThePage:
    async def test_the_configured_site_is_in_the_page_and_the_tiles_in_its_policy(
        self, start_gateway: Any, tmp_path: Path
    ) -> None:
        gw = await start_gateway(
            spa_dir=built(tmp_path),
            map_tile_url=TILES,
            map_tile_attribution=(
                '© <a href="https://example.org/copyright" onclick="x()">Example</a><script>x()</script>'
            ),
            social_instagram="https://instagram.com/cypher.dance",
            social_youtube="https://youtube.com/@cypher.dance",
            social_facebook="",
        )
        for path in ("/", "/events/map", "/index.html"):
            page = await gw.client.get(path)
            assert site_of(page.content) == {
                "mapTiles": {
                    "url": TILES,
                    "attribution": '© <a href="https://example.org/copyright" rel="noopener noreferrer">Example</a>',
                },
                "socials": {
                    "instagram": "https://instagram.com/cypher.dance",
                    "youtube": "https://youtube.com/@cypher.dance",
                },
            }, path
            assert page.content.index(b'name="cypher-site"') < page.content.index(b"</head>")
            assert img_src(page.headers["content-security-policy"]) == [
                "'self'", "data:", "blob:", "https://i.ytimg.com", "https://*.tile.example.org"
            ]  # fmt: skip
            # the meta adds no script: the policy's hashes are the build's
            assert page.headers["content-security-policy"] == content_security_policy(
                PAGE, ("https://*.tile.example.org",)
            )
        plain = await gw.client.get("/", headers={"accept-encoding": "identity"})
        zipped = await gw.client.get("/", headers={"accept-encoding": "gzip"})
        assert "content-encoding" not in plain.headers and zipped.headers["content-encoding"] == "gzip"
        assert site_of(plain.content) == site_of(zipped.content)

    async def test_without_configuration_the_page_is_as_built(self, start_gateway: Any, tmp_path: Path) -> None:
        gw = await start_gateway(spa_dir=built(tmp_path), map_tile_url="", social_twitter=" ")
        for path in ("/", "/studios/map"):
            page = await gw.client.get(path, headers={"accept-encoding": "identity"})
            assert page.content == PAGE and site_of(page.content) is None
            assert img_src(page.headers["content-security-policy"]) == [
                "'self'",
                "data:",
                "blob:",
                "https://i.ytimg.com",
            ]

    async def test_socials_alone_add_the_meta_but_no_image_source(self, start_gateway: Any, tmp_path: Path) -> None:
        gw = await start_gateway(spa_dir=built(tmp_path), social_twitter="https://x.com/cypherdance")
        page = await gw.client.get("/")
        assert site_of(page.content) == {"mapTiles": None, "socials": {"twitter": "https://x.com/cypherdance"}}
        assert img_src(page.headers["content-security-policy"])[-1] == "https://i.ytimg.com"


class TestTheSettings:
    @pytest.mark.parametrize(
        "url",
        [
            "http://tiles.example.org/{z}/{x}/{y}.png",  # http beyond this machine
            "https://tiles.example.org/{z}/{x}.png",  # no {y}
            "https://tiles.example.org/{z}/{x}/{y}/{token}.png",  # a placeholder Leaflet is not given here
            "https://a{s}.example.org/{z}/{x}/{y}.png",  # {s} not a whole first label
            "https://tiles.example.org/{s}/{z}/{x}/{y}.png",  # {s} in the path
            "javascript:alert(1)//{z}/{x}/{y}",
            "//tiles.example.org/{z}/{x}/{y}.png",
            'https://tiles.example.org/{z}/{x}/{y}.png" onerror="x',
        ],
    )
    def test_a_bad_tile_url_is_refused(self, url: str) -> None:
        with pytest.raises(ValidationError, match="GATEWAY_MAP_TILE_URL"):
            Settings(map_tile_url=url)

    def test_a_bad_account_is_refused_from_the_environment(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("GATEWAY_SOCIAL_INSTAGRAM", "instagram.com/cypher")
        with pytest.raises(ValidationError, match="GATEWAY_SOCIAL_INSTAGRAM"):
            Settings()
        monkeypatch.setenv("GATEWAY_SOCIAL_INSTAGRAM", "http://instagram.com/cypher")
        with pytest.raises(ValidationError, match="https"):
            Settings()

    def test_good_ones_are_taken(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("GATEWAY_MAP_TILE_URL", "http://127.0.0.1:8123/{z}/{x}/{y}.png")
        monkeypatch.setenv("GATEWAY_MAP_TILE_ATTRIBUTION", "Local tiles")
        monkeypatch.setenv("GATEWAY_SOCIAL_FACEBOOK", "https://facebook.com/cypher.dance")
        site = Settings().site()
        assert site == Site(
            tile_url="http://127.0.0.1:8123/{z}/{x}/{y}.png",
            attribution="Local tiles",
            socials={"facebook": "https://facebook.com/cypher.dance"},
        )
        assert site.img_sources() == ("http://127.0.0.1:8123",)

    def test_tile_sources(self) -> None:
        assert tile_source("https://tile.openstreetmap.org/{z}/{x}/{y}.png") == "https://tile.openstreetmap.org"
        assert (
            tile_source("https://{s}.tiles.example.org:8443/{z}/{x}/{y}{r}.png") == "https://*.tiles.example.org:8443"
        )

    def test_the_page_escapes_what_it_carries(self) -> None:
        site = Site(tile_url="https://t.example.org/{z}/{x}/{y}.png", attribution='<a href="https://e.org">A & B</a>')
        page = site.into(b"<html><head></head><body></body></html>")
        assert b"<a " not in page  # no markup of its own in the page: all of it inside the attribute
        credit = site_of(page)["mapTiles"]["attribution"]
        assert credit == '<a href="https://e.org">A & B</a>'


class TestThePageFromTheWebPods:
    async def test_pages_carry_the_site_and_root_files_pass_through(self, start_gateway: Any, tmp_path: Path) -> None:
        from starlette.applications import Starlette
        from starlette.requests import Request
        from starlette.responses import Response
        from starlette.routing import Route

        from kit.local import free_port
        from kit.testing import serve_app

        asked: list[tuple[str, str | None]] = []

        async def index(request: Request) -> Response:
            asked.append(("index", request.headers.get("if-none-match")))
            if request.headers.get("if-none-match") == '"v1"':
                return Response(status_code=304)
            return Response(PAGE, media_type="text/html", headers={"etag": '"v1"'})

        async def worker(_: Request) -> Response:
            return Response(b"self.x=1", media_type="text/javascript", headers={"cache-control": "no-cache"})

        web = Starlette(routes=[Route("/index.html", index), Route("/sw.js", worker)])
        web_port = free_port()
        async with serve_app(web, web_port):
            gw = await start_gateway(
                spa_dir=tmp_path / "none", web_url=f"http://127.0.0.1:{web_port}", map_tile_url=TILES
            )
            for path in ("/", "/events/map", "/index.html"):
                page = await gw.client.get(path)
                assert page.status_code == 200 and site_of(page.content)["mapTiles"]["url"] == TILES, path
                assert "https://*.tile.example.org" in img_src(page.headers["content-security-policy"])
            assert asked == [("index", None), ("index", '"v1"'), ("index", '"v1"')]  # revalidated each time
            worker_file = await gw.client.get("/sw.js")
            assert worker_file.content == b"self.x=1" and worker_file.headers["content-type"].startswith(
                "text/javascript"
            )
            assert worker_file.headers["cache-control"] == "no-cache"
            assert (await gw.client.get("/robots.txt")).status_code == 404
        # the web pods gone: the page last seen
        page = await gw.client.get("/studios")
        assert page.status_code == 200 and site_of(page.content) is not None

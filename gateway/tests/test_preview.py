"""Link previews through the gateway, with the real events service on a port: /event/{id} of a published event
carries its title and description as Open Graph and Twitter tags in the app's own page (same scripts, same
Content-Security-Policy); a draft, an unknown id or a path that is no id gets the plain app. Where the gateway
has no build, the page comes from the web pods (here a small server standing in for nginx's static files)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.responses import Response
from starlette.routing import Route

from kit.local import free_port
from kit.testing import serve_app
from kit.testing.served import served_service

PAGE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cypher</title>
<script type="module">window.__boot=1</script></head><body><div id="root"></div></body></html>"""


@pytest.fixture
async def events_url(pg_server_url: str, nats_url: str, identity_url: str) -> AsyncIterator[str]:
    async with served_service("events", pg_server_url, nats_url, identity_url=identity_url) as served:
        yield served.url


@pytest.fixture
def spa(tmp_path: Path) -> Path:
    dist = tmp_path / "built"
    dist.mkdir()
    (dist / "index.html").write_bytes(PAGE)
    return dist


async def published_event(client: httpx.AsyncClient, token: str, **fields: Any) -> int:
    auth = {"X-Auth-Token": token}
    event_id = (await client.post("/api/events", headers=auth)).json()["id"]
    # publishing needs a place (docs/decisions.md, Events: cancelling, deleting, the door list)
    body = {
        "dateStart": "2030-07-01T14:00",
        "dateEnd": "2030-07-01T20:00",
        "locationAddress": "Queens, NY, United States",
    }
    body |= fields
    assert (await client.post(f"/api/events/{event_id}", json=body, headers=auth)).status_code == 200
    assert (await client.post(f"/api/events/{event_id}/publish", headers=auth)).status_code == 200
    return int(event_id)


async def test_a_published_event_previews_and_everything_else_is_the_plain_app(
    start_gateway: Callable[..., Any], signup: Callable[..., Any], events_url: str, spa: Path
) -> None:
    gw = await start_gateway(events_url=events_url, spa_dir=spa, public_url="https://cypher.example.com")
    token = (await signup())["accessToken"]
    event_id = await published_event(
        gw.client,
        token,
        title='Floor "Wars"',
        description="<p>Top 16 <b>only</b></p>",
        locationAddress="Queens, NY, United States",
    )
    page = await gw.client.get(f"/event/{event_id}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    html = page.text
    assert '<meta property="og:title" content="Floor &quot;Wars&quot;">' in html
    assert '<meta property="og:description" content="07/01/2030 · Queens, NY, United States — Top 16 only">' in html
    assert f'<meta property="og:url" content="https://cypher.example.com/event/{event_id}">' in html
    assert '<meta name="twitter:card" content="summary">' in html
    assert "<title>Floor &quot;Wars&quot; | Cypher</title>" in html
    plain = await gw.client.get("/events")
    assert plain.headers["content-security-policy"] == page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"

    draft_id = (await gw.client.post("/api/events", headers={"X-Auth-Token": token})).json()["id"]
    for path in (f"/event/{draft_id}", "/event/999999", "/event/abc", "/event/99999999999999"):
        answer = await gw.client.get(path)
        assert answer.status_code == 200 and answer.content == PAGE, path


async def test_the_page_comes_from_the_web_pods_when_the_gateway_has_no_build(
    start_gateway: Callable[..., Any], signup: Callable[..., Any], events_url: str, tmp_path: Path
) -> None:
    async def index(_: Any) -> Response:
        return Response(PAGE, media_type="text/html")

    web_port = free_port()
    async with serve_app(Starlette(routes=[Route("/index.html", index)]), web_port):
        gw = await start_gateway(
            events_url=events_url, spa_dir=tmp_path / "none", web_url=f"http://127.0.0.1:{web_port}"
        )
        token = (await signup())["accessToken"]
        event_id = await published_event(gw.client, token, title="Remote Jam")
        html = (await gw.client.get(f"/event/{event_id}")).text
    assert '<meta property="og:title" content="Remote Jam">' in html and "window.__boot=1" in html

"""Public immutable answers (image variants) are answered by the gateway itself after the first time."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import nats
import pytest
from fastapi import FastAPI, Request
from fastapi.responses import Response

from gateway.cache import CachedAnswer, ResponseCache
from kit.events import Envelope
from kit.local import free_port
from kit.testing import eventually, serve_app


@pytest.fixture
async def image_service() -> AsyncIterator[tuple[str, dict[str, int]]]:
    """Stands in for the images service's answers: immutable variants and one ordinary answer."""
    app = FastAPI()
    hits: dict[str, int] = {}

    @app.get("/api/images/{image_id}")
    async def variant(image_id: str, request: Request) -> Response:
        hits[image_id] = hits.get(image_id, 0) + 1
        webp = "image/webp" in request.headers.get("accept", "")
        body = (b"WEBP-" if webp else b"JPEG-") + image_id.encode()
        if image_id == "mutable":
            return Response(body, headers={"cache-control": "no-cache"})
        return Response(
            body,
            media_type="image/webp" if webp else "image/jpeg",
            headers={
                "cache-control": "public, max-age=31536000, immutable",
                "etag": f'"{image_id}-{int(webp)}"',
                "vary": "Accept",
            },
        )

    port = free_port()
    async with serve_app(app, port):
        yield f"http://127.0.0.1:{port}", hits


async def test_second_request_is_answered_without_the_service(start_gateway: Any, image_service: Any) -> None:
    url, hits = image_service
    gw = await start_gateway(images_url=url)
    first = await gw.client.get("/api/images/abc?size=300", headers={"accept": "image/webp"})
    second = await gw.client.get("/api/images/abc?size=300", headers={"accept": "image/webp"})
    assert first.content == second.content == b"WEBP-abc"
    assert hits["abc"] == 1
    assert second.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert second.headers["x-request-id"] and len(second.headers.get_list("x-request-id")) == 1


async def test_accept_and_query_are_part_of_the_key(start_gateway: Any, image_service: Any) -> None:
    url, hits = image_service
    gw = await start_gateway(images_url=url)
    webp = await gw.client.get("/api/images/abc?size=300", headers={"accept": "image/webp"})
    jpeg = await gw.client.get("/api/images/abc?size=300", headers={"accept": "image/jpeg"})
    bigger = await gw.client.get("/api/images/abc?size=1000", headers={"accept": "image/jpeg"})
    assert (webp.content, jpeg.content) == (b"WEBP-abc", b"JPEG-abc")
    assert bigger.status_code == 200 and hits["abc"] == 3


async def test_if_none_match_gets_304_from_the_cache(start_gateway: Any, image_service: Any) -> None:
    url, hits = image_service
    gw = await start_gateway(images_url=url)
    first = await gw.client.get("/api/images/abc")
    again = await gw.client.get("/api/images/abc", headers={"if-none-match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == first.headers["etag"] and hits["abc"] == 1


async def test_ordinary_answers_are_not_kept(start_gateway: Any, image_service: Any) -> None:
    url, hits = image_service
    gw = await start_gateway(images_url=url)
    for _ in range(2):
        await gw.client.get("/api/images/mutable")
    assert hits["mutable"] == 2


async def test_a_deleted_image_leaves_the_cache(start_gateway: Any, image_service: Any, nats_url: str) -> None:
    url, hits = image_service
    gw = await start_gateway(images_url=url)
    await gw.client.get("/api/images/gone")
    nc = await nats.connect(nats_url)
    try:
        envelope = Envelope(type="images.image.deleted", source="images", data={"id": "gone", "ownerId": 1})
        await nc.jetstream().publish(envelope.type, envelope.to_json(), headers={"Nats-Msg-Id": str(envelope.id)})
    finally:
        await nc.close()

    async def refetched() -> bool:
        await gw.client.get("/api/images/gone")
        return hits["gone"] >= 2

    await eventually(refetched, timeout=5, interval=0.2)


def test_the_cache_is_bounded_in_bytes_least_recently_used_first() -> None:
    cache = ResponseCache(max_bytes=1000)
    for n in range(5):
        cache.put((f"/api/images/{n}", b"", b"", b""), CachedAnswer(200, [], b"x" * 300, None))
        if n == 1:
            cache.get(("/api/images/0", b"", b"", b""))  # 0 is now more recent than 1
    assert cache.size <= 1000
    assert cache.get(("/api/images/1", b"", b"", b"")) is None
    assert cache.purge_prefix("/api/images/4") == 1


async def test_cached_answers_repeat_no_header_and_say_nosniff(start_gateway: Any, image_service: Any) -> None:
    url, hits = image_service
    gw = await start_gateway(images_url=url)
    origin = {"accept": "image/webp", "origin": "http://localhost:5173"}
    answers = [await gw.client.get("/api/images/vary?size=300", headers=origin) for _ in range(2)]
    answers.append(await gw.client.get("/api/images/vary?size=300", headers=origin | {"if-none-match": '"vary-1"'}))
    assert hits["vary"] == 1 and answers[2].status_code == 304
    for answer in answers:
        names = [name.decode().lower() for name, _ in answer.headers.raw]
        assert sorted(set(names)) == sorted(names), answer.headers.raw
        assert answer.headers["vary"] == "Accept, origin"
        assert answer.headers["x-content-type-options"] == "nosniff"

from __future__ import annotations

import asyncio

import httpx
import pytest
from api.factories import AppClient, image_bytes, opened, uploaded_id
from prometheus_client import REGISTRY

from images.images.rules import SIZES

WEBP = {"accept": "image/avif,image/webp,image/apng,image/*,*/*;q=0.8"}
NO_WEBP = {"accept": "image/jpeg,image/png,*/*;q=0.5"}


class TestVariants:
    async def test_guest_gets_the_width_snapped_up_to_a_known_size(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("JPEG", (1200, 600)))
        response = await client.get(f"/api/images/{image_id}", params={"size": 250, "type": "avatar"}, headers=WEBP)
        assert response.status_code == 200
        assert response.headers["content-type"] == "image/webp"
        image = opened(response.content)
        assert image.format == "WEBP" and image.size == (300, 150)

    @pytest.mark.parametrize(("asked", "width"), [(24, 24), (25, 48), (363, 363), (364, 400), (1091, 1920)])
    async def test_each_size_snaps_up(self, client: httpx.AsyncClient, asked: int, width: int) -> None:
        image_id = await uploaded_id(client, image_bytes("PNG", (2000, 1000)))
        response = await client.get(f"/api/images/{image_id}", params={"size": asked}, headers=WEBP)
        assert opened(response.content).size == (width, round(width / 2))

    async def test_never_upscaled_and_aspect_kept(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("JPEG", (500, 333)))
        response = await client.get(f"/api/images/{image_id}", params={"size": 1000, "type": "card"}, headers=WEBP)
        assert opened(response.content).size == (500, 333)

    async def test_no_size_and_huge_sizes_are_capped_at_1920(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("JPEG", (2400, 100)))
        plain = await client.get(f"/api/images/{image_id}", headers=WEBP)
        huge = await client.get(f"/api/images/{image_id}", params={"size": 99999, "type": "bg"}, headers=WEBP)
        assert opened(plain.content).size == opened(huge.content).size == (1920, 80)
        assert plain.headers["etag"] == huge.headers["etag"]

    async def test_sizes_cover_the_spec(self) -> None:
        spec = {24, 48, 64, 72, 90, 100, 136, 190, 200, 300, 363, 400, 726, 800, 1000, 1090, 1920}
        assert spec <= set(SIZES) and max(SIZES) == 1920

    async def test_webp_when_accepted_jpeg_otherwise(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("PNG", (300, 300)))
        webp = await client.get(f"/api/images/{image_id}", params={"size": 100}, headers=WEBP)
        jpeg = await client.get(f"/api/images/{image_id}", params={"size": 100}, headers=NO_WEBP)
        bare = await client.get(f"/api/images/{image_id}", params={"size": 100})
        refused = await client.get(
            f"/api/images/{image_id}", params={"size": 100}, headers={"accept": "image/webp;q=0"}
        )
        assert (webp.headers["content-type"], opened(webp.content).format) == ("image/webp", "WEBP")
        for response in (jpeg, bare, refused):
            assert (response.headers["content-type"], opened(response.content).format) == ("image/jpeg", "JPEG")
        assert webp.headers["etag"] != jpeg.headers["etag"]

    async def test_transparent_image_is_png_without_webp_and_keeps_alpha(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("PNG", (200, 200), "RGBA", (255, 0, 0, 100)))
        png = await client.get(f"/api/images/{image_id}", params={"size": 100, "type": "logo"}, headers=NO_WEBP)
        webp = await client.get(f"/api/images/{image_id}", params={"size": 100, "type": "logo"}, headers=WEBP)
        assert png.headers["content-type"] == "image/png"
        assert opened(png.content).mode == "RGBA" and opened(png.content).getpixel((5, 5))[3] == 100
        assert webp.headers["content-type"] == "image/webp" and opened(webp.content).mode == "RGBA"

    async def test_cache_headers(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("JPEG"))
        response = await client.get(f"/api/images/{image_id}", params={"size": 64, "type": "avatar"}, headers=WEBP)
        assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert response.headers["vary"] == "Accept"
        assert response.headers["etag"].startswith('"') and image_id in response.headers["etag"]
        assert int(response.headers["content-length"]) == len(response.content)

    async def test_304_when_the_client_has_it(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("JPEG"))
        url = f"/api/images/{image_id}?size=72&type=avatar"
        etag = (await client.get(url, headers=WEBP)).headers["etag"]
        again = await client.get(url, headers=WEBP | {"if-none-match": etag})
        assert again.status_code == 304 and again.content == b""
        assert again.headers["etag"] == etag and again.headers["vary"] == "Accept"
        assert "immutable" in again.headers["cache-control"]
        weak_list = await client.get(url, headers=WEBP | {"if-none-match": f'"other", W/{etag}'})
        assert weak_list.status_code == 304
        other_format = await client.get(url, headers=NO_WEBP | {"if-none-match": etag})
        assert other_format.status_code == 200

    async def test_type_picks_quality_not_geometry(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("JPEG", (400, 200)))
        logo = await client.get(f"/api/images/{image_id}", params={"size": 200, "type": "logo"}, headers=WEBP)
        avatar = await client.get(f"/api/images/{image_id}", params={"size": 200, "type": "avatar"}, headers=WEBP)
        event = await client.get(f"/api/images/{image_id}", params={"size": 200, "type": "event"}, headers=WEBP)
        assert opened(logo.content).size == opened(avatar.content).size == (200, 100)
        assert logo.headers["etag"] != avatar.headers["etag"] == event.headers["etag"]


def count(source: str) -> float:
    return REGISTRY.get_sample_value("images_variants_served_total", {"source": source}) or 0.0


class TestVariantsAreMadeOnce:
    async def test_second_request_is_not_rendered_again(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("JPEG", (800, 600)))
        rendered = count("rendered")
        first = await client.get(f"/api/images/{image_id}", params={"size": 190}, headers=WEBP)
        second = await client.get(f"/api/images/{image_id}", params={"size": 190}, headers=WEBP)
        assert first.content == second.content
        assert count("rendered") == rendered + 1
        storage = client._transport.app.state.images.storage  # type: ignore[attr-defined]
        assert await storage.keys(f"{image_id}/") == [f"{image_id}/original.jpg", f"{image_id}/w190-photo.webp"]

    async def test_served_from_storage_by_a_process_that_did_not_make_it(self, app_with: AppClient) -> None:
        async with app_with(memory_cache_bytes=0) as first, app_with(memory_cache_bytes=0) as second:
            image_id = await uploaded_id(first, image_bytes("JPEG", (800, 600)))
            made = await first.get(f"/api/images/{image_id}", params={"size": 400}, headers=WEBP)
            rendered, from_storage = count("rendered"), count("storage")
            again = await second.get(f"/api/images/{image_id}", params={"size": 400}, headers=WEBP)
            assert again.content == made.content
            assert (count("rendered"), count("storage")) == (rendered, from_storage + 1)

    async def test_concurrent_first_requests_render_once(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("JPEG", (3000, 2000)))
        rendered = count("rendered")
        responses = await asyncio.gather(
            *(client.get(f"/api/images/{image_id}", params={"size": 1000}, headers=WEBP) for _ in range(12))
        )
        assert {r.status_code for r in responses} == {200}
        assert len({r.content for r in responses}) == 1
        assert count("rendered") == rendered + 1


class TestUnknown:
    async def test_unknown_id_is_404_json(self, client: httpx.AsyncClient) -> None:
        for image_id in ("A" * 22, "nope", "..%2F..%2Fetc"):
            response = await client.get(f"/api/images/{image_id}", params={"size": 100})
            assert response.status_code == 404
            assert response.json()["error"]["code"] in ("image_not_found", "not_found")

    async def test_bad_type_or_size_is_400(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("JPEG"))
        bad_type = await client.get(f"/api/images/{image_id}", params={"type": "banner"})
        bad_size = await client.get(f"/api/images/{image_id}", params={"size": 0})
        assert bad_type.status_code == 400 and bad_type.json()["error"]["field"] == "type"
        assert bad_size.status_code == 400 and bad_size.json()["error"]["field"] == "size"


class TestMaster:
    async def test_wide_images_keep_a_1920_master_that_variants_are_made_from(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("JPEG", (3000, 1500)))
        transparent_id = await uploaded_id(client, image_bytes("PNG", (2500, 500), "RGBA", (0, 0, 255, 120)))
        storage = client._transport.app.state.images.storage  # type: ignore[attr-defined]
        assert await storage.keys(f"{image_id}/") == [f"{image_id}/master.jpg", f"{image_id}/original.jpg"]
        assert opened(await storage.get(f"{image_id}/master.jpg")).size == (1920, 960)
        assert await storage.keys(f"{transparent_id}/") == [
            f"{transparent_id}/master.png",
            f"{transparent_id}/original.png",
        ]
        assert opened(await storage.get(f"{transparent_id}/master.png")).mode == "RGBA"
        # Without the original, variants still come: they are made from the master.
        await storage.delete_prefix(f"{image_id}/original")
        for size, expected in ((None, (1920, 960)), (300, (300, 150))):
            params = {"size": size} if size else {}
            response = await client.get(f"/api/images/{image_id}", params=params, headers=WEBP)
            assert opened(response.content).size == expected

    async def test_narrow_images_have_no_master(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("JPEG", (1920, 1080)))
        storage = client._transport.app.state.images.storage  # type: ignore[attr-defined]
        assert await storage.keys(f"{image_id}/") == [f"{image_id}/original.jpg"]


class TestCachedAnswers:
    async def test_repeat_answer_from_memory_matches_the_first(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("JPEG", (600, 400)))
        url = f"/api/images/{image_id}?size=136&type=avatar"
        served_from_memory = count("memory")
        first, second = [await client.get(url, headers=WEBP) for _ in range(2)]
        assert count("memory") == served_from_memory + 1
        assert second.content == first.content
        for name in ("content-type", "content-length", "etag", "cache-control", "vary"):
            assert second.headers[name] == first.headers[name]
        assert "x-request-id" in second.headers

    async def test_odd_queries_still_get_the_apps_answer(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("JPEG", (600, 400)))
        await client.get(f"/api/images/{image_id}?size=100", headers=WEBP)
        assert (await client.get(f"/api/images/{image_id}?size=100&size=x", headers=WEBP)).status_code == 400
        assert (await client.get(f"/api/images/{image_id}?size=100&type=", headers=WEBP)).status_code == 400
        extra = await client.get(f"/api/images/{image_id}?size=100&v=2", headers=WEBP)
        assert extra.status_code == 200 and opened(extra.content).size == (100, 67)

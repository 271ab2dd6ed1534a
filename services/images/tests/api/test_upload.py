from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import asyncpg
import httpx
import pytest
from api.factories import OWNER, SVG, image_bytes, opened, phone_photo, png_header_only, upload, uploaded_id
from PIL import Image

from images.images.rules import DAMAGED, NO_FILE, TOO_LARGE, TOO_MANY_PIXELS, UNSUPPORTED
from kit.db import asyncpg_dsn
from kit.testing import as_user, collect_events

LIMIT = 10_000_000


async def rows(database_url: str, sql: str) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(asyncpg_dsn(database_url))
    try:
        return await conn.fetch(sql)
    finally:
        await conn.close()


async def original_of(client: httpx.AsyncClient, image_id: str) -> bytes:
    """The stored original, as the service keeps it."""
    storage = client._transport.app.state.images.storage  # type: ignore[attr-defined]
    keys = [k for k in await storage.keys(f"{image_id}/") if "/original." in k]
    assert len(keys) == 1
    data: bytes = await storage.get(keys[0])
    return data


class TestUploadAccepts:
    @pytest.mark.parametrize(
        ("fmt", "expected"),
        [("PNG", "png"), ("JPEG", "jpeg"), ("WEBP", "webp")],
    )
    async def test_stores_png_jpeg_and_webp(
        self, client: httpx.AsyncClient, database_url: str, fmt: str, expected: str
    ) -> None:
        response = await upload(client, image_bytes(fmt, (640, 480)))
        assert response.status_code == 201
        body = response.json()
        assert set(body) == {"id", "width", "height"}
        assert (body["width"], body["height"]) == (640, 480)
        assert len(body["id"]) == 22 and body["id"].replace("-", "").replace("_", "").isalnum()
        [row] = await rows(database_url, "SELECT * FROM image")
        assert row["id"] == body["id"] and row["format"] == expected
        assert (row["owner_profile_id"], row["owner_account_id"]) == (11, 1)
        assert opened(await original_of(client, body["id"])).format == fmt

    async def test_format_comes_from_the_content_not_the_name_or_type(
        self, client: httpx.AsyncClient, database_url: str
    ) -> None:
        response = await upload(client, image_bytes("PNG"), filename="holiday.gif", content_type="image/gif")
        assert response.status_code == 201
        [row] = await rows(database_url, "SELECT format FROM image")
        assert row["format"] == "png"

    async def test_ids_are_unique_and_opaque(self, client: httpx.AsyncClient) -> None:
        ids = {await uploaded_id(client, image_bytes("PNG", (8, 8))) for _ in range(3)}
        assert len(ids) == 3

    async def test_publishes_uploaded_event(self, client: httpx.AsyncClient, nats_url: str) -> None:
        data = image_bytes("JPEG", (320, 200))
        image_id = await uploaded_id(client, data)
        [event] = await collect_events(nats_url, "images.image.uploaded", count=1)
        assert event.data == {
            "id": image_id,
            "ownerId": 11,
            "format": "jpeg",
            "width": 320,
            "height": 200,
            "bytes": len(data),
        }
        assert event.topics == ["user:11"]

    async def test_transparent_png_keeps_alpha_and_opaque_alpha_is_dropped(
        self, client: httpx.AsyncClient, database_url: str
    ) -> None:
        await uploaded_id(client, image_bytes("PNG", (10, 10), "RGBA", (0, 0, 0, 0)))
        await uploaded_id(client, image_bytes("PNG", (10, 10), "RGBA", (5, 5, 5, 255)))
        found = await rows(database_url, "SELECT has_alpha FROM image ORDER BY created_at")
        assert [r["has_alpha"] for r in found] == [True, False]

    async def test_greyscale_palette_and_16_bit_images_are_accepted(self, client: httpx.AsyncClient) -> None:
        await uploaded_id(client, image_bytes("PNG", (10, 10), "L", 128))
        await uploaded_id(client, image_bytes("PNG", (10, 10), "P", 3))
        await uploaded_id(client, image_bytes("PNG", (10, 10), "I;16", 40000))
        await uploaded_id(client, image_bytes("JPEG", (10, 10), "CMYK", (0, 50, 50, 0)))


class TestUploadRefuses:
    async def test_text_file_named_png(self, client: httpx.AsyncClient) -> None:
        response = await upload(client, b"just some words\n" * 20, filename="cat.png", content_type="image/png")
        assert response.status_code == 400
        assert response.json()["error"] == {"code": "unsupported_image_format", "message": UNSUPPORTED}

    async def test_svg(self, client: httpx.AsyncClient) -> None:
        response = await upload(client, SVG, filename="logo.svg", content_type="image/svg+xml")
        assert response.status_code == 400 and response.json()["error"]["message"] == UNSUPPORTED

    async def test_svg_named_png(self, client: httpx.AsyncClient) -> None:
        response = await upload(client, SVG, filename="logo.png", content_type="image/png")
        assert response.status_code == 400 and response.json()["error"]["message"] == UNSUPPORTED

    async def test_gif(self, client: httpx.AsyncClient) -> None:
        response = await upload(client, image_bytes("GIF", (10, 10), "P"), filename="a.png", content_type="image/png")
        assert response.status_code == 400 and response.json()["error"]["message"] == UNSUPPORTED

    async def test_truncated_jpeg(self, client: httpx.AsyncClient) -> None:
        whole = image_bytes("JPEG", (600, 400), color=(10, 200, 90), quality=95)
        noisy = Image.effect_noise((600, 400), 80).convert("RGB")
        import io

        buffer = io.BytesIO()
        noisy.save(buffer, "JPEG", quality=95)
        for data in (whole[: len(whole) // 2], buffer.getvalue()[: len(buffer.getvalue()) // 2]):
            response = await upload(client, data)
            assert response.status_code == 400
            assert response.json()["error"] == {"code": "damaged_image", "message": DAMAGED}

    async def test_jpeg_magic_without_a_jpeg(self, client: httpx.AsyncClient) -> None:
        response = await upload(client, b"\xff\xd8\xff" + b"\x00" * 500)
        assert response.status_code == 400 and response.json()["error"]["message"] == DAMAGED

    async def test_decompression_bomb_before_decoding(self, client: httpx.AsyncClient, database_url: str) -> None:
        response = await upload(client, png_header_only(50_000, 50_000), filename="bomb.png")
        assert response.status_code == 400
        assert response.json()["error"] == {"code": "image_too_many_pixels", "message": TOO_MANY_PIXELS}
        assert await rows(database_url, "SELECT id FROM image") == []

    async def test_just_over_40_megapixels(self, client: httpx.AsyncClient) -> None:
        # Below Pillow's own bomb threshold (twice the limit): our header check refuses it.
        response = await upload(client, png_header_only(8_000, 5_001), filename="huge.png")
        assert response.status_code == 400 and response.json()["error"]["message"] == TOO_MANY_PIXELS

    async def test_guest(self, client: httpx.AsyncClient) -> None:
        response = await upload(client, image_bytes("PNG"), headers={})
        assert response.status_code == 401

    async def test_body_that_is_not_multipart(self, client: httpx.AsyncClient) -> None:
        response = await client.post(
            "/api/images", content=image_bytes("PNG"), headers={"content-type": "image/png", **OWNER}
        )
        assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_upload"

    async def test_multipart_without_file_field(self, client: httpx.AsyncClient) -> None:
        response = await client.post(
            "/api/images", files={"picture": ("a.png", image_bytes("PNG"), "image/png")}, headers=OWNER
        )
        assert response.status_code == 400 and response.json()["error"]["message"] == NO_FILE

    async def test_cut_off_body(self, client: httpx.AsyncClient) -> None:
        request = client.build_request(
            "POST", "/api/images", files={"file": ("a.png", image_bytes("PNG"), "image/png")}, headers=OWNER
        )
        body = request.read()[:-60]
        response = await client.post(
            "/api/images", content=body, headers={"content-type": request.headers["content-type"], **OWNER}
        )
        assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_upload"


class TestSizeLimit:
    async def test_one_byte_over_is_413_and_nothing_is_stored(
        self, client: httpx.AsyncClient, database_url: str, stored_files: Callable[[], set[str]]
    ) -> None:
        before = stored_files()
        data = image_bytes("JPEG", (64, 64))
        data += b"\x00" * (LIMIT + 1 - len(data))
        assert len(data) == 10_000_001
        response = await upload(client, data)
        assert response.status_code == 413
        assert response.json()["error"] == {"code": "image_too_large", "message": TOO_LARGE}
        assert TOO_LARGE == "Use an image smaller than 10Mb, otherwise, it won't be saved."
        assert await rows(database_url, "SELECT id FROM image") == []
        assert await rows(database_url, "SELECT id FROM outbox_message") == []
        assert stored_files() == before

    async def test_exactly_the_limit_is_not_too_large(self, client: httpx.AsyncClient) -> None:
        data = image_bytes("JPEG", (64, 64))
        data += b"\x00" * (LIMIT - len(data))  # bytes after the end of a JPEG are ignored by decoders
        response = await upload(client, data)
        assert response.status_code == 201

    async def test_counted_while_streaming_without_a_length(self, client: httpx.AsyncClient) -> None:
        """A chunked body of 30 MB: the service stops reading right after the limit, it never takes it all."""
        pulled = 0
        chunk = b"\x00" * 65_536

        async def body() -> AsyncIterator[bytes]:
            nonlocal pulled
            head = b'--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n'
            pulled += len(head)
            yield head
            for _ in range(30_000_000 // len(chunk)):
                pulled += len(chunk)
                yield chunk
            yield b"\r\n--XyZ--\r\n"

        response = await client.post(
            "/api/images", content=body(), headers={"content-type": "multipart/form-data; boundary=XyZ", **OWNER}
        )
        assert response.status_code == 413 and response.json()["error"]["message"] == TOO_LARGE
        assert "content-length" not in response.request.headers
        assert pulled <= LIMIT + 2 * len(chunk)

    async def test_declared_length_over_the_limit_is_refused_before_reading(self, client: httpx.AsyncClient) -> None:
        pulled = 0

        async def body() -> AsyncIterator[bytes]:
            nonlocal pulled
            for _ in range(10):
                pulled += 1
                yield b"\x00" * 1024

        response = await client.post(
            "/api/images",
            content=body(),
            headers={
                "content-type": "multipart/form-data; boundary=XyZ",
                "content-length": str(LIMIT + 200_000),
                **OWNER,
            },
        )
        assert response.status_code == 413 and response.json()["error"]["message"] == TOO_LARGE
        assert pulled == 0

    async def test_guest_is_refused_before_the_body_is_read(self, client: httpx.AsyncClient) -> None:
        pulled = 0

        async def body() -> AsyncIterator[bytes]:
            nonlocal pulled
            pulled += 1
            yield b"--XyZ--\r\n"

        response = await client.post(
            "/api/images", content=body(), headers={"content-type": "multipart/form-data; boundary=XyZ"}
        )
        assert response.status_code == 401 and pulled == 0


class TestMetadata:
    async def test_orientation_applied_and_gps_exif_xmp_icc_stripped(
        self, client: httpx.AsyncClient, database_url: str
    ) -> None:
        photo = phone_photo()
        assert b"PhoneMaker" in photo and b"GPSLatitude" in photo  # the upload does carry them
        response = await upload(client, photo)
        assert response.status_code == 201
        # Stored 40x20 sideways with orientation 6: upright it is 20 wide and 40 high, red on top.
        assert (response.json()["width"], response.json()["height"]) == (20, 40)
        image_id = response.json()["id"]
        stored = await original_of(client, image_id)
        served = (await client.get(f"/api/images/{image_id}", headers={"accept": "image/jpeg"})).content
        for data in (stored, served):
            image = opened(data)
            assert image.size == (20, 40)
            assert not image.getexif()
            assert not {"exif", "xmp", "icc_profile", "XML:com.adobe.xmp"} & set(image.info)
            assert b"PhoneMaker" not in data and b"GPS" not in data and b"xmpmeta" not in data
            top, bottom = image.convert("RGB").getpixel((10, 5)), image.convert("RGB").getpixel((10, 35))
            assert top[0] > 200 and top[2] < 60  # red
            assert bottom[2] > 200 and bottom[0] < 60  # blue

    async def test_png_text_chunks_are_dropped(self, client: httpx.AsyncClient) -> None:
        from PIL import PngImagePlugin

        info = PngImagePlugin.PngInfo()
        info.add_text("Comment", "home address 12 Main St")
        info.add_itxt("XML:com.adobe.xmp", "<x:xmpmeta>GPS</x:xmpmeta>")
        data = image_bytes("PNG", (12, 12), pnginfo=info)
        image_id = await uploaded_id(client, data, filename="a.png")
        stored = await original_of(client, image_id)
        assert b"Main St" not in stored and b"xmpmeta" not in stored
        assert opened(stored).text == {}  # type: ignore[attr-defined]


async def test_other_profile_of_the_same_account_is_recorded_as_owner(
    client: httpx.AsyncClient, database_url: str
) -> None:
    await uploaded_id(client, image_bytes("PNG"), headers=as_user(3, 31, profile_ids=(30, 31)))
    [row] = await rows(database_url, "SELECT owner_profile_id, owner_account_id FROM image")
    assert (row["owner_profile_id"], row["owner_account_id"]) == (31, 3)

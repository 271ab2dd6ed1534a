"""Image files for the tests, made with Pillow (or by hand where Pillow would refuse to make them)."""

from __future__ import annotations

import contextlib
import io
import struct
import zlib
from collections.abc import Callable
from typing import Any

import httpx
from PIL import Image, ImageCms

from kit.testing import as_user

# The `app_with` fixture: a client on an app built with other settings.
AppClient = Callable[..., contextlib.AbstractAsyncContextManager[httpx.AsyncClient]]

OWNER = as_user(1, 11)
STRANGER = as_user(2, 22)


def image_bytes(
    fmt: str = "JPEG", size: tuple[int, int] = (400, 300), mode: str = "RGB", color: Any = (200, 30, 30), **save: Any
) -> bytes:
    buffer = io.BytesIO()
    Image.new(mode, size, color).save(buffer, fmt, **save)
    return buffer.getvalue()


def two_halves(size: tuple[int, int] = (40, 20)) -> Image.Image:
    """Left half red, right half blue: shows which way an image was turned."""
    image = Image.new("RGB", size, (255, 0, 0))
    image.paste((0, 0, 255), (size[0] // 2, 0, size[0], size[1]))
    return image


GPS_LATITUDE = "48 deg 51' N"


def phone_photo() -> bytes:
    """A JPEG as a phone writes it: stored sideways with EXIF orientation 6 (turn 90 degrees clockwise to
    view), GPS coordinates, camera make, an XMP packet and an ICC profile."""
    image = two_halves()
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation
    exif[0x010F] = "PhoneMaker"  # Make
    gps = exif.get_ifd(0x8825)
    gps[1] = "N"
    gps[2] = (48.0, 51.0, 24.0)
    gps[3] = "E"
    gps[4] = (2.0, 21.0, 3.0)
    xmp = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description exif:GPSLatitude="48,51N"/></x:xmpmeta>'
    icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", exif=exif, xmp=xmp, icc_profile=icc, quality=95)
    return buffer.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims width x height, with a few bytes of pixels: a decompression bomb's shape."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", ihdr)
        + _chunk(b"IDAT", zlib.compress(b"\x00" * 1024))
        + _chunk(b"IEND", b"")
    )


SVG = (
    b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
    b"<script>alert(1)</script></svg>"
)


async def upload(
    client: httpx.AsyncClient,
    content: bytes,
    *,
    filename: str = "photo.jpg",
    content_type: str = "image/jpeg",
    headers: dict[str, str] | None = None,
) -> httpx.Response:
    return await client.post(
        "/api/images", files={"file": (filename, content, content_type)}, headers=OWNER if headers is None else headers
    )


async def uploaded_id(client: httpx.AsyncClient, content: bytes, **kw: Any) -> str:
    response = await upload(client, content, **kw)
    assert response.status_code == 201, response.text
    image_id: str = response.json()["id"]
    return image_id


def opened(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image

from __future__ import annotations

import pytest

from images.images.rules import (
    GRAPHIC,
    PHOTO,
    ImageType,
    OutputFormat,
    SourceFormat,
    accepts_webp,
    etag_for,
    etag_matches,
    is_image_id,
    new_image_id,
    output_format,
    quality_for,
    render_source_key,
    scaled_height,
    snap_width,
    sniff_format,
    variant_key,
    variant_width,
)


class TestSniffFormat:
    @pytest.mark.parametrize(
        ("head", "expected"),
        [
            (b"\x89PNG\r\n\x1a\n\x00\x00", SourceFormat.PNG),
            (b"\xff\xd8\xff\xe0\x00\x10JFIF", SourceFormat.JPEG),
            (b"RIFF\x10\x00\x00\x00WEBPVP8 ", SourceFormat.WEBP),
            (b"GIF89a\x01\x00", None),
            (b"<?xml version", None),
            (b"<svg xmlns=", None),
            (b"RIFF\x10\x00\x00\x00WAVEfmt ", None),
            (b"BM6\x00\x00\x00", None),
            (b"", None),
        ],
    )
    def test_by_magic_bytes(self, head: bytes, expected: SourceFormat | None) -> None:
        assert sniff_format(head) == expected


class TestSizes:
    @pytest.mark.parametrize(
        ("asked", "snapped"),
        [(None, 1920), (1, 24), (24, 24), (49, 64), (90, 90), (137, 190), (301, 363), (727, 800), (1091, 1920)],
    )
    def test_snap_up(self, asked: int | None, snapped: int) -> None:
        assert snap_width(asked) == snapped

    def test_capped_at_1920(self) -> None:
        assert snap_width(5000) == 1920

    def test_never_wider_than_the_original(self) -> None:
        assert variant_width(1000, 640) == 640
        assert variant_width(None, 640) == 640
        assert variant_width(100, 640) == 100

    def test_height_keeps_the_aspect(self) -> None:
        assert scaled_height(300, 4000, 3000) == 225
        assert scaled_height(24, 10_000, 10) == 1


class TestNegotiation:
    @pytest.mark.parametrize(
        ("accept", "webp"),
        [
            ("image/avif,image/webp,*/*", True),
            ("image/webp;q=0.9", True),
            ("IMAGE/WEBP", True),
            ("image/webp;q=0", False),
            ("*/*", False),
            ("image/*", False),
            (None, False),
            ("", False),
        ],
    )
    def test_webp_only_when_named(self, accept: str | None, webp: bool) -> None:
        assert accepts_webp(accept) is webp

    def test_transparent_images_fall_back_to_png(self) -> None:
        assert output_format("image/jpeg", has_alpha=True) is OutputFormat.PNG
        assert output_format("image/jpeg", has_alpha=False) is OutputFormat.JPEG
        assert output_format("image/webp", has_alpha=True) is OutputFormat.WEBP


class TestKeys:
    def test_ids_are_22_url_safe_characters(self) -> None:
        ids = {new_image_id() for _ in range(200)}
        assert len(ids) == 200 and all(is_image_id(i) for i in ids)
        assert not is_image_id("../../../etc/passwd00") and not is_image_id("a" * 23)

    def test_type_picks_quality(self) -> None:
        assert quality_for(ImageType.LOGO) is GRAPHIC
        assert {quality_for(t) for t in ImageType if t is not ImageType.LOGO} == {PHOTO}
        assert quality_for(None) is PHOTO

    def test_variant_keys_and_etags(self) -> None:
        key = variant_key("abc", 300, PHOTO, OutputFormat.JPEG)
        assert key == "abc/w300-photo.jpg"
        assert etag_for(key) == '"abc.w300-photo.jpg"'
        assert etag_matches('"x", "abc.w300-photo.jpg"', etag_for(key))
        assert etag_matches("*", etag_for(key))
        assert not etag_matches(None, etag_for(key)) and not etag_matches('"abc"', etag_for(key))

    def test_variants_of_wide_images_come_from_the_master(self) -> None:
        assert render_source_key("abc", SourceFormat.JPEG, 4000, False) == "abc/master.jpg"
        assert render_source_key("abc", SourceFormat.PNG, 4000, True) == "abc/master.png"
        assert render_source_key("abc", SourceFormat.WEBP, 1920, False) == "abc/original.webp"

"""Pure rules of the images service: which formats we take, which widths we make, what a client gets."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from enum import StrEnum

TOO_LARGE = "Use an image smaller than 10Mb, otherwise, it won't be saved."
UNSUPPORTED = "Use a PNG, JPEG or WebP image."
TOO_MANY_PIXELS = "The image is too large: use one of at most 40 megapixels."
DAMAGED = "The image could not be read: the file is damaged or incomplete."
NOT_MULTIPART = "Send the image as multipart/form-data in a field named file."
NO_FILE = "Choose an image to upload (multipart field file)."

# Every width the SPA asks for (the spec's sizes), plus 1920 for full-width backgrounds. A request snaps up to
# the next one, so an attacker cannot make us render and store thousands of variants of one image.
SIZES: tuple[int, ...] = (24, 48, 64, 72, 90, 100, 136, 190, 200, 300, 363, 400, 726, 800, 1000, 1090, 1920)
MAX_WIDTH = SIZES[-1]

_ID = re.compile(r"^[A-Za-z0-9_-]{22}$")


def new_image_id() -> str:
    """22 URL-safe characters, 128 random bits: unguessable, and all other services store."""
    return secrets.token_urlsafe(16)


def is_image_id(value: str) -> bool:
    return bool(_ID.match(value))


class SourceFormat(StrEnum):
    PNG = "png"
    JPEG = "jpeg"
    WEBP = "webp"

    @property
    def pillow(self) -> str:
        return self.name  # Pillow's format names: PNG, JPEG, WEBP


def sniff_format(head: bytes) -> SourceFormat | None:
    """The format the content says it is, from its magic bytes; names and declared types are ignored."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return SourceFormat.PNG
    if head.startswith(b"\xff\xd8\xff"):
        return SourceFormat.JPEG
    if len(head) >= 12 and head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return SourceFormat.WEBP
    return None


class ImageType(StrEnum):
    """The `type` of the spec's image URLs. It picks a quality profile, never the pixels' geometry: one
    image id may be shown as an avatar and as a card, and the SPA crops with CSS (object-fit)."""

    AVATAR = "avatar"
    CARD = "card"
    EVENT = "event"
    ORG = "org"
    STUDIO = "studio"
    LOGO = "logo"
    BG = "bg"


@dataclass(frozen=True, slots=True)
class Quality:
    name: str
    webp: int
    jpeg: int


PHOTO = Quality("photo", webp=80, jpeg=82)
# Logos have flat colours and sharp edges, where lossy artefacts show most.
GRAPHIC = Quality("graphic", webp=90, jpeg=90)


def quality_for(image_type: ImageType | None) -> Quality:
    return GRAPHIC if image_type is ImageType.LOGO else PHOTO


class OutputFormat(StrEnum):
    WEBP = "webp"
    JPEG = "jpeg"
    PNG = "png"

    @property
    def content_type(self) -> str:
        return f"image/{self.value}"

    @property
    def extension(self) -> str:
        return "jpg" if self is OutputFormat.JPEG else self.value


def accepts_webp(accept: str | None) -> bool:
    """True when the Accept header names image/webp with a non-zero q (`*/*` alone does not count: old
    Safari sends it and cannot show WebP)."""
    if not accept:
        return False
    for item in accept.split(","):
        media, *params = (p.strip() for p in item.split(";"))
        if media.lower() != "image/webp":
            continue
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    return float(value) > 0
                except ValueError:
                    return False
        return True
    return False


def output_format(accept: str | None, has_alpha: bool) -> OutputFormat:
    if accepts_webp(accept):
        return OutputFormat.WEBP
    return OutputFormat.PNG if has_alpha else OutputFormat.JPEG


def snap_width(requested: int | None) -> int:
    """Up to the next documented size, at most 1920; no size means the largest."""
    if requested is None:
        return MAX_WIDTH
    for size in SIZES:
        if size >= requested:
            return size
    return MAX_WIDTH


def variant_width(requested: int | None, original_width: int) -> int:
    """Never wider than the original: asking 1000 of a 500-wide image gives (and shares) the 500 one."""
    return min(snap_width(requested), original_width)


def scaled_height(width: int, original_width: int, original_height: int) -> int:
    return max(1, round(original_height * width / original_width))


def original_key(image_id: str, source: SourceFormat) -> str:
    return f"{image_id}/original.{'jpg' if source is SourceFormat.JPEG else source.value}"


def has_master(width: int) -> bool:
    """Wider than the widest variant: a copy at that width is kept, and variants are made from it, not from
    the (up to 40-megapixel) original, so a new variant costs a small decode instead of a huge one."""
    return width > MAX_WIDTH


def master_key(image_id: str, has_alpha: bool) -> str:
    return f"{image_id}/master.{'png' if has_alpha else 'jpg'}"


def render_source_key(image_id: str, source: SourceFormat, width: int, has_alpha: bool) -> str:
    return master_key(image_id, has_alpha) if has_master(width) else original_key(image_id, source)


def webp_method(width: int) -> int:
    """libwebp's effort (0-6). Small variants are served most and cost little: compress them hard. At 1920,
    method 4 costs about three times method 1 for a few percent of size."""
    return 4 if width <= 800 else 1


def variant_key(image_id: str, width: int, quality: Quality, fmt: OutputFormat) -> str:
    return f"{image_id}/w{width}-{quality.name}.{fmt.extension}"


def image_prefix(image_id: str) -> str:
    return f"{image_id}/"


def etag_for(key: str) -> str:
    """Variants never change once made, so the key itself is a strong validator."""
    return '"' + key.replace("/", ".") + '"'


def etag_matches(if_none_match: str | None, etag: str) -> bool:
    if not if_none_match:
        return False
    if if_none_match.strip() == "*":
        return True
    candidates = (c.strip().removeprefix("W/") for c in if_none_match.split(","))
    return etag in candidates

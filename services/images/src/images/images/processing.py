"""The Pillow work: validating and cleaning an upload, rendering a variant. Everything here is CPU-bound and
blocking; the service runs it in worker threads (Pillow releases the GIL while it decodes, resizes and
encodes), never on the event loop."""

from __future__ import annotations

import io
import logging
import warnings
from dataclasses import dataclass
from typing import IO

from PIL import Image, ImageCms, ImageOps

from images.images.exceptions import DamagedImage, TooManyPixels, UnsupportedFormat
from images.images.rules import (
    MAX_WIDTH,
    OutputFormat,
    Quality,
    SourceFormat,
    has_master,
    scaled_height,
    sniff_format,
    webp_method,
)

logger = logging.getLogger("images.processing")

_SRGB = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))


def limit_pixels(max_pixels: int) -> None:
    """Pillow's own decompression-bomb guard (it refuses twice this at open) backs up our header check; its
    warning between once and twice the limit is redundant, as that check refuses those images anyway."""
    Image.MAX_IMAGE_PIXELS = max_pixels
    warnings.filterwarnings("ignore", category=Image.DecompressionBombWarning)


@dataclass(frozen=True, slots=True)
class CleanImage:
    """An upload as we keep it: re-encoded, upright, sRGB, without any metadata (EXIF, GPS, XMP, ICC, text)."""

    data: bytes
    source: SourceFormat
    width: int
    height: int
    has_alpha: bool
    master: bytes | None  # the image at the widest variant's width, when the original is wider


def _encode_master(image: Image.Image) -> bytes:
    resized = image.resize(
        (MAX_WIDTH, scaled_height(MAX_WIDTH, image.width, image.height)), Image.Resampling.LANCZOS, reducing_gap=3.0
    )
    buffer = io.BytesIO()
    if resized.mode == "RGBA":
        resized.save(buffer, "PNG", compress_level=1)
    else:
        resized.save(buffer, "JPEG", quality=92)
    return buffer.getvalue()


def clean_upload(file: IO[bytes], max_pixels: int) -> CleanImage:
    file.seek(0)
    source = sniff_format(file.read(16))
    if source is None:
        raise UnsupportedFormat()
    file.seek(0)
    try:
        with Image.open(file, formats=[source.pillow]) as opened:
            width, height = opened.size  # from the header: nothing decoded yet
            if width < 1 or height < 1:
                raise DamagedImage()
            if width * height > max_pixels:
                raise TooManyPixels()
            opened.load()  # a truncated file fails here (Pillow does not load truncated images by default)
            image = _upright_srgb(opened)
    except Image.DecompressionBombError as exc:
        raise TooManyPixels() from exc
    except (TooManyPixels, DamagedImage):
        raise
    except Exception as exc:  # noqa: BLE001 - whatever a decoder throws at hostile bytes means "cannot read"
        logger.info("rejected an unreadable %s upload: %s", source.value, exc)
        raise DamagedImage() from exc
    image.info = {}  # nothing of the upload's metadata may reach an encoder
    has_alpha = image.mode == "RGBA"
    buffer = io.BytesIO()
    if source is SourceFormat.JPEG:
        image.save(buffer, "JPEG", quality=95, subsampling="4:2:0")
    elif source is SourceFormat.PNG:
        image.save(buffer, "PNG", compress_level=3)
    else:
        image.save(buffer, "WEBP", quality=95, alpha_quality=100, method=3)
    master = _encode_master(image) if has_master(image.width) else None
    return CleanImage(buffer.getvalue(), source, image.width, image.height, has_alpha, master)


def _upright_srgb(image: Image.Image) -> Image.Image:
    """The first frame, turned as the camera meant (EXIF orientation), in sRGB, RGB or RGBA."""
    if getattr(image, "n_frames", 1) > 1:
        image.seek(0)
    upright = ImageOps.exif_transpose(image) or image
    has_alpha = upright.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in upright.info
    icc = upright.info.get("icc_profile")
    if upright.mode.startswith("I") or upright.mode == "F":
        # 16-bit or float greyscale (some PNGs): scale to 8 bits before any conversion clips it.
        upright = upright.convert("I").point(lambda value: value / 256).convert("L")
    target = "RGBA" if has_alpha else "RGB"
    converted: Image.Image | None = None
    if icc:
        # A wide-gamut phone photo (Display P3) keeps its colours only if converted, since its profile goes.
        try:
            source_mode = upright.mode if upright.mode in ("RGB", "RGBA", "CMYK", "L") else None
            if source_mode:
                converted = ImageCms.profileToProfile(
                    upright, ImageCms.ImageCmsProfile(io.BytesIO(icc)), _SRGB, outputMode=target
                )
        except (ImageCms.PyCMSError, OSError, ValueError) as exc:
            logger.info("ignored an unusable ICC profile: %s", exc)
            converted = None
    if converted is None:
        converted = upright if upright.mode == target else upright.convert(target)
    if target == "RGBA":
        alpha_low, _ = converted.getchannel("A").getextrema()
        if alpha_low == 255:  # an alpha channel that hides nothing
            converted = converted.convert("RGB")
    return converted


def render_variant(source: bytes, width: int, fmt: OutputFormat, quality: Quality) -> bytes:
    """The source (the master, or the original when no wider than 1920) scaled to `width`, aspect kept;
    callers never ask wider than the source."""
    with Image.open(io.BytesIO(source)) as image:
        target = (width, scaled_height(width, image.width, image.height))
        if image.format == "JPEG":
            # Decode at 1/2, 1/4 or 1/8 scale when that still covers the target: the costliest step shrinks.
            image.draft(image.mode, target)
        image.load()
        resized = image if image.size == target else image.resize(target, Image.Resampling.LANCZOS, reducing_gap=3.0)
        resized.info = {}
        if fmt is OutputFormat.JPEG and resized.mode != "RGB":
            resized = resized.convert("RGB")
        buffer = io.BytesIO()
        if fmt is OutputFormat.WEBP:
            resized.save(buffer, "WEBP", quality=quality.webp, alpha_quality=90, method=webp_method(width))
        elif fmt is OutputFormat.JPEG:
            # Huffman optimisation costs little and saves some percent; progressive scans would triple the time.
            resized.save(buffer, "JPEG", quality=quality.jpeg, optimize=True)
        else:
            resized.save(buffer, "PNG", compress_level=6)
        return buffer.getvalue()

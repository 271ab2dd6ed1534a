"""The use cases: upload (validate, clean, store, record, announce), serve a variant, delete."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from images import events
from images.config import Settings
from images.images import processing
from images.images.cache import ByteCache, FactsCache, ImageFacts, SingleFlight
from images.images.exceptions import ImageNotFound, NotImageOwner
from images.images.metrics import RENDER_SECONDS, UPLOADS, VARIANTS_NOT_MODIFIED, VARIANTS_SERVED
from images.images.repository import image_repository
from images.images.rules import (
    ImageType,
    OutputFormat,
    SourceFormat,
    etag_for,
    etag_matches,
    image_prefix,
    is_image_id,
    master_key,
    new_image_id,
    original_key,
    output_format,
    quality_for,
    render_source_key,
    variant_key,
    variant_width,
)
from images.images.upload import Upload
from images.models import Image
from images.storage import Storage
from kit.principal import Principal

logger = logging.getLogger("images.service")

T = TypeVar("T")

CACHE_CONTROL = "public, max-age=31536000, immutable"


@dataclass
class ImageResources:
    """What the service keeps for the life of the process; built in the app's lifespan."""

    settings: Settings
    storage: Storage
    sessionmaker: async_sessionmaker[AsyncSession]
    upload_limiter: anyio.CapacityLimiter
    render_limiter: anyio.CapacityLimiter
    variants: ByteCache
    facts: FactsCache[ImageFacts]
    flights: SingleFlight = field(default_factory=SingleFlight)

    @classmethod
    def create(
        cls, settings: Settings, storage: Storage, sessionmaker: async_sessionmaker[AsyncSession]
    ) -> ImageResources:
        return cls(
            settings=settings,
            storage=storage,
            sessionmaker=sessionmaker,
            upload_limiter=anyio.CapacityLimiter(settings.upload_workers),
            render_limiter=anyio.CapacityLimiter(settings.render_workers),
            variants=ByteCache(settings.memory_cache_bytes, settings.memory_cache_max_item_bytes),
            facts=FactsCache(settings.metadata_ttl_seconds),
        )

    async def in_thread(self, limiter: anyio.CapacityLimiter, fn: Callable[..., T], *args: Any) -> T:
        """Pillow work, off the event loop, at most the limiter's number at a time."""
        return await anyio.to_thread.run_sync(fn, *args, limiter=limiter)


@dataclass(frozen=True, slots=True)
class Variant:
    key: str
    etag: str
    content_type: str
    data: bytes | None  # None: the client's copy is current (304)

    @property
    def headers(self) -> dict[str, str]:
        return {"cache-control": CACHE_CONTROL, "etag": self.etag, "vary": "Accept"}


def plan_variant(
    image_id: str, facts: ImageFacts, size: int | None, image_type: ImageType | None, accept: str | None
) -> tuple[str, str, OutputFormat, int]:
    """Which variant a request gets: its storage key, ETag, format and width."""
    width = variant_width(size, facts.width)
    fmt = output_format(accept, facts.has_alpha)
    key = variant_key(image_id, width, quality_for(image_type), fmt)
    return key, etag_for(key), fmt, width


class ImageService:
    async def upload(
        self, session: AsyncSession, resources: ImageResources, principal: Principal, upload: Upload
    ) -> Image:
        assert principal.profile_id is not None and principal.account_id is not None
        try:
            clean = await resources.in_thread(
                resources.upload_limiter, processing.clean_upload, upload.file, resources.settings.max_pixels
            )
        except Exception:
            UPLOADS.labels("rejected").inc()
            raise
        image = Image(
            id=new_image_id(),
            owner_profile_id=principal.profile_id,
            owner_account_id=principal.account_id,
            format=clean.source.value,
            width=clean.width,
            height=clean.height,
            has_alpha=clean.has_alpha,
            bytes=upload.size,
            stored_bytes=len(clean.data),
        )
        # Stored before the row commits: a failed commit leaves an unreferenced file, never a row without one.
        await resources.storage.put(original_key(image.id, clean.source), clean.data, f"image/{clean.source.value}")
        if clean.master is not None:
            master_type = "image/png" if clean.has_alpha else "image/jpeg"
            await resources.storage.put(master_key(image.id, clean.has_alpha), clean.master, master_type)
        await image_repository.add(session, image)
        await events.image_uploaded(session, image)
        UPLOADS.labels("stored").inc()
        return image

    async def facts(self, resources: ImageResources, image_id: str) -> ImageFacts | None:
        if not is_image_id(image_id):
            return None
        found = resources.facts.get(image_id)
        if found is None:
            async with resources.sessionmaker() as session:
                found = await image_repository.facts(session, image_id)
            if found is not None:
                resources.facts.put(image_id, found)
        return found

    async def variant(
        self,
        resources: ImageResources,
        image_id: str,
        *,
        size: int | None,
        image_type: ImageType | None,
        accept: str | None,
        if_none_match: str | None,
    ) -> Variant:
        facts = await self.facts(resources, image_id)
        if facts is None:
            raise ImageNotFound()
        key, etag, fmt, width = plan_variant(image_id, facts, size, image_type, accept)
        if etag_matches(if_none_match, etag):
            VARIANTS_NOT_MODIFIED.inc()
            return Variant(key, etag, fmt.content_type, None)
        data = resources.variants.get(key)
        if data is not None:
            VARIANTS_SERVED.labels("memory").inc()
        else:
            data = await resources.flights.run(
                key, lambda: self._stored_or_rendered(resources, image_id, facts, key, width, fmt, image_type)
            )
        return Variant(key, etag, fmt.content_type, data)

    async def _stored_or_rendered(
        self,
        resources: ImageResources,
        image_id: str,
        facts: ImageFacts,
        key: str,
        width: int,
        fmt: OutputFormat,
        image_type: ImageType | None,
    ) -> bytes:
        data = await resources.storage.get(key)
        if data is not None:
            VARIANTS_SERVED.labels("storage").inc()
        else:
            source_key = render_source_key(image_id, SourceFormat(facts.format), facts.width, facts.has_alpha)
            source = await resources.storage.get(source_key)
            if source is None:  # deleted meanwhile
                resources.facts.drop(image_id)
                raise ImageNotFound()
            started = time.perf_counter()
            data = await resources.in_thread(
                resources.render_limiter, processing.render_variant, source, width, fmt, quality_for(image_type)
            )
            RENDER_SECONDS.labels(fmt.value).observe(time.perf_counter() - started)
            await resources.storage.put(key, data, fmt.content_type)
            VARIANTS_SERVED.labels("rendered").inc()
        resources.variants.put(key, data)
        return data

    async def delete(
        self, session: AsyncSession, resources: ImageResources, principal: Principal, image_id: str
    ) -> None:
        image = await image_repository.get(session, image_id) if is_image_id(image_id) else None
        if image is None:
            raise ImageNotFound()
        if image.owner_account_id != principal.account_id and not principal.is_platform_admin:
            raise NotImageOwner()
        await image_repository.delete(session, image_id)
        await events.image_deleted(session, image)
        resources.facts.drop(image_id)
        resources.variants.drop_prefix(image_prefix(image_id))

    async def delete_files(self, resources: ImageResources, image_id: str) -> None:
        """After the row is gone (committed): the original and every variant."""
        try:
            await resources.storage.delete_prefix(image_prefix(image_id))
        except Exception:  # noqa: BLE001 - the image is already deleted for everyone; files can be swept later
            logger.exception("could not delete the files of image %s", image_id)
        resources.variants.drop_prefix(image_prefix(image_id))


image_service = ImageService()

"""References to images: a field that names an image holds an id of the images service's form (22 URL-safe
characters, images.images.rules.new_image_id), of an image that exists.

The form is checked by the type (`ImageRef`), so nothing else is ever stored and shown to everyone as a broken
picture. Existence needs the images service: `ImageRefs.require(...)` asks its internal endpoint
`GET /internal/images?ids=` (never routed by the gateway) in one request for the ids a write introduces,
and remembers the ids found (an image id is random and never reused: one seen once may only be deleted later,
which its owner's later saves do not re-check). A value the write leaves unchanged is not asked about, so a
profile saved as it was loaded never fails because its old picture was deleted. When the images service
cannot answer, the write is refused with 503 rather than storing a reference nobody checked."""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Annotated, Any

import httpx
from fastapi import Depends, FastAPI, Request
from pydantic import BeforeValidator, Field

from kit import outgoing
from kit.errors import Invalid, Unavailable

logger = logging.getLogger("kit.images")

IMAGE_ID_PATTERN = r"^[A-Za-z0-9_-]{22}$"
IMAGE_NOT_FOUND = "The image was not found: upload it again"
IMAGES_UNAVAILABLE = "Images cannot be checked right now, please try again later"
MAX_IDS_PER_READ = 20


def _blank_is_none(value: Any) -> Any:
    return None if value == "" else value


ImageRef = Annotated[
    Annotated[str, Field(pattern=IMAGE_ID_PATTERN, min_length=22, max_length=22)] | None,
    BeforeValidator(_blank_is_none),
]
"""An optional image id; "" means none. Existence is checked by the service with ImageRefs.require."""


class ImageRefs:
    """The existence check, with a bounded memory of ids found, on one pooled client per process: a resource of
    the app (`resources={"image_refs": image_refs}`), closed with it."""

    def __init__(self, base_url: str, *, timeout: float = 3.0, remember: int = 10_000):
        self.http = outgoing.client(
            base_url=base_url, timeout=timeout, limits=httpx.Limits(max_connections=10, max_keepalive_connections=5)
        )
        self.remember = remember
        self._known: OrderedDict[str, None] = OrderedDict()

    async def __aenter__(self) -> ImageRefs:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.http.aclose()

    async def existing(self, ids: set[str]) -> set[str]:
        """Which of `ids` exist; Unavailable when the images service cannot say."""
        unknown = sorted(i for i in ids if i not in self._known)[:MAX_IDS_PER_READ]
        if unknown:
            try:
                response = await self.http.get("/internal/images", params={"ids": ",".join(unknown)})
                response.raise_for_status()
                found = {str(i) for i in response.json()["ids"]}
            except (httpx.HTTPError, ValueError, KeyError, TypeError) as exc:
                logger.warning("images could not check %s: %s", unknown, exc)
                raise Unavailable(IMAGES_UNAVAILABLE) from exc
            for image_id in found:
                self._known[image_id] = None
            while len(self._known) > self.remember:
                self._known.popitem(last=False)
        return {i for i in ids if i in self._known}

    async def require(self, changes: dict[str, tuple[str | None, str | None]]) -> None:
        """`changes` maps a field's wire name to (stored value, new value); each new, changed id must exist,
        else 400 naming the first missing field."""
        wanted = {field: new for field, (old, new) in changes.items() if new and new != old}
        if not wanted:
            return
        found = await self.existing(set(wanted.values()))
        for field, image_id in wanted.items():
            if image_id not in found:
                raise Invalid(IMAGE_NOT_FOUND, code="image_not_found", field=field)


def image_refs(app: FastAPI) -> ImageRefs:
    """The resource factory, from the service's `images_url` setting."""
    return ImageRefs(app.state.settings.images_url)


async def get_image_refs(request: Request) -> ImageRefs:  # async: a plain def runs in a worker thread
    refs: ImageRefs = request.app.state.image_refs
    return refs


ImageRefsDep = Annotated[ImageRefs, Depends(get_image_refs)]

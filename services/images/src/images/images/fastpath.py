"""The hot path of public pages: GET /api/images/{id} for a variant this process holds in memory, answered
without FastAPI's routing, validation and dependency resolution (about a seventh of the CPU per request). Anything else
(a miss, an unknown id, an odd query, an error to render) goes on to the app, which owns every rule; this
path only reuses the app's caches and `plan_variant`."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl

from starlette.types import ASGIApp, Receive, Scope, Send

from images.images.metrics import VARIANTS_NOT_MODIFIED, VARIANTS_SERVED
from images.images.rules import ImageType, etag_matches, is_image_id
from images.images.service import CACHE_CONTROL, ImageResources, plan_variant

PREFIX = "/api/images/"
_TYPES = {t.value: t for t in ImageType}


class _Route:
    """What the kit's request metrics read from the scope: the route template."""

    path = "/api/images/{image_id}"


_ROUTE = _Route()


def _query(raw: bytes) -> tuple[int | None, ImageType | None] | None:
    size: int | None = None
    image_type: ImageType | None = None
    for name, value in parse_qsl(raw.decode("latin-1"), keep_blank_values=True):
        if name == "size" and value.isdigit() and 1 <= int(value) <= 100_000 and size is None:
            size = int(value)
        elif name == "type" and value in _TYPES and image_type is None:
            image_type = _TYPES[value]
        else:
            return None  # unknown or invalid: the app validates and answers
    return size, image_type


class CachedVariants:
    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET" and scope["path"].startswith(PREFIX):
            if await self._answer(scope, send):
                return
        await self.app(scope, receive, send)

    async def _answer(self, scope: Scope, send: Send) -> bool:
        image_id = scope["path"][len(PREFIX) :]
        resources: ImageResources | None = getattr(scope["app"].state, "images", None)
        if resources is None or not is_image_id(image_id):
            return False
        facts = resources.facts.get(image_id)
        query = _query(scope.get("query_string", b""))
        if facts is None or query is None:
            return False
        accept = if_none_match = None
        for key, value in scope["headers"]:
            if key == b"accept":
                accept = value.decode("latin-1")
            elif key == b"if-none-match":
                if_none_match = value.decode("latin-1")
        storage_key, etag, fmt, _ = plan_variant(image_id, facts, query[0], query[1], accept)
        headers: list[Any] = [
            (b"cache-control", CACHE_CONTROL.encode()),
            (b"etag", etag.encode()),
            (b"vary", b"Accept"),
        ]
        if etag_matches(if_none_match, etag):
            VARIANTS_NOT_MODIFIED.inc()
            status, body = 304, b""
        else:
            data = resources.variants.get(storage_key)
            if data is None:
                return False
            VARIANTS_SERVED.labels("memory").inc()
            status, body = 200, data
            headers += [(b"content-type", fmt.content_type.encode()), (b"content-length", str(len(data)).encode())]
        scope["route"] = _ROUTE
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        return True

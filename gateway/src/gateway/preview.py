"""Link previews: `/event/{id}` served with the event's title, description and image as Open Graph and Twitter
meta tags, so a link shared in a chat or a social network shows the event (their crawlers run no JavaScript).

The page is the SPA's own index.html with the tags added in its <head>; everything else about the page (its
scripts, hence its Content-Security-Policy) is unchanged. The event is read as a guest from the events
service's public read, so a draft or a deleted event previews as the plain app. Where the gateway has no
build of the SPA (Kubernetes, compose: the web pods serve its files), the page comes from `GATEWAY_WEB_URL`."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

import aiohttp
from starlette.requests import Request
from starlette.responses import Response

from kit.sanitize import strip_html

DESCRIPTION_CHARS = 200
SITE_NAME = "Cypher"
_HEAD_END = re.compile(rb"</head>", re.IGNORECASE)
_TITLE = re.compile(rb"<title>.*?</title>", re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True)
class Preview:
    title: str
    description: str
    image: str | None
    url: str


def preview_of(event: dict[str, Any], page_url: str, origin: str) -> Preview:
    """What a link preview shows of an event (the public read's JSON)."""
    title = (event.get("title") or "").strip() or "Untitled event"
    parts = [event.get("dateFlat"), event.get("locationAddress")]
    about = " ".join(strip_html(event.get("description")).split())
    description = " · ".join(p for p in parts if p)
    if about:
        description = f"{description} — {about}" if description else about
    if len(description) > DESCRIPTION_CHARS:
        description = description[: DESCRIPTION_CHARS - 1].rstrip() + "…"
    image = event.get("image")
    image_url = f"{origin}/api/images/{image}?size=800&type=event" if image else None
    return Preview(title=title, description=description, image=image_url, url=page_url)


def with_meta(page: bytes, preview: Preview) -> bytes:
    """The page with its <title> set and the meta tags before </head> (the page unchanged without a <head>)."""

    def attr(value: str) -> str:
        return html.escape(value, quote=True)

    tags = [
        ("property", "og:type", "website"),
        ("property", "og:site_name", SITE_NAME),
        ("property", "og:title", preview.title),
        ("property", "og:description", preview.description),
        ("property", "og:url", preview.url),
        ("name", "twitter:card", "summary_large_image" if preview.image else "summary"),
        ("name", "twitter:title", preview.title),
        ("name", "twitter:description", preview.description),
        ("name", "description", preview.description),
    ]
    if preview.image:
        tags += [("property", "og:image", preview.image), ("name", "twitter:image", preview.image)]
    block = "".join(f'<meta {kind}="{name}" content="{attr(value)}">' for kind, name, value in tags)
    title = f"<title>{attr(preview.title)} | {SITE_NAME}</title>".encode()
    page = _TITLE.sub(lambda _: title, page, count=1)
    if not _HEAD_END.search(page):
        return page
    return _HEAD_END.sub(lambda _: block.encode() + b"</head>", page, count=1)


class RemotePage:
    """The app's files from the web pods: index.html revalidated on each use (its ETag: a deploy's new page is
    seen at once, and an unchanged one costs the web pod a 304), kept for when they do not answer."""

    FILE_LIMIT = 4 * 1024 * 1024  # the root's files (the service worker, icons, the manifest) are far smaller

    def __init__(self, url: str):
        self.base = url.rstrip("/")
        self.url = self.base + "/index.html"
        self._kept: tuple[str, bytes] | None = None  # the page's ETag and the page

    async def get(self, session: aiohttp.ClientSession) -> bytes | None:
        headers = {"if-none-match": self._kept[0]} if self._kept and self._kept[0] else {}
        try:
            async with session.get(self.url, headers=headers, timeout=aiohttp.ClientTimeout(total=3)) as answer:
                if answer.status == 304 and self._kept is not None:
                    return self._kept[1]
                if answer.status != 200:
                    return self._kept[1] if self._kept else None
                page = await answer.read()
                self._kept = (answer.headers.get("etag", ""), page)
        except (TimeoutError, aiohttp.ClientError):
            return self._kept[1] if self._kept else None
        return page

    async def file(self, session: aiohttp.ClientSession, path: str) -> Response:
        """One of the app's files as the web pods answer it (status, type, caching), or a 502 when they do not."""
        try:
            async with session.get(f"{self.base}/{path}", timeout=aiohttp.ClientTimeout(total=5)) as answer:
                body = await answer.content.read(self.FILE_LIMIT + 1)
                if len(body) > self.FILE_LIMIT:
                    return Response(status_code=502)
                kept = {k: answer.headers[k] for k in ("content-type", "cache-control", "etag") if k in answer.headers}
                return Response(body, status_code=answer.status, headers=kept)
        except (TimeoutError, aiohttp.ClientError):
            return Response(status_code=502)


async def read_event(session: aiohttp.ClientSession, events_url: str, event_id: int) -> dict[str, Any] | None:
    """The event as a guest sees it; None when it is not public or the events service does not answer."""
    try:
        async with session.get(f"{events_url}/api/events/{event_id}", timeout=aiohttp.ClientTimeout(total=2)) as answer:
            if answer.status != 200:
                return None
            found = await answer.json()
    except (TimeoutError, aiohttp.ClientError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def origin_of(request: Request, public_url: str | None) -> str:
    """Absolute URLs for the crawlers: the configured public URL, else what the request was sent to."""
    if public_url:
        return public_url.rstrip("/")
    return f"{request.url.scheme}://{request.headers.get('host', request.url.netloc)}"

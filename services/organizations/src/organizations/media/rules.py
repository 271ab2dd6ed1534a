"""Pure rules of media (no I/O): the video id of a YouTube link."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

INVALID_VIDEO_LINK = "Enter a YouTube link or video id"

_VIDEO_ID = re.compile(r"^[A-Za-z0-9_-]{11}$")
_YOUTUBE_HOSTS = {"youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com"}
_SHORT_HOSTS = {"youtu.be"}
# youtube.com/<kind>/<id>: the embed and shorts forms, and the older /v/ and the /live/ links.
_PATH_KINDS = {"embed", "shorts", "v", "live"}


def video_id(link: str | None) -> str:
    """The 11-character video id of a watch, embed, shorts or youtu.be link, or of a bare id."""
    text = (link or "").strip()
    if _VIDEO_ID.match(text):
        return text
    url = text if "://" in text else f"https://{text}"
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower().removeprefix("www.")
    except ValueError as exc:
        raise ValueError(INVALID_VIDEO_LINK) from exc
    if parts.scheme.lower() not in ("http", "https"):
        raise ValueError(INVALID_VIDEO_LINK)
    segments = [segment for segment in parts.path.split("/") if segment]
    candidate: str | None = None
    if host in _SHORT_HOSTS and segments:
        candidate = segments[0]
    elif host in _YOUTUBE_HOSTS:
        if segments == ["watch"]:
            candidate = next(iter(parse_qs(parts.query).get("v", [])), None)
        elif len(segments) >= 2 and segments[0] in _PATH_KINDS:
            candidate = segments[1]
    if candidate and _VIDEO_ID.match(candidate):
        return candidate
    raise ValueError(INVALID_VIDEO_LINK)

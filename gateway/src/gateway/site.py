"""The site's run-time configuration for the SPA (docs/decisions.md, Site configuration at run time): the map's
tiles and the footer's accounts, set per deployment in the gateway's environment and written into the page it
serves as one `<meta name="cypher-site" content="{json}">` (a meta needs no script hash under the page's
Content-Security-Policy). The tiles' origin joins the policy's img-src; nothing else is loosened."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import nh3

META_NAME = "cypher-site"
# The footer's icons (web/src/app/shell/footer.tsx), one setting each: GATEWAY_SOCIAL_<KIND>.
SOCIAL_KINDS = ("instagram", "facebook", "twitter", "youtube")
_LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1"}
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_TILE_PLACEHOLDERS = {"z", "x", "y", "s", "r"}
_HEAD_END = re.compile(rb"</head>", re.IGNORECASE)
_ATTRIBUTION_CHARS = 500


def _checked_address(url: str, what: str, shown: str | None = None) -> tuple[str, str]:
    """(scheme, host) of an absolute URL that is https, or http on this machine (a local stand-in)."""
    parts = urlsplit(url)
    url = shown or url
    host = (parts.hostname or "").lower()
    if parts.scheme not in ("https", "http") or not host or parts.username or parts.password:
        raise ValueError(f"{what} must be an absolute https URL, got {url!r}")
    if parts.scheme == "http" and host not in _LOCAL_HOSTS:
        raise ValueError(f"{what} must use https (http only for localhost), got {url!r}")
    if any(c in url for c in "\"'<> \\"):
        raise ValueError(f"{what} has characters a URL may not, got {url!r}")
    return parts.scheme, host


def checked_tile_url(url: str | None) -> str | None:
    """A Leaflet tile template: {z}, {x} and {y} in it, {s} at most as the host's first label, {r} optional."""
    url = (url or "").strip()
    if not url:
        return None
    names = _PLACEHOLDER.findall(url)
    unknown = set(names) - _TILE_PLACEHOLDERS
    if unknown or not {"z", "x", "y"} <= set(names) or url.count("{") != len(names) or url.count("}") != len(names):
        raise ValueError(f"GATEWAY_MAP_TILE_URL must be a template with {{z}}, {{x}} and {{y}}, got {url!r}")
    concrete = url.replace("{s}", "a")
    for name in ("z", "x", "y", "r"):
        concrete = concrete.replace("{" + name + "}", "0")
    _checked_address(concrete, "GATEWAY_MAP_TILE_URL", shown=url)
    if "{s}" in url and not urlsplit(url.replace("{s}", "s-")).netloc.startswith("s-."):
        raise ValueError(f"GATEWAY_MAP_TILE_URL may have {{s}} only as its host's first label, got {url!r}")
    return url


def checked_social_url(url: str | None, kind: str) -> str | None:
    url = (url or "").strip()
    if not url:
        return None
    _checked_address(url, f"GATEWAY_SOCIAL_{kind.upper()}")
    return url


def clean_attribution(value: str | None) -> str:
    """The tiles' credit as Leaflet shows it: text and https links only (a licence's or a provider's page)."""
    cleaned = nh3.clean(
        (value or "").strip(),
        tags={"a"},
        attributes={"a": {"href"}},
        url_schemes={"https"},
        link_rel="noopener noreferrer",
    ).strip()
    if len(cleaned) > _ATTRIBUTION_CHARS:
        raise ValueError(f"GATEWAY_MAP_TILE_ATTRIBUTION is longer than {_ATTRIBUTION_CHARS} characters")
    return cleaned


def tile_source(url: str) -> str:
    """The tiles' origin for the policy's img-src (every subdomain when the template picks one with {s})."""
    parts = urlsplit(url.replace("{s}", "s-"))
    netloc = parts.netloc
    if "{s}" in url:
        netloc = "*." + netloc.removeprefix("s-.")
    return f"{parts.scheme}://{netloc}"


@dataclass(frozen=True)
class Site:
    tile_url: str | None = None
    attribution: str = ""
    socials: dict[str, str] = field(default_factory=dict)

    @property
    def configured(self) -> bool:
        return bool(self.tile_url or self.socials)

    def img_sources(self) -> tuple[str, ...]:
        return (tile_source(self.tile_url),) if self.tile_url else ()

    def as_json(self) -> dict[str, object]:
        tiles = {"url": self.tile_url, "attribution": self.attribution} if self.tile_url else None
        return {"mapTiles": tiles, "socials": self.socials}

    def meta(self) -> bytes:
        """The tag for the page's <head> (empty when nothing is configured: the app keeps its defaults)."""
        if not self.configured:
            return b""
        content = html.escape(json.dumps(self.as_json(), separators=(",", ":")), quote=True)
        return f'<meta name="{META_NAME}" content="{content}">'.encode()

    def into(self, page: bytes) -> bytes:
        """The page with the tag before </head> (unchanged without one, or without a configuration)."""
        tag = self.meta()
        if not tag:
            return page
        return _HEAD_END.sub(lambda _: tag + b"</head>", page, count=1)

"""The built SPA: files as they are (hashed assets cached for good), every other path gets index.html.
A precompressed `<file>.gz` next to a file (the web build writes them) is sent instead when the browser
accepts gzip.

The page carries a Content-Security-Policy that allows what the app loads and nothing else: its own scripts
(the build inlines two small ones into index.html, allowed by their hashes, computed here from the file so a
new build needs no edit), styles inline as well as its own (emotion, which MUI styles with, writes <style>
tags at run time, and the build inlines the first stylesheet), images from the API, data: and blob: URLs
(an upload's preview) and YouTube's thumbnails, YouTube's privacy-enhanced player in frames, and calls to the
API only. It may not be framed by anyone. A deployment's map tiles (gateway/site.py) add their origin to img-src,
and its site configuration goes into every page served here as one meta tag."""

from __future__ import annotations

import base64
import gzip
import hashlib
import mimetypes
import re
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response

from gateway.site import Site

_MISSING = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cypher</title></head>
<body><main><h1>Cypher</h1><p>The web app is not built yet: run <code>make dev</code>.</p></main>
</body></html>"""

_INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.DOTALL | re.IGNORECASE)
REFERRER_POLICY = "strict-origin-when-cross-origin"


def content_security_policy(page: bytes, img_sources: tuple[str, ...] = ()) -> str:
    hashes = "".join(
        f" 'sha256-{base64.b64encode(hashlib.sha256(script).digest()).decode()}'"
        for script in _INLINE_SCRIPT.findall(page)
        if script.strip()
    )
    return "; ".join(
        (
            "default-src 'self'",
            # WebAssembly only (the check-in page's QR reader, self-hosted ZXing); never JavaScript's eval
            f"script-src 'self' 'wasm-unsafe-eval'{hashes}",
            "style-src 'self' 'unsafe-inline'",
            " ".join(("img-src 'self' data: blob: https://i.ytimg.com", *img_sources)),
            "font-src 'self' data:",
            "connect-src 'self'",
            "frame-src https://www.youtube-nocookie.com",
            "worker-src 'self'",
            "manifest-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )


def _send(request: Request, path: Path, cache: str, extra: dict[str, str] | None = None) -> FileResponse:
    headers = {"cache-control": cache, "vary": "accept-encoding", "referrer-policy": REFERRER_POLICY} | (extra or {})
    compressed = path.with_name(path.name + ".gz")
    if "gzip" in request.headers.get("accept-encoding", "") and compressed.is_file():
        media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return FileResponse(compressed, media_type=media_type, headers=headers | {"content-encoding": "gzip"})
    return FileResponse(path, headers=headers)


class SpaFiles:
    def __init__(self, directory: Path, site: Site | None = None):
        self.directory = directory.resolve()
        self.site = site or Site()
        # a page's mtime, its policy and, with a site configuration, the page with its meta (plain and gzipped)
        self._pages: dict[Path, tuple[float, str, bytes | None, bytes | None]] = {}

    def policy(self, page: bytes) -> str:
        return content_security_policy(page, self.site.img_sources())

    def _page(self, page: Path) -> tuple[float, str, bytes | None, bytes | None]:
        """The policy for this build of the page (and the page as sent), worked out again when the file changes."""
        modified = page.stat().st_mtime
        known = self._pages.get(page)
        if known is None or known[0] != modified:
            built = page.read_bytes()
            sent = self.site.into(built) if self.site.configured else None
            compressed = gzip.compress(sent, 9) if sent is not None else None
            known = self._pages[page] = (modified, self.policy(built), sent, compressed)
        return known

    def has_build(self) -> bool:
        return (self.directory / "index.html").is_file()

    def index(self) -> bytes | None:
        """The app's page, as built (None when there is no build here)."""
        index = self.directory / "index.html"
        return index.read_bytes() if index.is_file() else None

    def page_response(self, page: bytes) -> Response:
        """A page made from the app's own (a link preview): the same headers and site meta as index.html."""
        headers = {
            "cache-control": "no-cache",
            "referrer-policy": REFERRER_POLICY,
            "content-security-policy": self.policy(page),
        }
        return HTMLResponse(self.site.into(page), headers=headers)

    def _send_page(self, request: Request, path: Path) -> Response:
        _, policy, sent, compressed = self._page(path)
        extra = {"content-security-policy": policy}
        if sent is None or compressed is None:
            return _send(request, path, "no-cache", extra)
        headers = {"cache-control": "no-cache", "vary": "accept-encoding", "referrer-policy": REFERRER_POLICY} | extra
        if "gzip" in request.headers.get("accept-encoding", ""):
            return HTMLResponse(compressed, headers=headers | {"content-encoding": "gzip"})
        return HTMLResponse(sent, headers=headers)

    async def serve(self, request: Request) -> Response:
        index = self.directory / "index.html"
        relative = request.path_params.get("path", "").lstrip("/")
        if relative:
            candidate = (self.directory / relative).resolve()
            if candidate.is_file() and candidate.is_relative_to(self.directory):
                if candidate.suffix == ".html":
                    return self._send_page(request, candidate)
                immutable = relative.startswith("assets/")
                cache = "public, max-age=31536000, immutable" if immutable else "no-cache"
                return _send(request, candidate, cache)
        if not index.is_file():
            return HTMLResponse(
                _MISSING,
                headers={"content-security-policy": self.policy(b""), "referrer-policy": REFERRER_POLICY},
            )
        return self._send_page(request, index)

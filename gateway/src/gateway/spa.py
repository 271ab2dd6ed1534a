"""The built SPA: files as they are (hashed assets cached for good), every other path gets index.html.
A precompressed `<file>.gz` next to a file (the web build writes them) is sent instead when the browser
accepts gzip.

The page carries a Content-Security-Policy that allows what the app loads and nothing else: its own scripts
(the build inlines two small ones into index.html, allowed by their hashes, computed here from the file so a
new build needs no edit), styles inline as well as its own (emotion, which MUI styles with, writes <style>
tags at run time, and the build inlines the first stylesheet), images from the API, data: and blob: URLs
(an upload's preview) and YouTube's thumbnails, YouTube's privacy-enhanced player in frames, and calls to the
API only. It may not be framed by anyone."""

from __future__ import annotations

import base64
import hashlib
import mimetypes
import re
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response

_MISSING = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cypher</title></head>
<body><main><h1>Cypher</h1><p>The web app is not built yet: run <code>make dev</code>.</p></main>
</body></html>"""

_INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.DOTALL | re.IGNORECASE)
REFERRER_POLICY = "strict-origin-when-cross-origin"


def content_security_policy(page: bytes) -> str:
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
            "img-src 'self' data: blob: https://i.ytimg.com",
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
    def __init__(self, directory: Path):
        self.directory = directory.resolve()
        self._policies: dict[Path, tuple[float, str]] = {}  # a page's mtime and its policy

    def _page_policy(self, page: Path) -> str:
        """The policy for this build of the page, worked out again when the file changes (a rebuild)."""
        modified = page.stat().st_mtime
        known = self._policies.get(page)
        if known is None or known[0] != modified:
            known = self._policies[page] = (modified, content_security_policy(page.read_bytes()))
        return known[1]

    def index(self) -> bytes | None:
        """The app's page, as built (None when there is no build here)."""
        index = self.directory / "index.html"
        return index.read_bytes() if index.is_file() else None

    def page_response(self, page: bytes) -> Response:
        """A page made from the app's own (a link preview): the same headers as index.html."""
        headers = {
            "cache-control": "no-cache",
            "referrer-policy": REFERRER_POLICY,
            "content-security-policy": content_security_policy(page),
        }
        return HTMLResponse(page, headers=headers)

    async def serve(self, request: Request) -> Response:
        index = self.directory / "index.html"
        relative = request.path_params.get("path", "").lstrip("/")
        if relative:
            candidate = (self.directory / relative).resolve()
            if candidate.is_file() and candidate.is_relative_to(self.directory):
                immutable = relative.startswith("assets/")
                cache = "public, max-age=31536000, immutable" if immutable else "no-cache"
                extra = (
                    {"content-security-policy": self._page_policy(candidate)} if candidate.suffix == ".html" else None
                )
                return _send(request, candidate, cache, extra)
        if not index.is_file():
            return HTMLResponse(
                _MISSING,
                headers={"content-security-policy": content_security_policy(b""), "referrer-policy": REFERRER_POLICY},
            )
        return _send(request, index, "no-cache", {"content-security-policy": self._page_policy(index)})

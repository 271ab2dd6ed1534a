"""The built SPA: files as they are (hashed assets cached for good), every other path gets index.html.
A precompressed `<file>.gz` next to a file (the web build writes them) is sent instead when the browser
accepts gzip."""

from __future__ import annotations

import mimetypes
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response

_MISSING = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cypher</title></head>
<body><main><h1>Cypher</h1><p>The web app is not built yet: run <code>make dev</code>.</p></main>
</body></html>"""


def _send(request: Request, path: Path, cache: str) -> FileResponse:
    headers = {"cache-control": cache, "vary": "accept-encoding"}
    compressed = path.with_name(path.name + ".gz")
    if "gzip" in request.headers.get("accept-encoding", "") and compressed.is_file():
        media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return FileResponse(compressed, media_type=media_type, headers=headers | {"content-encoding": "gzip"})
    return FileResponse(path, headers=headers)


class SpaFiles:
    def __init__(self, directory: Path):
        self.directory = directory.resolve()

    async def serve(self, request: Request) -> Response:
        index = self.directory / "index.html"
        relative = request.path_params.get("path", "").lstrip("/")
        if relative:
            candidate = (self.directory / relative).resolve()
            if candidate.is_file() and candidate.is_relative_to(self.directory):
                immutable = relative.startswith("assets/")
                cache = "public, max-age=31536000, immutable" if immutable else "no-cache"
                return _send(request, candidate, cache)
        if not index.is_file():
            return HTMLResponse(_MISSING)
        return _send(request, index, "no-cache")

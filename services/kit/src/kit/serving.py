"""uvicorn's httptools protocol with the response head and its body in one write: `uvicorn --http
kit.serving:HttpProtocol` (every service and the gateway run so: make dev, the images, the bench).

uvicorn writes a response's head as soon as the app sends `http.response.start` and the body with the next
message: two writes, two TCP segments, two wake-ups of whoever reads (the gateway's client for a service, the
browser or wrk for the gateway). Here a final head (not a 1xx) is held until the next write or the end of the
loop's current turn, whichever comes first: the same bytes in the same order, one write for a buffered answer,
at most one turn later for a streamed one (docs/decisions.md, "The read path")."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

_HEAD = b"HTTP/1.1 "
_INTERIM = b"HTTP/1.1 1"


class CoalescingTransport:
    """The connection's transport, writing a held response head together with what follows it."""

    __slots__ = ("_held", "_loop", "_transport")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._held: bytes | None = None

    def write(self, data: bytes) -> None:
        if self._held is not None:
            data, self._held = self._held + data, None
        elif data.startswith(_HEAD) and not data.startswith(_INTERIM):
            self._held = data
            self._loop.call_soon(self.flush)
            return
        self._transport.write(data)

    def flush(self) -> None:
        if self._held is not None:
            data, self._held = self._held, None
            if not self._transport.is_closing():
                self._transport.write(data)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:  # everything else is the transport's own
        return getattr(self._transport, name)


class HttpProtocol(HttpToolsProtocol):
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(CoalescingTransport(transport, self.loop))  # type: ignore[arg-type]

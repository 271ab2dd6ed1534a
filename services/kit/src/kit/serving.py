"""uvicorn's httptools protocol with the response head and its body in one write: `uvicorn --http
kit.serving:HttpProtocol` (every service and the gateway run so: make dev, the images, the bench).

uvicorn writes a response's head as soon as the app sends `http.response.start` and the body with the next
message: two writes, two TCP segments, two wake-ups of whoever reads (the gateway's client for a service, the
browser or wrk for the gateway). Here a final head (not a 1xx) is held until the next write or the end of the
loop's current turn, whichever comes first: the same bytes in the same order, one write for a buffered answer,
at most one turn later for a streamed one (docs/decisions.md, "The read path").

It also tells the app when the server starts to shut down (SIGTERM): uvicorn stops accepting, then calls each
open connection's `shutdown()` and waits for them to close. The first such call sets `DRAINING`: /readyz answers
503 at once and the gateway ends its live streams (docs/decisions.md, "Readiness and shutting down")."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

_HEAD = b"HTTP/1.1 "
_INTERIM = b"HTTP/1.1 1"


class Draining:
    """The process is shutting down: what readiness reads, and what long-lived answers (the live feed) end on."""

    def __init__(self) -> None:
        self.active = False
        self._callbacks: list[Callable[[], None]] = []

    def on_start(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call back once when draining starts; answers a function that takes the callback back (lifespan end)."""
        self._callbacks.append(callback)
        return lambda: self._callbacks.remove(callback) if callback in self._callbacks else None

    def start(self) -> None:
        if self.active:
            return
        self.active = True
        for callback in list(self._callbacks):
            callback()

    def reset(self) -> None:
        """Tests only: one process serves many apps in turn."""
        self.active = False


DRAINING = Draining()


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

    def shutdown(self) -> None:
        DRAINING.start()
        super().shutdown()

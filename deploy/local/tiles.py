"""A stand-in tile server for the map (GATEWAY_MAP_TILE_URL): one 256×256 PNG, a pale ground with a grid line on
two edges, for every `/{z}/{x}/{y}.png` asked on 127.0.0.1. The Playwright stage (e2e.py) points the gateway at it
so that a spec sees the map draw configured tiles with their attribution, without any tile service outside.

    python deploy/local/tiles.py [--port 8090]     (then GATEWAY_MAP_TILE_URL=http://127.0.0.1:8090/{z}/{x}/{y}.png)"""

from __future__ import annotations

import argparse
import re
import struct
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SIZE = 256
ATTRIBUTION = "Stand-in tiles (deploy/local/tiles.py)"
_TILE_PATH = re.compile(r"^/\d{1,2}/-?\d{1,7}/-?\d{1,7}\.png$")


def tile_png() -> bytes:
    """The tile, written by hand (zlib and struct, no imaging library): RGB, a grid line along the top and left."""
    ground, line = bytes((236, 232, 222)), bytes((196, 190, 178))
    rows = [b"\x00" + line * SIZE] + [b"\x00" + line + ground * (SIZE - 1)] * (SIZE - 1)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"".join(rows), 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


class TileServer:
    """Serves the tile on 127.0.0.1 (port 0: a free one) and counts the tiles it sent."""

    def __init__(self, port: int = 0) -> None:
        self.served = 0
        png = tile_png()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                if not _TILE_PATH.match(self.path.split("?", 1)[0]):
                    self.send_error(404)
                    return
                server.served += 1
                self.send_response(200)
                self.send_header("content-type", "image/png")
                self.send_header("content-length", str(len(png)))
                self.send_header("cache-control", "public, max-age=3600")
                self.end_headers()
                self.wfile.write(png)

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
                return

        self._server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.origin = f"http://127.0.0.1:{self._server.server_address[1]}"
        self.url = self.origin + "/{z}/{x}/{y}.png"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> TileServer:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._server.shutdown()
        self._server.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8090)
    args = parser.parse_args()
    with TileServer(args.port) as tiles:
        print(f"tiles at {tiles.url}", flush=True)
        threading.Event().wait()


if __name__ == "__main__":
    main()

"""kit.serving: a response head goes out with its body in one write, nothing is lost, reordered or held longer
than one turn of the loop; served for real, every kind of answer arrives whole (buffered, streamed, HEAD, empty)."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from kit.serving import CoalescingTransport
from kit.testing import serve_app

HEAD = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n"


class Recorder:
    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str) -> str:
        return f"info:{name}"


async def test_a_head_and_its_body_are_one_write() -> None:
    real = Recorder()
    transport = CoalescingTransport(real, asyncio.get_running_loop())  # type: ignore[arg-type]
    transport.write(HEAD)
    assert real.writes == []
    transport.write(b"ok")
    assert real.writes == [HEAD + b"ok"]
    await asyncio.sleep(0)
    assert real.writes == [HEAD + b"ok"]  # the turn's flush finds nothing left


async def test_a_head_without_a_body_in_the_same_turn_goes_out_at_the_end_of_it() -> None:
    real = Recorder()
    transport = CoalescingTransport(real, asyncio.get_running_loop())  # type: ignore[arg-type]
    transport.write(HEAD)
    await asyncio.sleep(0)
    assert real.writes == [HEAD]
    transport.write(b"ok")
    assert real.writes == [HEAD, b"ok"]


async def test_an_interim_answer_is_written_at_once() -> None:
    real = Recorder()
    transport = CoalescingTransport(real, asyncio.get_running_loop())  # type: ignore[arg-type]
    transport.write(b"HTTP/1.1 100 Continue\r\n\r\n")
    assert real.writes == [b"HTTP/1.1 100 Continue\r\n\r\n"]


async def test_closing_sends_what_is_held_first_and_the_rest_is_the_transports() -> None:
    real = Recorder()
    transport = CoalescingTransport(real, asyncio.get_running_loop())  # type: ignore[arg-type]
    transport.write(HEAD)
    transport.close()
    assert real.writes == [HEAD] and real.closed
    assert transport.get_extra_info("peername") == "info:peername"
    await asyncio.sleep(0)
    assert real.writes == [HEAD]  # nothing twice, nothing after close


def _app() -> Starlette:
    async def buffered(_: Request) -> Response:
        return Response(b"x" * 100_000, media_type="application/octet-stream")

    async def streamed(_: Request) -> StreamingResponse:
        async def parts() -> AsyncIterator[bytes]:
            for n in range(3):
                await asyncio.sleep(0.01)
                yield f"part {n};".encode()

        return StreamingResponse(parts(), media_type="text/plain")

    async def empty(_: Request) -> Response:
        return Response(status_code=204)

    return Starlette(
        routes=[
            Route("/buffered", buffered, methods=["GET", "HEAD"]),
            Route("/streamed", streamed),
            Route("/empty", empty),
        ]
    )


@pytest.fixture
async def served() -> AsyncIterator[str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    async with serve_app(_app(), port):
        yield f"http://127.0.0.1:{port}"


async def test_every_kind_of_answer_arrives_whole_on_one_kept_alive_connection(served: str) -> None:
    async with httpx.AsyncClient(base_url=served, limits=httpx.Limits(max_connections=1)) as client:
        for _ in range(3):
            assert (await client.get("/buffered")).content == b"x" * 100_000
            assert (await client.get("/streamed")).text == "part 0;part 1;part 2;"
            head = await client.head("/buffered")
            assert head.status_code == 200 and head.content == b"" and head.headers["content-length"] == "100000"
            assert (await client.get("/empty")).status_code == 204
            with_expect = await client.get("/buffered", headers={"expect": "100-continue"})
            assert with_expect.status_code == 200 and len(with_expect.content) == 100_000

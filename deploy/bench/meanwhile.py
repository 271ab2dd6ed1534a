"""The battle page read meanwhile, from a process of its own: the battles bench's readers (a guest, two dancers,
the organizer) are other people's phones, so their GETs must not wait on the bench's own event loop, busy sending
a rush of 200 registrations and reading their answers (it stalled for about 150 ms then, which a GET measured from
it counted as the service's).

Run by `battles.py`: argv[1] is a JSON object {"base", "path", "readers": {name: headers}}; prints "ready" once
every reader has read once (connections open, as on a page already loaded), reads until its stdin closes, then
prints {name: [milliseconds, ...]} as JSON."""

from __future__ import annotations

import asyncio
import json
import sys
import time

import aiohttp


async def main(spec: dict) -> None:
    stop = asyncio.Event()
    latencies: dict[str, list[float]] = {name: [] for name in spec["readers"]}
    async with aiohttp.ClientSession(base_url=spec["base"]) as session:

        async def read(headers: dict[str, str]) -> float:
            start = time.perf_counter()
            async with session.get(spec["path"], headers=headers) as response:
                await response.read()
                assert response.status == 200, response.status
            return (time.perf_counter() - start) * 1000

        async def reader(name: str, headers: dict[str, str]) -> None:
            while not stop.is_set():
                latencies[name].append(await read(headers))

        for headers in spec["readers"].values():
            await read(headers)
        # the bench closes our stdin when its rush is answered: readable at the end of the file
        asyncio.get_running_loop().add_reader(sys.stdin.fileno(), stop.set)
        print("ready", flush=True)
        await asyncio.gather(*(reader(name, headers) for name, headers in spec["readers"].items()))
    print(json.dumps(latencies), flush=True)


if __name__ == "__main__":
    asyncio.run(main(json.loads(sys.argv[1])))

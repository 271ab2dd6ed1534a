"""The coalesced version checks of kit.shared_reads: a burst shares checks, and no request is answered by a check that
began before it arrived (it could miss a write committed just before the request). The reads against PostgreSQL
are the battles service's tests (services/battles/tests/reads)."""

from __future__ import annotations

import asyncio

from kit.principal import Principal
from kit.shared_reads import _Checks, viewer_class


async def test_a_check_begun_before_a_request_is_not_its_answer() -> None:
    checks = _Checks()
    gate = asyncio.Event()
    started: list[int] = []

    async def read() -> int:
        started.append(len(started) + 1)
        if len(started) == 1:
            await gate.wait()  # the first check is on its way when the burst arrives
        return len(started)

    first = asyncio.create_task(checks.version("battle:7", read))
    await asyncio.sleep(0)
    burst = [asyncio.create_task(checks.version("battle:7", read)) for _ in range(100)]
    await asyncio.sleep(0)
    gate.set()
    assert await first == 1
    assert {await t for t in burst} == {2}  # one check for the whole burst, begun after it arrived
    assert started == [1, 2]


async def test_a_failed_check_fails_its_waiters_and_the_next_check_runs() -> None:
    checks = _Checks()
    calls = 0

    async def read() -> int:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise ConnectionError("database out of reach")
        return 5

    outcomes = await asyncio.gather(*(checks.version("k", read) for _ in range(10)), return_exceptions=True)
    assert all(isinstance(o, ConnectionError) for o in outcomes)
    assert await checks.version("k", read) == 5


def test_the_viewer_class() -> None:
    assert viewer_class(Principal()) == "g"
    assert viewer_class(Principal(account_id=1, profile_id=5, profile_ids=(5,))) == "p5"
    assert viewer_class(Principal(account_id=1, profile_id=5, profile_ids=(5,), is_platform_admin=True)) == "p5a"

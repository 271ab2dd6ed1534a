"""The coalesced runs of kit.shared_reads (version checks, builds): a burst shares runs, and no request is answered by
a run that began before it was allowed to (it could miss a write committed just before the request). The reads
against PostgreSQL are the battles service's tests (services/battles/tests/reads)."""

from __future__ import annotations

import asyncio

import orjson

from kit.principal import Principal
from kit.shared_reads import SharedReads, _Coalesced, _covers, _order, viewer_class


async def test_a_check_begun_before_a_request_is_not_its_answer() -> None:
    checks = _Coalesced()
    gate = asyncio.Event()
    started: list[int] = []

    async def read() -> int:
        started.append(len(started) + 1)
        if len(started) == 1:
            await gate.wait()  # the first check is on its way when the burst arrives
        return len(started)

    first = asyncio.create_task(checks.join("battle:7", read))
    await asyncio.sleep(0)
    burst = [asyncio.create_task(checks.join("battle:7", read)) for _ in range(100)]
    await asyncio.sleep(0)
    gate.set()
    assert await first == 1
    assert {await t for t in burst} == {2}  # one check for the whole burst, begun after it arrived
    assert started == [1, 2]


async def test_a_failed_check_fails_its_waiters_and_the_next_check_runs() -> None:
    checks = _Coalesced()
    calls = 0

    async def read() -> int:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise ConnectionError("database out of reach")
        return 5

    outcomes = await asyncio.gather(*(checks.join("k", read) for _ in range(10)), return_exceptions=True)
    assert all(isinstance(o, ConnectionError) for o in outcomes)
    assert await checks.join("k", read) == 5


def test_the_viewer_class() -> None:
    assert viewer_class(Principal()) == "g"
    assert viewer_class(Principal(account_id=1, profile_id=5, profile_ids=(5,))) == "p5"
    assert viewer_class(Principal(account_id=1, profile_id=5, profile_ids=(5,), is_platform_admin=True)) == "p5a"


async def test_a_build_new_enough_is_shared_by_a_rush() -> None:
    """Each write of a rush reads its own version, then its answer joins the build running when that build is known
    to include that version (begun after a check that read it had finished), else the next one: at most two builds
    wait at once, however many writes."""
    builds = _Coalesced()
    gate = asyncio.Event()
    began: list[float] = []
    running = asyncio.Event()
    seen = (10, 1)  # what the version checks finished so far had read

    async def build() -> int:
        began.append(asyncio.get_running_loop().time())
        running.set()
        await gate.wait()
        return len(began)

    first = asyncio.create_task(builds.join("/api/battles/7", build, (10, 1), lambda: seen))
    await running.wait()
    seen = (12, 1)  # a check after the first build began read a newer version: that build may not include it
    rush = [asyncio.create_task(builds.join("/api/battles/7", build, (12, 1), lambda: seen)) for _ in range(50)]
    # a request whose version was read before the first build began joins it, however late it goes on
    early = asyncio.create_task(builds.join("/api/battles/7", build, (10, 1), lambda: seen))
    # a newer epoch of the projections is a newer version too
    epoch = asyncio.create_task(builds.join("/api/battles/7", build, (10, 2), lambda: seen))
    await asyncio.sleep(0)
    gate.set()
    assert await first == 1 and await early == 1
    assert {await t for t in rush} == {2} and await epoch == 2
    assert len(began) == 2


def test_a_build_covers_a_version_when_it_knew_both_sequences_as_far() -> None:
    assert _covers((12, 3), (12, 3)) and _covers((13, 4), (12, 3))
    assert not _covers((13, 2), (12, 3)) and not _covers((11, 9), (12, 3))
    assert not _covers(None, (1, 0))
    assert _order("812.4") == (812, 4)


def test_the_callers_fields_take_the_place_of_the_guests() -> None:
    reads = SharedReads(rows=None)  # type: ignore[arg-type]  # no statement is run here
    shared = orjson.dumps({"id": 7, "isRegistered": False, "participants": [{"id": 1}], "myCrewId": None})
    mine = {"isRegistered": True, "myCrewId": 3}
    assert orjson.loads(reads._with(shared, mine)) == orjson.loads(shared) | mine
    assert orjson.loads(reads._with(shared, mine)) == orjson.loads(shared) | mine  # the kept head
    assert orjson.loads(reads._with(shared, {})) == orjson.loads(shared)
    assert orjson.loads(reads._with(b'{"isRegistered":false}', mine)) == mine
    other = orjson.dumps({"id": 8, "isRegistered": False, "myCrewId": None})
    assert orjson.loads(reads._with(other, mine))["id"] == 8  # another body: not the first one's head

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from identity.auth.rules import is_retry_of_lost_answer

ROTATED = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
GRACE = timedelta(seconds=30)


def retry(*, after: float, successor_used: bool = False, grace: timedelta = GRACE) -> bool:
    return is_retry_of_lost_answer(
        rotated_at=ROTATED, now=ROTATED + timedelta(seconds=after), successor_used=successor_used, grace=grace
    )


def test_within_the_grace_with_an_unused_successor_is_a_retry() -> None:
    assert retry(after=0)
    assert retry(after=30)


def test_after_the_grace_is_a_replay() -> None:
    assert not retry(after=30.001)


def test_a_used_successor_makes_it_a_replay_however_soon() -> None:
    assert not retry(after=1, successor_used=True)


def test_no_grace_means_no_retry() -> None:
    assert not retry(after=0, grace=timedelta(0))

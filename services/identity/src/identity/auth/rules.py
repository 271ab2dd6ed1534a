"""Refresh-token rotation: when a rotated token shown again is a retry and when it is a replay."""

from __future__ import annotations

from datetime import datetime, timedelta


def is_retry_of_lost_answer(*, rotated_at: datetime, now: datetime, successor_used: bool, grace: timedelta) -> bool:
    """A rotated token shown again within `grace` of its rotation, while no token it was rotated into has been
    used yet, is the same holder trying again: the answer carrying the new cookie was lost (a reload while the
    refresh was in flight, a connection dropping on a venue's Wi-Fi, two tabs starting together). Anything else
    is what a stolen token looks like: a successor in use means someone else holds the chain."""
    return grace > timedelta(0) and not successor_used and now - rotated_at <= grace

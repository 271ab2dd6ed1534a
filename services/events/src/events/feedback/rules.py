"""Pure rules of likes and feedback (no I/O): who may like, leave and review feedback, the stars and the mean.
See docs/decisions.md, *Check-in, likes and feedback*."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import ROUND_HALF_UP, Decimal

# The five categories, as the table names them (musicSound on the wire).
CATEGORIES = ("timeliness", "communication", "venue", "vibe", "music_sound")
RATE_ALL = "Please rate all categories before submitting your feedback"
STARS = "Each category is rated from 1 to 5 stars, in halves"
NO_PERMISSION_VIEW = "Sorry, you don't have permission to view feedback for this event."
NO_PERMISSION_LEAVE = "Only those who checked in can leave feedback, once the event has finished"
NO_PERMISSION_LIKE = "Only a published event can be liked"
DETAILS_MAX_LENGTH = 5000


def can_like(*, signed_in: bool, published: bool) -> bool:
    """Anyone signed in likes a published event, whenever (before it, to say they are interested; after it)."""
    return signed_in and published


def can_leave_feedback(*, signed_in: bool, period: str, checked_in: bool, editor: bool) -> bool:
    """Those who were there (checked in) once it has finished; never its editors, who review it instead."""
    return signed_in and period == "past" and checked_in and not editor


def ratings(given: Mapping[str, float | None]) -> dict[str, float]:
    """Every category rated (0 or missing is unrated: the spec's message), each 1 to 5 in halves."""
    values = {name: given.get(name) for name in CATEGORIES}
    if any(value is None or value == 0 for value in values.values()):
        raise ValueError(RATE_ALL)
    checked: dict[str, float] = {}
    for name, value in values.items():
        assert value is not None
        if not 1 <= value <= 5 or value * 2 != int(value * 2):
            raise ValueError(STARS)
        checked[name] = float(value)
    return checked


def two_decimals(value: float | Decimal) -> float:
    return float(Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def average(values: Iterable[float]) -> float:
    """The mean of the five categories to 2 decimals (a value the client sends is ignored)."""
    stars = [Decimal(str(v)) for v in values]
    return two_decimals(sum(stars, Decimal(0)) / len(stars))


def details(text: str | None) -> str:
    return (text or "").strip()

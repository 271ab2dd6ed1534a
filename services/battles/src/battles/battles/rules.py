"""Pure rules of the battle's setup (docs/product/battles-and-registration.md): categories, bracket levels,
prizes, the participation cap, periods and dates that count."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from contracts.events import period as period  # the events service's rule, shared by its consumers

UNLIMITED = 10000
CREW_SIZES = (*range(1, 11), UNLIMITED)
BRACKET_SIZES = (32, 16, 8, 4, 2)
ROUNDS_MIN, ROUNDS_MAX = 1, 101
STYLES = ("bracket", "classic")
CAP_TYPES = ("none", "registration", "checkIn")
PLACES = ("1st Place", "2nd Place", "Top 4", "Top 8", "Top 16", "Top 32")

DEFAULT_TITLE = "Battle"
CREW_SIZE_INVALID = "Crew size is 1 to 10, or 10000 for unlimited"
BRACKET_SIZE_INVALID = "Bracket size is 32, 16, 8, 4 or 2"
LEVELS_INVALID = "Bracket levels must be {names}"
ROUNDS_INVALID = "Rounds are 1 to 101"
PRIZE_TITLE_INVALID = "A prize is for one of the places: 1st Place, 2nd Place, Top 4, Top 8, Top 16, Top 32"
PRIZE_TWICE = "Each place has one prize"
PRIZE_AMOUNT_INVALID = "A prize amount is not negative"

# Dates on or before the year 2000 count as unsigned or not checked in (docs/product/battles-and-registration.md).
_COUNTS_AFTER = datetime(2001, 1, 1, tzinfo=UTC)


REGISTERED_JUDGE = "A dancer registered for this battle cannot judge it."

HIDDEN_NAME = "Hidden"  # a hidden battle's competitor, for those who may not see them (docs/decisions.md)


def category(crew_size: int) -> str:
    """'1 vs 1' .. '10 vs 10', or 'Unlimited'."""
    return "Unlimited" if crew_size == UNLIMITED else f"{crew_size} vs {crew_size}"


def crew_size(value: int) -> int:
    if value not in CREW_SIZES:
        raise ValueError(CREW_SIZE_INVALID)
    return value


def level_names(size: int) -> list[str]:
    """'Top N' from the size down to 8, then 'Semi-final' and 'Final'; 4 has the last two, 2 only 'Final'."""
    if size not in BRACKET_SIZES:
        raise ValueError(BRACKET_SIZE_INVALID)
    return levels_of(size)


def levels_of(size: int) -> list[str]:
    """`level_names` for any power of two from 2, the battle's sizes or larger (the bracket's rules are
    property-tested up to 256)."""
    tops = []
    n = size
    while n >= 8:
        tops.append(f"Top {n}")
        n //= 2
    if size == 2:
        return ["Final"]
    return [*tops, "Semi-final", "Final"]


def bracket_levels(size: int, given: Sequence[tuple[str, int]] | None) -> list[dict[str, Any]]:
    """The size's levels, each 1 round; given levels must have exactly those names in order, with 1-101 rounds."""
    names = level_names(size)
    if given is None:
        return [{"name": name, "rounds": 1} for name in names]
    if [name.strip() for name, _ in given] != names:
        raise ValueError(LEVELS_INVALID.format(names=", ".join(names)))
    for _, rounds in given:
        if not ROUNDS_MIN <= rounds <= ROUNDS_MAX:
            raise ValueError(ROUNDS_INVALID)
    return [{"name": name, "rounds": rounds} for name, (_, rounds) in zip(names, given, strict=True)]


def prize_amount(amount: float) -> float:
    """Non-negative; a value strictly between 0 and 1 becomes 1 (the tiers' rule)."""
    if amount < 0:
        raise ValueError(PRIZE_AMOUNT_INVALID)
    if 0 < amount < 1:
        return 1
    return amount


def prizes(given: Iterable[tuple[str, float]]) -> list[dict[str, Any]]:
    """Known places only, each once, in the places' order; ids are the place's position (1 = 1st Place)."""
    found: dict[str, float] = {}
    for title, amount in given:
        title = " ".join(title.split())
        if title not in PLACES:
            raise ValueError(PRIZE_TITLE_INVALID)
        if title in found:
            raise ValueError(PRIZE_TWICE)
        found[title] = prize_amount(amount)
    return [
        {"id": PLACES.index(title) + 1, "title": title, "amount": _number(found[title])}
        for title in PLACES
        if title in found
    ]


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def cap(cap_type: str, limit: int, hide_participants: bool) -> tuple[str, int]:
    """Hiding participants turns a registration cap off (none, limit 0): hidden lists cannot show a wait list."""
    if hide_participants and cap_type == "registration":
        return "none", 0
    return cap_type, limit


def capped(cap_type: str, limit: int) -> bool:
    """A cap of 0 is no cap (the wizard's reset is none with limit 0)."""
    return cap_type != "none" and limit > 0


def counted(value: datetime | None) -> datetime | None:
    """A signature or check-in date, or None when it is on or before the year 2000."""
    return value if value is not None and value >= _COUNTS_AFTER else None


def iso(value: datetime | None) -> str | None:
    if value is None:
        return None
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def hidden_id(entry_id: int) -> int:
    """A hidden battle's competitor as those who may not see them know it: its entry's number, negative, so no
    profile or crew has it; the same in the prelims, the bracket and its sparrings (a winner still matches its
    side)."""
    return -entry_id


SMOKE_STARTED = "Seven to smoke has started: its dancers stay in the queue"


def may_leave(style: str, smoke_order: list[int] | None) -> bool:
    """A dancer may leave a battle unless it is a seven to smoke under way (its queue holds them:
    docs/decisions.md, "Seven to smoke")."""
    return not (style == "smoke" and smoke_order)

"""Pure rules of the results: winners' places and slots, and the CSV's cells."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

# 3: the winner of a battle for third place (its loser is Top 4); never entered by hand (SLOTS)
PLACE_TITLES = {1: "1st Place", 2: "2nd Place", 3: "3rd Place", 4: "Top 4", 8: "Top 8", 16: "Top 16", 32: "Top 32"}
# Each place's number of slots (docs/product/competition.md).
SLOTS = {1: 1, 2: 1, 4: 2, 8: 4, 16: 8, 32: 16}

PLACE_INVALID = "A place is 1, 2, 4, 8, 16 or 32"
PLACE_FULL = "{title} has at most {slots} winners"
TWICE = "A winner is picked once"
CLASSIC_ONLY = "Winners are entered by hand in classic battles only"
NOT_BEGUN = "Winners can be entered once the event has begun."


def winners(given: Sequence[tuple[int, int]]) -> dict[int, int]:
    """[(id, place)] → {id: place}; each place within its slots, each id once."""
    found: dict[int, int] = {}
    per_place: dict[int, int] = {}
    for entry_id, place in given:
        if place not in SLOTS:
            raise ValueError(PLACE_INVALID)
        if entry_id in found:
            raise ValueError(TWICE)
        per_place[place] = per_place.get(place, 0) + 1
        if per_place[place] > SLOTS[place]:
            raise ValueError(PLACE_FULL.format(title=PLACE_TITLES[place], slots=SLOTS[place]))
        found[entry_id] = place
    return found


def may_set_winners(style: str, period: str) -> str | None:
    if style != "classic":
        return CLASSIC_ONLY
    if period == "future":
        return NOT_BEGUN
    return None


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> str:
    """A cell a spreadsheet shows as text: one beginning with = + - @ (or a tab or CR) gets a leading quote, so
    a dancer's name is never run as a formula."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def csv_row(values: Iterable[object]) -> list[str]:
    return [csv_cell(v) for v in values]

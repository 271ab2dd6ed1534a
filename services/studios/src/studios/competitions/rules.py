"""Pure rules of the competitions projection: a winners' place as a rank, an event's city and state."""

from __future__ import annotations

import re

from kit.places.rules import address_parts

# `battles.winners.set` places (docs/events.md) and the studio page's ranks (docs/product/studios.md).
_PLACES = {"1st place": 1, "2nd place": 2, "3rd place": 3}
_TOP = re.compile(r"^top (\d{1,3})$")
WIN = 1


def rank_of_place(place: str) -> int | None:
    """'1st Place' → 1, '2nd Place' → 2, '3rd Place' → 3, 'Top 4' → 4, 'Top 8' → 8 ...; anything else None."""
    text = " ".join(place.lower().split())
    if text in _PLACES:
        return _PLACES[text]
    match = _TOP.match(text)
    return int(match.group(1)) if match and int(match.group(1)) > 0 else None


def city_state(address: str | None) -> tuple[str | None, str | None]:
    """An event's 'City, State, Country' (the geocoder's form; a street may come first): the city and the state;
    'City, Country' has no state; a single part is the city."""
    parts = address_parts(address or "")
    if len(parts) >= 3:
        return parts[-3], parts[-2]
    if parts:
        return parts[0], None
    return None, None

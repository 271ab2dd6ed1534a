"""The event page's battle chips, as docs/product/events.md, Battles on the event page, has them."""

from __future__ import annotations

# The API's unlimited crew size (the battles service announces it as null).
UNLIMITED = 10_000


def crew_size(announced: int | None) -> int:
    return UNLIMITED if announced is None else announced

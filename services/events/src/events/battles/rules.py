"""The event page's battle chips, as seed 001 section 3's "Battle summary (event context)" has them."""

from __future__ import annotations

# The API's unlimited crew size (the battles service announces it as null).
UNLIMITED = 10_000


def crew_size(announced: int | None) -> int:
    return UNLIMITED if announced is None else announced

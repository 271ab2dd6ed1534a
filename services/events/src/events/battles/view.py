"""The Event's `battles`, from the page row's column (battles.repository.page_columns)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from events.battles import rules


def battles_of(row: Mapping[str, Any]) -> list[dict[str, Any]]:
    # orgChip: the battles service's announcements carry no organization, so the chip has none (docs/decisions.md).
    return [
        {
            "id": battle["id"],
            "title": battle["title"],
            "crewSize": rules.crew_size(battle["crewSize"]),
            "isRegistered": battle["isRegistered"],
            "orgChip": None,
        }
        for battle in row["battles"] or ()
    ]

"""The Event's `battles`, from the page row's column (battles.repository.page_columns)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from events.battles import rules


def battles_of(row: Mapping[str, Any]) -> list[dict[str, Any]]:
    # orgChip: the organization the battle is for (battles.battle.* orgId), with its image as orgs.org.* last said
    return [
        {
            "id": battle["id"],
            "title": battle["title"],
            "crewSize": rules.crew_size(battle["crewSize"]),
            "isRegistered": battle["isRegistered"],
            "orgChip": {"id": battle["orgId"], "image": battle["orgImage"]} if battle.get("orgId") else None,
        }
        for battle in row["battles"] or ()
    ]

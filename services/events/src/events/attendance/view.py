"""The Event's check-in fields, from the page row's columns (attendance.repository.page_columns)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from events.attendance import rules


def fields(row: Mapping[str, Any], period: str, *, cancelled: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the Event's keys, its permissions' keys)."""
    return (
        {"whoIsGoing": list(row["who_is_going"] or ()), "countGoing": row["count_going"] or 0},
        {
            "checkedIn": bool(row["checked_in"]),
            "showCheckin": rules.show_checkin(row["status"], period) and not cancelled,
        },
    )

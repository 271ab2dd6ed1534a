"""Pure rules of the user search (no I/O)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kit.types import parse_id_list

SortBy = Literal["name-asc", "name-desc"]
MAX_IDS = 500


@dataclass(frozen=True)
class UserFilter:
    """The search's filters, shared by the list and its count."""

    keyword: str = ""  # trimmed: a case-insensitive part of the dancer name
    org_ids: tuple[int, ...] = ()
    exclude: tuple[int, ...] = ()
    # The members wall's location chips: each, when given, the profile's whole value (case-insensitive).
    country: str = ""
    state: str = ""
    city: str = ""


def place_value(value: str | None) -> str:
    """A location chip's value as it is compared: trimmed and lower case ('' for none); profiles store their
    places trimmed (the Schema base), so the column's lower() is compared as it is, on its index."""
    return (value or "").strip().lower()


def parse_ids(value: str | None, *, limit: int = MAX_IDS) -> tuple[int, ...]:
    """'1, 2,3' → (1, 2, 3): ids in a comma-separated query value, in order, without repeats; anything that is
    not a positive integer is skipped, a number beyond the id range is a ValueError (kit.types)."""
    return parse_id_list(value, limit=limit)


def parse_orgs(value: str | None) -> tuple[int, ...]:
    """`orgs`: organization ids; 0 (or nothing) means no organization filter."""
    return parse_ids(value)

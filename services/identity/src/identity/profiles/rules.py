"""Pure rules of the spec about profiles (no I/O): birthdays and the state rule. Social links and the
mm/dd/yyyy shape are kit.text's."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from identity.profiles.countries import needs_state
from kit.text import DATE_INCORRECT, parse_mdy

STATE_REQUIRED = "State is required"
BIRTHDAY_MAX_AGE_YEARS = 100


def parse_birthday(value: str, today: date) -> date:
    """mm/dd/yyyy by kit.text's rule, and the spec's account-settings rule on top: the year within the last
    100 years and before the current year. Raises ValueError with the spec's message."""
    birthday = parse_mdy(value)
    if not today.year - BIRTHDAY_MAX_AGE_YEARS <= birthday.year < today.year:
        raise ValueError(DATE_INCORRECT)
    return birthday


def state_for(country: str | None, state: str | None) -> str | None:
    """Required for Australia, Canada and the United States; cleared for every other country."""
    if not needs_state(country):
        return None
    state = (state or "").strip()
    if not state:
        raise ValueError(STATE_REQUIRED)
    return state


def shown_stats(row: Mapping[str, Any], privacy: Any, names: Iterable[str], *, owner: bool) -> dict[str, Any]:
    """A profile's stats as a reader sees them: the owner sees every one; anyone else only those its privacy makes
    public, the others None (absent from the payload)."""
    return {name: row[name] if owner or getattr(privacy, name) else None for name in names}

"""The lists' parameters as the seed names them (t, s, o, u) and who sees drafts, pure."""

from __future__ import annotations

import enum
from dataclasses import dataclass

DRAFT = "draft"
TABS = ("now", "future", "past", DRAFT)


class Tab(enum.StrEnum):
    NOW = "now"
    FUTURE = "future"
    PAST = "past"
    DRAFT = "draft"


class Sort(enum.StrEnum):
    """`date` is the event's start (the seed's 'Date created' label sorts the events by their date)."""

    DATE_ASC = "date-asc"
    DATE_DESC = "date-desc"
    TITLE_ASC = "title-asc"
    TITLE_DESC = "title-desc"


@dataclass(frozen=True)
class Filter:
    tab: str | None
    sort: Sort
    orgs: tuple[int, ...]
    user_id: int | None
    caller_id: int | None
    platform_admin: bool

"""The lists' parameters as the product names them (t, s, k, o, u, ulat/ulon, start/end; the map's uc and bounds) and
who sees drafts, pure: parsing, limits and the decisions of docs/decisions.md ("Browsing events: the events
service's lists and map")."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from kit.places.bounds import Point

DRAFT = "draft"
TABS = ("now", "future", "past", DRAFT)

PAGE_SIZE = 50  # "Events page and search dialog page size 50"
CALENDAR_PAGE_SIZE = 999  # the calendar asks a whole month grid in one page (seed: pageSize 999)
CALENDAR_MAX_DAYS = 62  # a month grid (6 weeks) with room; a longer range is a mistake, not a calendar
CALENDAR_PER_DAY = 4  # the desktop grid shows 4 a day (then '+N'), the phone 2
CALENDAR_PER_DAY_MAX = 10
KEYWORD_MAX_WORDS = 8
MAP_CAP = 500  # the map's events list: the first 500 by s (or by nearness to uc); the stats count them all

PAGE_SIZE_REFUSED = f"pp: at most {PAGE_SIZE} a page, or {CALENDAR_PAGE_SIZE} with start and end (the calendar)"
CALENDAR_PUBLISHED = "start/end: the calendar lists published events only (t=draft cannot be asked with a range)"
CALENDAR_BOTH = "start and end: give both dates (yyyy-mm-dd) or neither"
CALENDAR_DAYS_NEEDED = "start and end: the calendar's days need both dates (yyyy-mm-dd)"
CALENDAR_ORDER = "start/end: start must not be after end"
CALENDAR_TOO_LONG = f"start/end: at most {CALENDAR_MAX_DAYS} days"
POINT_BOTH = "ulat and ulon: give both or neither"


class Tab(enum.StrEnum):
    NOW = "now"
    FUTURE = "future"
    PAST = "past"
    DRAFT = "draft"


class Sort(enum.StrEnum):
    """`date` is the event's start (the product's 'Date created' label sorts the events by their date)."""

    DATE_ASC = "date-asc"
    DATE_DESC = "date-desc"
    TITLE_ASC = "title-asc"
    TITLE_DESC = "title-desc"


def default_sort(tab: str | None) -> Sort:
    """The product: ascending for now and future, descending for past (and draft)."""
    return Sort.DATE_DESC if tab in ("past", DRAFT) else Sort.DATE_ASC


def nearness_first(tab: str | None) -> bool:
    """With the dancer's position, what is on now or coming is listed nearest first (s breaks ties: the same
    venue); looking back (past) or at one's drafts, the date or title order stays and nearness breaks ties."""
    return tab not in ("past", DRAFT)


# --- keyword ------------------------------------------------------------------------------------------------------

# Letters and digits only: PostgreSQL's 'simple' parser splits a title's words at everything else, and nothing of
# tsquery's syntax (& | ! ( ) : * ' \ <->) can pass.
_WORD = re.compile(r"[^\W_]+")


def keyword_query(k: str | None) -> str | None:
    """`k` → a prefix tsquery for `to_tsquery('simple', ...)`: every word of k must begin a word of the title,
    case-insensitive ('Bat jam' finds 'Battle Jam Berlin'). None when k holds no word (no filter)."""
    words = list(dict.fromkeys(word.lower() for word in _WORD.findall(k or "")))[:KEYWORD_MAX_WORDS]
    return " & ".join(f"{word}:*" for word in words) or None


# --- the calendar's range -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LocalRange:
    """Venue-local wall times: from `start` 00:00 (inclusive) to the day after `end` 00:00 (exclusive)."""

    start: datetime
    end: datetime


def _day(name: str, value: str) -> date:
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        raise ValueError(f"{name}: a date as yyyy-mm-dd")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{name}: {value} is not a date") from None


def local_range(start: str | None, end: str | None) -> LocalRange | None:
    """An event is in the range when its local start date <= end and its local end date (or start) >= start:
    the venue's dates, the same for every visitor (23:30 on the 31st in Tokyo is in that month everywhere)."""
    if start is None and end is None:
        return None
    if start is None or end is None:
        raise ValueError(CALENDAR_BOTH)
    first, last = _day("start", start), _day("end", end)
    if first > last:
        raise ValueError(CALENDAR_ORDER)
    if (last - first).days + 1 > CALENDAR_MAX_DAYS:
        raise ValueError(CALENDAR_TOO_LONG)
    if last == date.max:
        raise ValueError("end: a date before 9999-12-31")
    midnight = datetime.min.time()
    return LocalRange(datetime.combine(first, midnight), datetime.combine(last + timedelta(days=1), midnight))


def page_size(pp: int, *, calendar: bool) -> int:
    if pp <= PAGE_SIZE or (calendar and pp == CALENDAR_PAGE_SIZE):
        return pp
    raise ValueError(PAGE_SIZE_REFUSED)


# --- points and the map's bounds (the map's corners are the kit's: kit.places.bounds) ----------------------------


def point(lat: float | None, lng: float | None) -> Point | None:
    """`ulat`/`ulon`: both or neither, on the Earth (FastAPI has checked each range)."""
    if lat is None and lng is None:
        return None
    if lat is None or lng is None:
        raise ValueError(POINT_BOTH)
    return Point(lat, lng)


@dataclass(frozen=True)
class Filter:
    tab: str | None
    sort: Sort
    orgs: tuple[int, ...]
    user_id: int | None
    caller_id: int | None
    platform_admin: bool
    keyword: str | None = None  # a tsquery from keyword_query
    near: Point | None = None
    dates: LocalRange | None = None

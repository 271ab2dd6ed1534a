"""The lists' parameters as the seed names them (t, s, k, o, u, ulat/ulon, start/end; the map's uc and bounds) and
who sees drafts, pure: parsing, limits and the decisions of docs/decisions.md ("Browsing events (issue 12)")."""

from __future__ import annotations

import enum
import math
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

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
BOUNDS_ALL = "nw, ne, se, sw: give all four corners (lat,lng) or none"
BOUNDS_ORDER = "bounds: the north edge must not be south of the south edge"


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


def default_sort(tab: str | None) -> Sort:
    """The seed: ascending for now and future, descending for past (and draft)."""
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


# --- points and the map's bounds ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Point:
    lat: float
    lng: float


def point(lat: float | None, lng: float | None) -> Point | None:
    """`ulat`/`ulon`: both or neither, on the Earth (FastAPI has checked each range)."""
    if lat is None and lng is None:
        return None
    if lat is None or lng is None:
        raise ValueError(POINT_BOTH)
    return Point(lat, lng)


def lat_lng(name: str, value: str, *, on_earth: bool) -> Point:
    """'40.7128,-74.006' → Point. A map's corner may lie beyond the world's edges (a zoomed-out map repeats the
    world sideways), so only `on_earth` points are held to ±90/±180."""
    parts = value.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        lat, lng = float(parts[0]), float(parts[1])
    except ValueError:
        raise ValueError(f"{name}: lat,lng as two numbers, e.g. 40.7128,-74.006") from None
    if not (math.isfinite(lat) and math.isfinite(lng)) or abs(lat) > 1e6 or abs(lng) > 1e6:
        raise ValueError(f"{name}: lat,lng as two numbers, e.g. 40.7128,-74.006")
    if on_earth and (abs(lat) > 90 or abs(lng) > 180):
        raise ValueError(f"{name}: lat from -90 to 90, lng from -180 to 180")
    return Point(lat, lng)


@dataclass(frozen=True)
class Box:
    """West to east on [-180, 180], south to north on [-90, 90]."""

    west: float
    south: float
    east: float
    north: float


def _wrap(lng: float) -> float:
    """Any longitude onto [-180, 180): a zoomed-out map says -200 for 160."""
    return (lng + 180.0) % 360.0 - 180.0


def boxes(corners: dict[str, str | None]) -> tuple[Box, ...] | None:
    """The map's four corners → the boxes to search: None for the world (no corners, or 360 degrees of longitude
    and the poles), one box, or two when the view crosses the antimeridian (west > east once wrapped: Fiji to
    Samoa is 177 to -172). Latitudes beyond ±90 are clamped; west is the west corners', east the east corners'."""
    given = {name: value for name, value in corners.items() if value is not None}
    if not given:
        return None
    if len(given) != 4:
        raise ValueError(BOUNDS_ALL)
    nw, ne, se, sw = (lat_lng(name, given[name], on_earth=False) for name in ("nw", "ne", "se", "sw"))
    north = min(max(nw.lat, ne.lat), 90.0)
    south = max(min(sw.lat, se.lat), -90.0)
    if south > north:
        raise ValueError(BOUNDS_ORDER)
    west, east = min(nw.lng, sw.lng), max(ne.lng, se.lng)
    span = east - west if east >= west else east - west + 360.0  # a map that wraps its own corners says west > east
    if span >= 360.0:
        west, east = -180.0, 180.0
    else:
        west, east = _wrap(west), _wrap(east)
        if east == -180.0 and span > 0:
            east = 180.0
    if west <= east:
        if west == -180.0 and east == 180.0 and south <= -90.0 and north >= 90.0:
            return None
        return (Box(west, south, east, north),)
    return Box(west, south, 180.0, north), Box(-180.0, south, east, north)


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

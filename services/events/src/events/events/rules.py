"""Pure rules of the spec about an event (no I/O): title, tiers, carpets, website, who may edit, and time (the
venue's zone, wall time to UTC, the flat date and time texts, the period). They raise ValueError with the
user's words; the schemas and the service call them."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import tzfpy

from contracts.events import period as period  # the events service's rule, shared by its consumers
from contracts.rights import edits_event
from kit.sanitize import clean_html
from kit.text import website_link

TITLE_MAX_LENGTH = 150
TITLE_TOO_LONG = f"Event name must be at most {TITLE_MAX_LENGTH} characters"
TITLE_REQUIRED = "Please enter the event name"
DATE_REQUIRED = "Please select an event date"
DATE_FORMAT = "Dates are written YYYY-MM-DDTHH:MM"
TIERS_MAX = 10
TOO_MANY_TIERS = f"An event has at most {TIERS_MAX} tiers"
COST_NEGATIVE = "Cost must not be negative"
COST_MAX_CENTS = 100_000_000
COST_TOO_HIGH = "Cost must be at most $1,000,000"
YEARS = (1970, 2100)
DATE_OUT_OF_RANGE = "Please enter a correct date"
WEBSITE_HTTPS = "Website should start with https://"
CARPET_NAME_MAX_LENGTH = 100
EVENT_NOT_FOUND = "Event not found"
ORG_NOT_ALLOWED = "You can only create events for organizations where you are an admin or a promoter"
ORG_NOT_FOUND = "Organization not found"
PLACE_REQUIRED = "Please choose the event's location: without a place it cannot be shown on the map"
PUBLISHED_NOT_DELETABLE = "A published event cannot be deleted; cancel it instead."
DRAFT_NOT_CANCELLABLE = "Only a published event can be cancelled; a draft can be deleted."
CANCELLED = "This event has been cancelled."

PLATFORM_ZONE = "UTC"  # a venue without coordinates


# --- fields ----------------------------------------------------------------------------------------------------


def title(value: str | None) -> str:
    """Saving allows an empty title (a draft in progress); publishing requires one (`publishable`)."""
    text = (value or "").strip()
    if len(text) > TITLE_MAX_LENGTH:
        raise ValueError(TITLE_TOO_LONG)
    return text


def website(value: str | None) -> str:
    """Optional. A bare host gets https:// (kit.text); a typed http:// link is refused: the event page links
    to it, and the spec's related rule asks for https."""
    url = website_link(value)
    if url.lower().startswith("http://"):
        raise ValueError(WEBSITE_HTTPS)
    return url


def description(value: str | None) -> str:
    return clean_html(value)


def cost_cents(value: int) -> int:
    """Cents. A cost between 0 and 1 dollar becomes 1 dollar (the spec's 0-1 rule): 1..99 → 100."""
    if value < 0:
        raise ValueError(COST_NEGATIVE)
    if value > COST_MAX_CENTS:
        raise ValueError(COST_TOO_HIGH)
    return 100 if 0 < value < 100 else value


def tier_count(count: int) -> None:
    if count > TIERS_MAX:
        raise ValueError(TOO_MANY_TIERS)


def carpet_names(names: Iterable[str | None]) -> list[str]:
    """An empty name is 'Carpet N', N its place in the list (from 1)."""
    return [(name or "").strip() or f"Carpet {n}" for n, name in enumerate(names, start=1)]


def publishable(
    title: str,
    local_start: datetime | None,
    local_end: datetime | None,
    *,
    address: str,
    lat: float | None,
    lng: float | None,
) -> None:
    """Publishing needs both dates (the spec's message), a name (the wizard cannot pass Info without one) and a
    place: an address with its coordinates (an event without them never shows on the map)."""
    if local_start is None or local_end is None:
        raise ValueError(DATE_REQUIRED)
    if not title:
        raise ValueError(TITLE_REQUIRED)
    if not address.strip() or lat is None or lng is None:
        raise ValueError(PLACE_REQUIRED)


def deletable(status: str) -> None:
    """Editors delete drafts only: a published event has tickets and registrations, and is cancelled instead."""
    if status == "published":
        raise ValueError(PUBLISHED_NOT_DELETABLE)


def cancellable(status: str) -> None:
    if status != "published":
        raise ValueError(DRAFT_NOT_CANCELLABLE)


# --- who may do what --------------------------------------------------------------------------------------------


def can_edit(
    caller_id: int | None,
    organizer_id: int,
    staff_roles: Iterable[str],
    *,
    org_admin: bool,
    is_platform_admin: bool,
) -> bool:
    """The shared rule (contracts.rights) for a caller with a profile; `org_admin`: they are an admin of the
    event's organization."""
    if caller_id is None:
        return False
    return edits_event(
        organizer=caller_id == organizer_id,
        event_roles=staff_roles,
        org_roles=("admin",) if org_admin else (),
        platform_admin=is_platform_admin,
    )


def can_view(status: str, deleted: bool, *, editor: bool) -> bool:
    """A draft exists only for its editors; a deleted event for nobody."""
    return not deleted and (status == "published" or editor)


def may_use_org(org_roles: Iterable[str], *, is_platform_admin: bool) -> bool:
    """An event goes under an organization where the caller is an admin or a promoter."""
    return is_platform_admin or bool({"admin", "promoter"} & set(org_roles))


# --- time -------------------------------------------------------------------------------------------------------

_ZONES = available_timezones()


def zone_at(lat: float | None, lng: float | None) -> str:
    """The venue's IANA zone from its coordinates, offline (tzfpy); "UTC" without coordinates or when the point
    has no zone this machine knows."""
    if lat is None or lng is None:
        return PLATFORM_ZONE
    name = tzfpy.get_tz(lng, lat)
    return name if name in _ZONES else PLATFORM_ZONE


@functools.lru_cache(maxsize=1024)  # every IANA zone; ZoneInfo's own cache keeps 8 and re-reads the file after
def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(PLATFORM_ZONE)


def parse_local(value: str | None) -> datetime | None:
    """A wall time as the date picker sends it, "YYYY-MM-DDTHH:MM" (seconds tolerated, dropped), years 1970 to
    2100; blank is unset. An offset or a zone is refused: the zone is the venue's."""
    text = (value or "").strip()
    if not text:
        return None
    for layout in ("%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S"):
        try:
            parsed = datetime.strptime(text, layout).replace(second=0)
        except ValueError:
            continue
        # Years far off are typing slips, and year 1 or 9999 would overflow on the way to UTC.
        if not YEARS[0] <= parsed.year <= YEARS[1]:
            raise ValueError(DATE_OUT_OF_RANGE)
        return parsed
    raise ValueError(DATE_FORMAT)


def format_local(value: datetime | None) -> str | None:
    return None if value is None else value.strftime("%Y-%m-%dT%H:%M")


def to_utc(local: datetime | None, zone: str) -> datetime | None:
    """The instant of a wall time at the venue. A wall time the clocks skip (spring forward, 02:30 in New
    York) is read with the offset before the change, so it lands as far after the gap as it was into it
    (03:30 EDT). A wall time that happens twice (fall back, 01:30) is its first occurrence (fold 0, daylight
    time): an organizer writing 01:30 means the first time the clock shows it."""
    if local is None:
        return None
    return local.replace(tzinfo=_zone(zone), fold=0).astimezone(UTC)


def date_flat(local_start: datetime | None, local_end: datetime | None) -> str | None:
    """ "MM/DD/YYYY", or "MM/DD/YYYY - MM/DD/YYYY" when the event ends on another day."""
    if local_start is None:
        return None
    start = local_start.strftime("%m/%d/%Y")
    if local_end is None or local_end.date() == local_start.date():
        return start
    return f"{start} - {local_end.strftime('%m/%d/%Y')}"


def _clock(value: datetime) -> str:
    return f"{value.hour % 12 or 12}:{value.minute:02d} {'AM' if value.hour < 12 else 'PM'}"


def time_flat(local_start: datetime | None, local_end: datetime | None, zone: str) -> str | None:
    """ "12:00 PM - 6:00 PM EST": the zone's abbreviation on the start's date (EDT in summer)."""
    if local_start is None:
        return None
    abbreviation = local_start.replace(tzinfo=_zone(zone), fold=0).tzname() or zone
    clock = _clock(local_start) if local_end is None else f"{_clock(local_start)} - {_clock(local_end)}"
    return f"{clock} {abbreviation}"


def utc_iso(value: datetime | None) -> str | None:
    """UTC ISO instants end in Z."""
    if value is None:
        return None
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")

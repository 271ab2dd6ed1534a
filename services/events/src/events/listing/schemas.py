from __future__ import annotations

from contracts.events import Period
from events.events.schemas import Coordinates
from events.models import EventStatus
from kit.schemas import Schema


class EventItem(Schema):
    """An event in a list (cards, chips): what the page has, without tiers, staff and description."""

    id: int
    title: str
    image: str | None = None
    status: EventStatus
    org_id: int
    date_start: str | None = None
    date_end: str | None = None
    time_zone: str
    starts_at: str | None = None
    ends_at: str | None = None
    date_flat: str | None = None
    time_flat: str | None = None
    period: Period
    is_finished: bool
    location_address: str
    coordinates: Coordinates | None = None
    created_at: str
    cancelled_at: str | None = None  # a published event called off (UTC ISO): shown 'Cancelled'


class CalendarDay(Schema):
    """A local day of the calendar: how many events touch it and the first perDay of them."""

    date: str
    total: int
    events: list[EventItem]


class CalendarDays(Schema):
    days: list[CalendarDay]


class Tabs(Schema):
    now: int
    past: int
    draft: int
    future: int


class MapEvent(Schema):
    """The product's map event: id, image, locationAddress, coordinates {lat, lng}."""

    id: int
    image: str | None = None
    location_address: str
    coordinates: Coordinates


class MapStats(Schema):
    now: int
    future: int
    past: int


class MapAnswer(Schema):
    events: list[MapEvent]
    stats: MapStats

"""Events of the events service (stream EVENTS)."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from contracts.base import Event, Payload


class EventChanged(Event):
    """An event's public face. `orgId` is None for a platform event; `startsAt`/`endsAt` are UTC ISO instants
    (None while the dates are unset); `timeZone` is the venue's IANA zone ("UTC" without coordinates)."""

    id: int
    org_id: int | None
    organizer_id: int
    title: str | None
    image: str | None
    status: Literal["draft", "published"]
    starts_at: str | None
    ends_at: str | None
    time_zone: str
    location_address: str | None
    lat: float | None
    lng: float | None
    # When a published event was called off (UTC ISO; None while it is on): every later announcement carries it.
    cancelled_at: str | None = None

    def topics(self) -> list[str]:
        topics = [f"event:{self.id}"]
        if self.org_id:
            topics.append(f"org:{self.org_id}")
        return topics


class EventCreated(EventChanged):
    """A draft event was made; its creator is its organizer."""

    type: ClassVar[str] = "events.event.created"


class EventUpdated(EventChanged):
    """The event was saved (any field, draft or published)."""

    type: ClassVar[str] = "events.event.updated"


class EventPublished(EventChanged):
    """The event is visible to everyone from now on."""

    type: ClassVar[str] = "events.event.published"


class EventDeleted(EventChanged):
    """The event is hidden everywhere (soft delete: references from battles and tickets stay valid)."""

    type: ClassVar[str] = "events.event.deleted"


class EventCancelled(EventChanged):
    """A published event was called off (once): it stays readable and shows 'Cancelled'. Its paid card tickets
    were refunded (or the refunds are being retried by the editors); `userIds` are the people to tell: the holders
    of its tickets and the dancers registered in its battles. identity notifies and mails each of them; battles
    stops taking registrations for its battles."""

    type: ClassVar[str] = "events.event.cancelled"

    user_ids: list[int]


class AttendeesChanged(Event):
    """The door list of an event changed without a check-in: a ticket was issued, given at the door, refunded or
    cancelled. Open check-in pages re-read (the ticket's own announcement goes to its holder only: it carries the
    secret)."""

    type: ClassVar[str] = "events.attendees.changed"

    event_id: int

    def topics(self) -> list[str]:
        return [f"event:{self.event_id}"]


class StaffChanged(Event):
    event_id: int
    user_id: int
    role: Literal["admin", "host", "dj"]
    org_id: int | None

    def topics(self) -> list[str]:
        topics = [f"event:{self.event_id}", f"user:{self.user_id}"]
        if self.org_id:
            topics.append(f"org:{self.org_id}")
        return topics


class StaffAdded(StaffChanged):
    """A user became an admin, a host or a DJ of the event."""

    type: ClassVar[str] = "events.staff.added"


class StaffRemoved(StaffChanged):
    """A user is no longer an admin, a host or a DJ of the event."""

    type: ClassVar[str] = "events.staff.removed"


class Carpet(Payload):
    id: int
    name: str


class CarpetsUpdated(Event):
    """The event's carpets (dance floors), the whole list in order; battles pick theirs from it."""

    type: ClassVar[str] = "events.carpets.updated"

    event_id: int
    carpets: list[Carpet]

    def topics(self) -> list[str]:
        return [f"event:{self.event_id}"]


class TicketIssued(Event):
    """A ticket was issued to its holder (a card payment confirmed, cash at the door chosen, a free ticket or
    RSVP taken). It carries the ticket's secret (what its QR code encodes), so it goes to the holder's topic
    only; identity mails the holder the ticket with its QR code."""

    type: ClassVar[str] = "events.ticket.issued"

    ticket_id: int
    event_id: int
    user_id: int
    event_title: str
    title: str
    secret: str
    ticket_sum: int  # cents

    def topics(self) -> list[str]:
        return [f"user:{self.user_id}"]


class AttendeeChanged(Event):
    """Someone was checked in at an event (by themself or by staff) or un-checked. `checkedInAt` is the UTC ISO
    instant of the check-in (null once un-checked); `checkedIn` and `total` are the event's counts after the change
    (checked in; ticket holders and checked in), what every open check-in page shows."""

    event_id: int
    user_id: int
    checked_in_at: str | None
    checked_in: int
    total: int

    def topics(self) -> list[str]:
        return [f"event:{self.event_id}", f"user:{self.user_id}"]


class AttendeeCheckedIn(AttendeeChanged):
    type: ClassVar[str] = "events.attendee.checked_in"


class AttendeeUnchecked(AttendeeChanged):
    type: ClassVar[str] = "events.attendee.unchecked"


class FeedbackRequested(Event):
    """An event ended: its checked-in attendees (`userIds`) are asked for feedback, once per event."""

    type: ClassVar[str] = "events.feedback.requested"

    event_id: int
    title: str
    user_ids: list[int]

    def topics(self) -> list[str]:
        return [f"event:{self.event_id}"]


Period = Literal["now", "future", "past"]


def period(starts_at: datetime | None, ends_at: datetime | None, now: datetime) -> Period:
    """An event's period (docs/product/events.md), as the events service answers it and every service that
    keeps its `startsAt`/`endsAt` computes it: past if the end is before now, future if the start is after now,
    else now. Without an end the start stands for it; an event without dates has not happened: future."""
    if starts_at is None:
        return "future"
    end = ends_at or starts_at
    if end < now:
        return "past"
    if starts_at > now:
        return "future"
    return "now"


# The families consumers subscribe to as one (`Handler(purpose, EVENT_CHANGES, fn)`).
EVENT_CHANGES: tuple[type[EventChanged], ...] = (
    EventCreated,
    EventUpdated,
    EventPublished,
    EventDeleted,
    EventCancelled,
)
STAFF_CHANGES: tuple[type[StaffChanged], ...] = (StaffAdded, StaffRemoved)
CHECK_INS: tuple[type[AttendeeChanged], ...] = (AttendeeCheckedIn, AttendeeUnchecked)

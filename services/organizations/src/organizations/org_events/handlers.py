"""Consumer of the events service: the organization's events, counted by period on its page and in lists, and
each event's organizer and admins, who edit its clips."""

from __future__ import annotations

from contracts.events import (
    STAFF_CHANGES,
    EventCreated,
    EventDeleted,
    EventPublished,
    EventUpdated,
)
from kit.consumers import Handler
from organizations.org_events.repository import org_event_repository

handlers = [
    Handler("org-events", (EventCreated, EventUpdated, EventPublished, EventDeleted), org_event_repository.apply),
    Handler("org-event-admins", STAFF_CHANGES, org_event_repository.apply_admin),
]

from kit.errors import Invalid, NotFound

MEDIA_NOT_FOUND = "Media not found"
EVENT_NOT_FOUND = "Event not found"
SCOPE_REQUIRED = "Media belongs to an organization (orgId) or an event (eventId)"
LIST_SCOPE_REQUIRED = "Choose an organization (o) or an event (e)"


class MediaNotFound(NotFound):
    def __init__(self) -> None:
        super().__init__(MEDIA_NOT_FOUND, code="media_not_found")


class ScopeRequired(Invalid):
    def __init__(self, message: str = SCOPE_REQUIRED) -> None:
        super().__init__(message, code="scope_required")


class EventNotFound(NotFound):
    """An event the events service never announced, deleted, or a draft the caller does not edit."""

    def __init__(self) -> None:
        super().__init__(EVENT_NOT_FOUND, code="event_not_found")

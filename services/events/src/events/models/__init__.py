from kit.db import make_base

Base = make_base()

from events.models.attendance import Attendee, EventLike, Feedback, Payment, Ticket  # noqa: E402
from events.models.event import Carpet, Event, EventStaff, EventStatus, StaffRole, Tier  # noqa: E402
from events.models.projection import Battle, BattleEntry, Org, OrgRole, Profile  # noqa: E402

__all__ = [
    "Attendee",
    "Base",
    "Battle",
    "BattleEntry",
    "Carpet",
    "Event",
    "EventLike",
    "EventStaff",
    "EventStatus",
    "Feedback",
    "Org",
    "OrgRole",
    "Payment",
    "Profile",
    "StaffRole",
    "Ticket",
    "Tier",
]

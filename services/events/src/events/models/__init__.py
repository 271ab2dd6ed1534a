from kit.db import make_base

Base = make_base()

from events.models.event import Carpet, Event, EventStaff, EventStatus, StaffRole, Tier  # noqa: E402
from events.models.projection import Org, OrgRole, Profile  # noqa: E402

__all__ = ["Base", "Carpet", "Event", "EventStaff", "EventStatus", "Org", "OrgRole", "Profile", "StaffRole", "Tier"]

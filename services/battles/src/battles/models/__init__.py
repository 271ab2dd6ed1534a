from kit.db import make_base

Base = make_base()

from battles.models.battle import Battle, Crew, CrewMember, Entry, Judge, Signature  # noqa: E402
from battles.models.profile import Profile  # noqa: E402
from battles.models.projection import (  # noqa: E402
    CheckIn,
    EventStaff,
    EventView,
    Org,
    OrgMember,
    OrgRole,
    StudioMembership,
)

__all__ = [
    "Base",
    "Battle",
    "CheckIn",
    "Crew",
    "CrewMember",
    "Entry",
    "EventStaff",
    "EventView",
    "Judge",
    "Org",
    "OrgMember",
    "OrgRole",
    "Profile",
    "Signature",
    "StudioMembership",
]

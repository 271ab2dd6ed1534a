from kit.db import make_base

Base = make_base()

from battles.models.battle import Battle, Crew, CrewMember, Entry, Judge, Signature  # noqa: E402
from battles.models.competition import (  # noqa: E402
    AudienceVote,
    Carpet,
    PrelimGroup,
    PrelimScore,
    Scoreboard,
    SmokeMeeting,
    Sparring,
    SparringScore,
)
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
    "AudienceVote",
    "Base",
    "Carpet",
    "PrelimGroup",
    "PrelimScore",
    "Scoreboard",
    "SmokeMeeting",
    "Sparring",
    "SparringScore",
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

from kit.db import make_base

Base = make_base()

from studios.models.competition import Battle, BattleEntry, BattleRank, BattleResult, CompetitionEvent  # noqa: E402
from studios.models.profile import Profile  # noqa: E402
from studios.models.studio import Role, Studio, StudioMember, StudioStatus  # noqa: E402

__all__ = [
    "Base",
    "Battle",
    "BattleEntry",
    "BattleRank",
    "BattleResult",
    "CompetitionEvent",
    "Profile",
    "Role",
    "Studio",
    "StudioMember",
    "StudioStatus",
]

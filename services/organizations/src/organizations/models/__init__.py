from kit.db import make_base

Base = make_base()

from organizations.models.leaderboard import BattleResult, LeaderboardAward  # noqa: E402
from organizations.models.media import Media  # noqa: E402
from organizations.models.org_event import OrgEvent, OrgEventAdmin  # noqa: E402
from organizations.models.organization import Organization, OrganizationStatus  # noqa: E402
from organizations.models.organization_member import OrganizationMember  # noqa: E402
from organizations.models.organization_role import OrganizationRole, Role  # noqa: E402
from organizations.models.profile import Profile  # noqa: E402

__all__ = [
    "Base",
    "BattleResult",
    "LeaderboardAward",
    "Media",
    "OrgEvent",
    "OrgEventAdmin",
    "Organization",
    "OrganizationMember",
    "OrganizationRole",
    "OrganizationStatus",
    "Profile",
    "Role",
]

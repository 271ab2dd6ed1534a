from kit.db import make_base

Base = make_base()

from identity.models.account import Account  # noqa: E402
from identity.models.battle import Battle, BattleRole  # noqa: E402
from identity.models.email_token import EmailToken  # noqa: E402
from identity.models.login_failure import LoginFailure  # noqa: E402
from identity.models.mail import Mail  # noqa: E402
from identity.models.notification import Notification  # noqa: E402
from identity.models.oidc_login import OidcLogin  # noqa: E402
from identity.models.organization import Organization, OrgMembership  # noqa: E402
from identity.models.profile import Profile  # noqa: E402
from identity.models.refresh_token import RefreshToken  # noqa: E402
from identity.models.social_identity import SocialIdentity  # noqa: E402
from identity.models.staffing import AttendedEvent, EventDj, StaffedEvent  # noqa: E402

__all__ = [
    "Account",
    "AttendedEvent",
    "Base",
    "Battle",
    "BattleRole",
    "EmailToken",
    "EventDj",
    "LoginFailure",
    "Mail",
    "Notification",
    "OidcLogin",
    "OrgMembership",
    "Organization",
    "Profile",
    "RefreshToken",
    "SocialIdentity",
    "StaffedEvent",
]

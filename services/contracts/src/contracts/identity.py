"""Events of the identity service (stream IDENTITY)."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from contracts.base import Event


class AccountCreated(Event):
    type: ClassVar[str] = "identity.account.created"

    id: int
    main_profile_id: int

    def topics(self) -> list[str]:
        return [f"user:{self.main_profile_id}"]


class ProfileChanged(Event):
    """The projection other services keep of a profile (created, updated and released alike)."""

    id: int
    account_id: int
    dancer_name: str | None
    avatar: str | None
    country: str | None
    city: str | None
    state: str | None

    def topics(self) -> list[str]:
        return [f"user:{self.id}"]


class ProfileCreated(ProfileChanged):
    """A profile was made (at signup, or as another profile of an account)."""

    type: ClassVar[str] = "identity.profile.created"


class ProfileUpdated(ProfileChanged):
    """A profile's name, avatar or place changed."""

    type: ClassVar[str] = "identity.profile.updated"


class ProfileReleased(ProfileChanged):
    """The profile left its account (its name is free again); other services keep showing it as it was."""

    type: ClassVar[str] = "identity.profile.released"


PROFILE_CHANGED = (ProfileCreated, ProfileUpdated, ProfileReleased)


class NotificationCreated(Event):
    """userId is the profile the notification is for; the gateway's live feed passes it to its owner."""

    type: ClassVar[str] = "identity.notification.created"

    id: int
    user_id: int
    kind: str
    text: str
    link: str | None
    created_at: datetime

    def topics(self) -> list[str]:
        return [f"user:{self.user_id}"]

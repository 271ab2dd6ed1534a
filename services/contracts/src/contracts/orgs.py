"""Events of the organizations service (stream ORGS)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from contracts.base import Event


class OrganizationChanged(Event):
    id: int
    name: str | None
    image: str | None
    status: str

    def topics(self) -> list[str]:
        return [f"org:{self.id}"]


class OrganizationCreated(OrganizationChanged):
    """A draft organization was made; its creator is its first admin."""

    type: ClassVar[str] = "orgs.org.created"


class OrganizationPublished(OrganizationChanged):
    """The organization is visible to everyone from now on."""

    type: ClassVar[str] = "orgs.org.published"


class OrganizationUpdated(OrganizationChanged):
    """Battles read the agreement and the waiver from here ({} when the organization has none)."""

    type: ClassVar[str] = "orgs.org.updated"

    agreement: dict[str, Any]
    waiver: dict[str, Any]


class MembershipChanged(Event):
    """The organization's name and image travel along so identity can list a profile's organizations."""

    org_id: int
    user_id: int
    org_name: str | None
    org_image: str | None

    def topics(self) -> list[str]:
        return [f"org:{self.org_id}", f"user:{self.user_id}"]


class MemberAdded(MembershipChanged):
    """A dancer joined the organization (its leaderboard ranks them)."""

    type: ClassVar[str] = "orgs.member.added"


class MemberRemoved(MembershipChanged):
    """A dancer left the organization; their points stay recorded."""

    type: ClassVar[str] = "orgs.member.removed"


class RoleChanged(MembershipChanged):
    role: Literal["admin", "promoter"]


class RoleAdded(RoleChanged):
    """A user became an admin or a promoter of the organization."""

    type: ClassVar[str] = "orgs.role.added"


class RoleRemoved(RoleChanged):
    """A user is no longer an admin or a promoter of the organization."""

    type: ClassVar[str] = "orgs.role.removed"


# The families consumers subscribe to as one (`Handler(purpose, ORG_CHANGES, fn)`).
ORG_CHANGES: tuple[type[OrganizationChanged], ...] = (OrganizationCreated, OrganizationUpdated, OrganizationPublished)
MEMBER_CHANGES: tuple[type[MembershipChanged], ...] = (MemberAdded, MemberRemoved)
ROLE_CHANGES: tuple[type[RoleChanged], ...] = (RoleAdded, RoleRemoved)

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
    type: ClassVar[str] = "orgs.org.created"


class OrganizationPublished(OrganizationChanged):
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
    type: ClassVar[str] = "orgs.member.added"


class MemberRemoved(MembershipChanged):
    type: ClassVar[str] = "orgs.member.removed"


class RoleChanged(MembershipChanged):
    role: Literal["admin", "promoter"]


class RoleAdded(RoleChanged):
    type: ClassVar[str] = "orgs.role.added"


class RoleRemoved(RoleChanged):
    type: ClassVar[str] = "orgs.role.removed"

"""Every event the organizations service publishes (docs/events.md), written to the outbox in the caller's
transaction. `EVENTS` feeds the generated JSON Schemas (`make contracts`)."""

from __future__ import annotations

from typing import Any, Literal

from sqlalchemy.ext.asyncio import AsyncSession

from kit import outbox
from kit.schemas import Schema
from organizations.models import Organization


class OrganizationChanged(Schema):
    id: int
    name: str | None
    image: str | None
    status: str


class OrganizationUpdated(OrganizationChanged):
    """Battles read the agreement and the waiver from here ({} when the organization has none)."""

    agreement: dict[str, Any]
    waiver: dict[str, Any]


class MembershipChanged(Schema):
    """The organization's name and image travel along so identity can list a profile's organizations."""

    org_id: int
    user_id: int
    org_name: str | None
    org_image: str | None


class RoleChanged(MembershipChanged):
    role: Literal["admin", "promoter"]


EVENTS: dict[str, type[Schema]] = {
    "orgs.org.created": OrganizationChanged,
    "orgs.org.updated": OrganizationUpdated,
    "orgs.org.published": OrganizationChanged,
    "orgs.role.added": RoleChanged,
    "orgs.role.removed": RoleChanged,
    "orgs.member.added": MembershipChanged,
    "orgs.member.removed": MembershipChanged,
}


def _organization(organization: Organization) -> dict[str, Any]:
    return {
        "id": organization.id,
        "name": organization.name,
        "image": organization.image,
        "status": str(organization.status),
    }


async def organization_changed(
    session: AsyncSession, event_type: Literal["orgs.org.created", "orgs.org.published"], organization: Organization
) -> None:
    await outbox.add(
        session, event_type, OrganizationChanged(**_organization(organization)), topics=[f"org:{organization.id}"]
    )


async def organization_updated(session: AsyncSession, organization: Organization) -> None:
    payload = OrganizationUpdated(
        **_organization(organization), agreement=organization.agreement or {}, waiver=organization.waiver or {}
    )
    await outbox.add(session, "orgs.org.updated", payload, topics=[f"org:{organization.id}"])


async def role_changed(
    session: AsyncSession,
    event_type: Literal["orgs.role.added", "orgs.role.removed"],
    organization: Organization,
    user_id: int,
    role: str,
) -> None:
    payload = RoleChanged(
        org_id=organization.id, user_id=user_id, org_name=organization.name, org_image=organization.image, role=role
    )
    await outbox.add(session, event_type, payload, topics=[f"org:{organization.id}", f"user:{user_id}"])


async def membership_changed(
    session: AsyncSession,
    event_type: Literal["orgs.member.added", "orgs.member.removed"],
    organization: Organization,
    user_id: int,
) -> None:
    payload = MembershipChanged(
        org_id=organization.id, user_id=user_id, org_name=organization.name, org_image=organization.image
    )
    await outbox.add(session, event_type, payload, topics=[f"org:{organization.id}", f"user:{user_id}"])

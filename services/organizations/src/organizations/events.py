"""The events the organizations service publishes, built from its rows (the payload models are in
`contracts.orgs`) and written to the outbox in the caller's transaction."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.orgs import (
    MembershipChanged,
    OrganizationCreated,
    OrganizationPublished,
    OrganizationUpdated,
    RoleChanged,
)
from kit import outbox
from organizations.models import Organization


async def organization_changed(
    session: AsyncSession, event: type[OrganizationCreated | OrganizationPublished], organization: Organization
) -> None:
    await outbox.add(
        session,
        event(id=organization.id, name=organization.name, image=organization.image, status=str(organization.status)),
    )


async def organization_updated(session: AsyncSession, organization: Organization) -> None:
    payload = OrganizationUpdated(
        id=organization.id,
        name=organization.name,
        image=organization.image,
        status=str(organization.status),
        agreement=organization.agreement or {},
        waiver=organization.waiver or {},
    )
    await outbox.add(session, payload)


async def role_changed(
    session: AsyncSession, event: type[RoleChanged], organization: Organization, user_id: int, role: str
) -> None:
    """`event` is RoleAdded or RoleRemoved."""
    payload = event(
        org_id=organization.id, user_id=user_id, org_name=organization.name, org_image=organization.image, role=role
    )
    await outbox.add(session, payload)


async def membership_changed(
    session: AsyncSession, event: type[MembershipChanged], organization: Organization, user_id: int
) -> None:
    """`event` is MemberAdded or MemberRemoved."""
    payload = event(org_id=organization.id, user_id=user_id, org_name=organization.name, org_image=organization.image)
    await outbox.add(session, payload)

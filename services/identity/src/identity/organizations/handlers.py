"""The organizations service's role and member events fill each profile's `organizations` and the user
search's `orgs` filter."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.orgs import (
    MEMBER_CHANGES,
    ORG_CHANGES,
    ROLE_CHANGES,
    MemberAdded,
    MembershipChanged,
    OrganizationChanged,
    RoleAdded,
    RoleChanged,
)
from identity.models.organization import MEMBER
from identity.organizations.repository import organization_repository
from kit.consumers import Handler
from kit.events import Envelope

GRANTS = (RoleAdded, MemberAdded)


async def apply_org_event(
    session: AsyncSession, event: OrganizationChanged | MembershipChanged, envelope: Envelope
) -> None:
    if isinstance(event, OrganizationChanged):
        await organization_repository.upsert_organization(
            session, event.id, event.name, event.image, envelope.occurred_at
        )
        return
    role = event.role if isinstance(event, RoleChanged) else MEMBER
    await organization_repository.upsert_organization(
        session, event.org_id, event.org_name, event.org_image, envelope.occurred_at
    )
    await organization_repository.set_membership(
        session, event.org_id, event.user_id, role, isinstance(event, GRANTS), envelope.occurred_at
    )


# One durable consumer over the whole ORGS stream keeps role, member and organization events in order.
handlers = [
    Handler(
        "org-projection",
        (*ORG_CHANGES, *ROLE_CHANGES, *MEMBER_CHANGES),
        apply_org_event,
    )
]

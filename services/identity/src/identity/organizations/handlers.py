"""The organizations service's role and member events fill each profile's `organizations` and the user
search's `orgs` filter."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from identity.models.organization import ADMIN, MEMBER, PROMOTER
from identity.organizations.repository import organization_repository
from kit.consumers import Handler
from kit.events import Envelope

ROLE_EVENTS = {"orgs.role.added": True, "orgs.role.removed": False}
MEMBER_EVENTS = {"orgs.member.added": True, "orgs.member.removed": False}
ORG_EVENTS = frozenset({"orgs.org.created", "orgs.org.updated", "orgs.org.published"})


async def apply_org_event(session: AsyncSession, envelope: Envelope) -> None:
    data = envelope.data
    if envelope.type in ORG_EVENTS:
        await organization_repository.upsert_organization(
            session, int(data["id"]), data.get("name"), data.get("image"), envelope.occurred_at
        )
        return
    if envelope.type in ROLE_EVENTS:
        role, active = str(data["role"]), ROLE_EVENTS[envelope.type]
        if role not in (ADMIN, PROMOTER):
            return  # a role this projection does not know of: nothing to show
    elif envelope.type in MEMBER_EVENTS:
        role, active = MEMBER, MEMBER_EVENTS[envelope.type]
    else:
        return
    org_id, profile_id = int(data["orgId"]), int(data["userId"])
    await organization_repository.upsert_organization(
        session, org_id, data.get("orgName"), data.get("orgImage"), envelope.occurred_at
    )
    await organization_repository.set_membership(session, org_id, profile_id, role, active, envelope.occurred_at)


# One durable consumer over the whole ORGS stream keeps role, member and organization events in order.
handlers = [Handler("org-projection", "orgs.>", apply_org_event)]

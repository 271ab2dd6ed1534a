"""The organizations projection, fed by the orgs stream: names and images for the event page, and admins and
promoters for the rights (who may put an event under an organization, whose admins edit its events)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.orgs import (
    ORG_CHANGES,
    ROLE_CHANGES,
    OrganizationChanged,
    RoleAdded,
    RoleChanged,
)
from events.models import Org, OrgRole
from kit.consumers import Handler
from kit.events import Envelope
from kit.projections import upsert_as_of


async def apply_org(session: AsyncSession, event: OrganizationChanged, envelope: Envelope) -> None:
    values = {"name": event.name, "image": event.image, "status": event.status}
    await upsert_as_of(session, Org, {"id": event.id}, values, at=envelope.occurred_at)


async def apply_role(session: AsyncSession, event: RoleChanged, envelope: Envelope) -> None:
    # The role event carries the organization's name and image: keep them, without touching its status or its
    # stamp (the organization's own events decide those), unless a newer organization event was applied already.
    await session.execute(
        insert(Org)
        .values(id=event.org_id, name=event.org_name, image=event.org_image, status="draft")
        .on_conflict_do_update(
            index_elements=[Org.id],
            set_={"name": event.org_name, "image": event.org_image},
            where=Org.changed_at.is_(None) | (Org.changed_at <= envelope.occurred_at),
        )
    )
    if isinstance(event, RoleAdded):
        await session.execute(
            insert(OrgRole).values(org_id=event.org_id, user_id=event.user_id, role=event.role).on_conflict_do_nothing()
        )
    else:
        await session.execute(
            delete(OrgRole).where(
                OrgRole.org_id == event.org_id, OrgRole.user_id == event.user_id, OrgRole.role == event.role
            )
        )


handlers: list[Handler[Any]] = [
    Handler("orgs", ORG_CHANGES, apply_org),
    Handler("org-roles", ROLE_CHANGES, apply_role),
]

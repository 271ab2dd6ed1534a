"""The projections' writes: each as of its announcement's time, so a late, older announcement changes nothing and
a redelivery is harmless."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import Carpet, CheckIn, EventStaff, EventView, Org, OrgMember, OrgRole, StudioMembership
from contracts.events import AttendeeChanged, CarpetsUpdated, EventChanged, EventDeleted, StaffAdded, StaffChanged
from contracts.orgs import (
    MemberAdded,
    MembershipChanged,
    OrganizationChanged,
    OrganizationUpdated,
    RoleAdded,
    RoleChanged,
)
from contracts.studios import MemberAdded as StudioMemberAdded
from contracts.studios import MemberChanged as StudioMemberChanged
from kit.events import Envelope
from kit.projections import instant, upsert_as_of


class ProjectionRepository:
    async def apply_event(self, session: AsyncSession, event: EventChanged, envelope: Envelope) -> None:
        at = envelope.occurred_at
        values = {
            "org_id": event.org_id,
            "organizer_id": event.organizer_id,
            "title": event.title or "",
            "starts_at": instant(event.starts_at),
            "ends_at": instant(event.ends_at),
            "time_zone": event.time_zone,
            "status": event.status,
            "deleted": isinstance(event, EventDeleted),
            "cancelled": event.cancelled_at is not None,
        }
        await upsert_as_of(session, EventView, {"id": event.id}, values, at=at)

    async def apply_staff(self, session: AsyncSession, event: StaffChanged, envelope: Envelope) -> None:
        at = envelope.occurred_at
        values = {"present": isinstance(event, StaffAdded)}
        key: dict[str, int | str] = {"event_id": event.event_id, "user_id": event.user_id, "role": event.role}
        await upsert_as_of(session, EventStaff, key, values, at=at)

    async def apply_check_in(self, session: AsyncSession, event: AttendeeChanged, at: datetime) -> bool:
        values = {"checked_in_at": instant(event.checked_in_at)}
        return await upsert_as_of(
            session, CheckIn, {"event_id": event.event_id, "user_id": event.user_id}, values, at=at
        )

    async def apply_org(self, session: AsyncSession, event: OrganizationChanged, envelope: Envelope) -> None:
        at = envelope.occurred_at
        await upsert_as_of(session, Org, {"id": event.id}, {"name": event.name, "image": event.image}, at=at)
        if isinstance(event, OrganizationUpdated):
            # Written by hand: the documents have their own stamp, and the insert must name `changed_at` too
            # (not null), which upsert_as_of would not leave alone.
            documents = {"agreement": event.agreement, "waiver": event.waiver, "documents_changed_at": at}
            statement = insert(Org).values(id=event.id, changed_at=at, **documents)
            await session.execute(
                statement.on_conflict_do_update(
                    index_elements=[Org.id],
                    set_={name: statement.excluded[name] for name in documents},
                    where=Org.documents_changed_at.is_(None) | (Org.documents_changed_at <= at),
                )
            )

    async def apply_org_member(self, session: AsyncSession, event: MembershipChanged, envelope: Envelope) -> None:
        at = envelope.occurred_at
        # The membership carries the organization's name and image: a chip known before its own events arrive.
        statement = insert(Org).values(id=event.org_id, name=event.org_name, image=event.org_image, changed_at=at)
        await session.execute(statement.on_conflict_do_nothing())
        values = {"member": isinstance(event, MemberAdded)}
        await upsert_as_of(session, OrgMember, {"org_id": event.org_id, "user_id": event.user_id}, values, at=at)

    async def apply_org_role(self, session: AsyncSession, event: RoleChanged, envelope: Envelope) -> None:
        at = envelope.occurred_at
        values = {"present": isinstance(event, RoleAdded)}
        key: dict[str, int | str] = {"org_id": event.org_id, "user_id": event.user_id, "role": event.role}
        await upsert_as_of(session, OrgRole, key, values, at=at)

    async def apply_studio_member(self, session: AsyncSession, event: StudioMemberChanged, envelope: Envelope) -> None:
        at = envelope.occurred_at
        values = {
            "studio_name": event.studio_name,
            "studio_image": event.studio_image,
            "published": event.studio_status == "published",
            "present": isinstance(event, StudioMemberAdded),
        }
        key: dict[str, int | str] = {"studio_id": event.studio_id, "user_id": event.user_id, "role": event.role}
        await upsert_as_of(session, StudioMembership, key, values, at=at)

    async def apply_carpets(self, session: AsyncSession, event: CarpetsUpdated, at: datetime) -> None:
        """The event's whole list, in order: each carpet as of `at`; the event's carpets left out are removed
        (kept, `present` false: a board beside one goes at the next build)."""
        for position, carpet in enumerate(event.carpets):
            values = {"event_id": event.event_id, "name": carpet.name[:100], "position": position, "present": True}
            await upsert_as_of(session, Carpet, {"id": carpet.id}, values, at=at)
        # Written by hand: an update of every other carpet of the event, not an upsert of one row.
        await session.execute(
            update(Carpet)
            .where(
                Carpet.event_id == event.event_id,
                Carpet.id.not_in([carpet.id for carpet in event.carpets]),
                Carpet.changed_at <= at,
            )
            .values(present=False, changed_at=at)
        )


projection_repository = ProjectionRepository()

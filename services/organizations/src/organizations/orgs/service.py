"""Organizations: the empty draft, the page, the whole-organization save, publishing, and the lists."""

from __future__ import annotations

from typing import Any

from fastapi import Response
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.orgs import OrganizationCreated, OrganizationPublished
from kit.db import utcnow
from kit.errors import Forbidden, Invalid
from kit.images import ImageRefs
from kit.paging import Page
from kit.principal import Principal
from kit.profiles import IdentityClient
from kit.rows import Rows, answer
from kit.text import format_mdy
from organizations import events
from organizations.models import Organization, OrganizationStatus, Role
from organizations.orgs import rules
from organizations.orgs.access import OrgAccess
from organizations.orgs.exceptions import CannotUnpublish, OrganizationNotFound
from organizations.orgs.repository import ListFilter, organization_repository
from organizations.orgs.schemas import (
    CallerRoles,
    LegalDocument,
    LegalDocumentIn,
    OrganizationUpdate,
    Socials,
)
from organizations.orgs.schemas import Organization as OrganizationView
from organizations.roles.service import role_service


def _document(value: LegalDocumentIn | None) -> dict[str, Any]:
    value = value or LegalDocumentIn()
    return rules.legal_document(value.title, value.subtitle, value.version, value.text)


class OrganizationService:
    async def _load(self, session: AsyncSession, org_id: int, principal: Principal, *, lock: bool) -> OrgAccess:
        found = await organization_repository.get_with_caller_roles(session, org_id, principal.profile_id, lock=lock)
        if found is None:
            raise OrganizationNotFound()
        return OrgAccess(found[0], found[1], principal)

    async def access(
        self, session: AsyncSession, org_id: int, principal: Principal, *, lock: bool = False
    ) -> OrgAccess:
        """The organization as the caller may see it: a draft is not found for anyone but its editors."""
        access = await self._load(session, org_id, principal, lock=lock)
        if not access.can_view:
            raise OrganizationNotFound()
        return access

    async def visible(self, rows: Rows, org_id: int, principal: Principal) -> None:
        """`access` for a hot read on kit.rows: not found unless the caller may see the organization."""
        found = await organization_repository.visibility(rows, org_id, principal.profile_id)
        if found is None:
            raise OrganizationNotFound()
        status, roles = found
        if not rules.can_view(status, editor=rules.can_edit(roles, is_platform_admin=principal.is_platform_admin)):
            raise OrganizationNotFound()

    async def editable(
        self, session: AsyncSession, org_id: int, principal: Principal, *, lock: bool = False
    ) -> OrgAccess:
        """For writes: 404 when it does not exist, 403 for anyone but its editors (a draft included)."""
        access = await self._load(session, org_id, principal, lock=lock)
        if not access.can_edit:
            raise Forbidden()
        return access

    async def roles_of(self, session: AsyncSession, org_id: int, user_id: int) -> CallerRoles:
        """A user's roles in an organization, drafts included (internal: other services decide with it)."""
        found = await organization_repository.get_with_caller_roles(session, org_id, user_id)
        if found is None:
            raise OrganizationNotFound()
        organization, roles = found
        return CallerRoles(
            org_id=organization.id, user_id=user_id, status=OrganizationStatus(organization.status), roles=sorted(roles)
        )

    async def create(self, session: AsyncSession, principal: Principal) -> Organization:
        """An empty draft with the caller as its admin; the creation wizard fills it in."""
        assert principal.profile_id is not None
        organization = await organization_repository.add(session, Organization(status=OrganizationStatus.DRAFT))
        await events.organization_changed(session, OrganizationCreated, organization)
        await role_service.grant(session, organization, principal.profile_id, Role.ADMIN)
        return organization

    async def view(self, session: AsyncSession, identity: IdentityClient, access: OrgAccess) -> OrganizationView:
        org = access.organization
        total_members, total_points, total_events = await organization_repository.stats(session, org.id)
        people = await role_service.people(session, identity, org.id)
        return OrganizationView(
            id=org.id,
            name=org.name,
            image=org.image,
            status=OrganizationStatus(org.status),
            description=org.description,
            founded=format_mdy(org.founded),
            ranking_disabled=org.ranking_disabled,
            admins=people.admins,
            promoters=people.promoters,
            socials=Socials.model_validate(org.socials or {}),
            agreement=LegalDocument.model_validate(org.agreement or {}),
            waiver=LegalDocument.model_validate(org.waiver or {}),
            total_members=total_members,
            total_events=total_events,
            total_points=total_points,
            can_edit=access.can_edit,
            can_create_events=access.can_create_events,
            created_at=org.created_at,
        )

    async def save(
        self,
        session: AsyncSession,
        identity: IdentityClient,
        images: ImageRefs,
        access: OrgAccess,
        update: OrganizationUpdate,
    ) -> OrganizationView:
        """The whole organization: the name always, any other field that the body carries. A body saying
        status "published" on a draft publishes it (the wizard's last step may save and publish at once)."""
        org = access.organization
        given = update.model_fields_set
        if update.status == OrganizationStatus.DRAFT and org.status == OrganizationStatus.PUBLISHED:
            raise CannotUnpublish()
        org.name = update.name
        if "image" in given:
            await images.require({"image": (org.image, update.image)})
            org.image = update.image or None
        if "description" in given:
            org.description = rules.description(update.description)
        if "founded" in given:
            org.founded = update.founded
        if "ranking_disabled" in given:
            org.ranking_disabled = True if update.ranking_disabled is None else update.ranking_disabled
        if "socials" in given:
            org.socials = update.socials.model_dump(by_alias=False) if update.socials else Socials().model_dump()
        if "agreement" in given:
            org.agreement = _document(update.agreement)
        if "waiver" in given:
            org.waiver = _document(update.waiver)
        await session.flush()
        await events.organization_updated(session, org)
        if update.status == OrganizationStatus.PUBLISHED:
            await self._publish(session, org)
        return await self.view(session, identity, access)

    async def publish(self, session: AsyncSession, identity: IdentityClient, access: OrgAccess) -> OrganizationView:
        """Draft → published, once; publishing a published organization changes nothing."""
        await self._publish(session, access.organization)
        return await self.view(session, identity, access)

    async def _publish(self, session: AsyncSession, org: Organization) -> None:
        if org.status == OrganizationStatus.PUBLISHED:
            return
        try:
            rules.organization_name(org.name)
        except ValueError as exc:
            raise Invalid(str(exc)) from exc
        org.status = OrganizationStatus.PUBLISHED
        org.published_at = utcnow()
        await session.flush()
        await events.organization_changed(session, OrganizationPublished, org)

    async def page(
        self, rows: Rows, principal: Principal, page: Page, *, user_id: int | None, keyword: str | None
    ) -> Response:
        """Published organizations; with `user_id`, those where that user is admin, promoter or member, and
        their drafts too when the user is the caller. The `OrganizationList` as JSON, built from the rows."""
        where = ListFilter(
            user_id=user_id,
            with_drafts=user_id is not None and user_id == principal.profile_id,
            keyword=(keyword or "").strip() or None,
        )
        found = await organization_repository.list_page(rows, where, page)
        totals = found[0]
        return answer(
            {
                "items": [
                    {
                        "id": row["id"],
                        "name": row["name"],
                        "image": row["image"],
                        "membersCount": row["members_count"],
                        "status": row["status"],
                        "current": row["current_events"],
                        "future": row["future_events"],
                        "past": row["past_events"],
                    }
                    for row in found
                    if row["id"] is not None
                ],
                "totalCurrent": totals["total_current"],
                "totalFuture": totals["total_future"],
                "totalPast": totals["total_past"],
            }
        )


organization_service = OrganizationService()

"""Video clips of an organization or an event."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.rights import edits_event
from kit.errors import Forbidden
from kit.paging import Page
from kit.principal import Principal
from organizations.media.exceptions import LIST_SCOPE_REQUIRED, EventNotFound, MediaNotFound, ScopeRequired
from organizations.media.repository import media_repository
from organizations.media.schemas import Media as MediaView
from organizations.media.schemas import MediaIn
from organizations.models import Media
from organizations.org_events.repository import EventEditing, org_event_repository
from organizations.orgs.repository import organization_repository
from organizations.orgs.service import organization_service

FIRST_PAGE = Page(p=0, pp=100)


class MediaService:
    async def page(
        self, session: AsyncSession, principal: Principal, *, org_id: int | None, event_id: int | None, page: Page
    ) -> list[MediaView]:
        """An organization's clips (a draft's only for its editors) and/or an event's clips (a draft event's
        only for its editors). A draft event answers others an empty list, as an unknown one does, not 404: our
        projection may still say draft a moment after the event was published, and the page asks at once."""
        if org_id is None and event_id is None:
            raise ScopeRequired(LIST_SCOPE_REQUIRED)
        if org_id is not None:
            await organization_service.access(session, org_id, principal)
        if event_id is not None:
            event = await org_event_repository.editing(session, event_id, principal.profile_id)
            if event is not None and event.status != "published":
                if not await self._edits_event(session, principal, event):
                    return []
        rows = await media_repository.page(session, org_id=org_id, event_id=event_id, page=page)
        return [
            MediaView(
                id=row.id,
                name=row.name,
                link=row.link,
                user_id=row.user_id,
                org_id=row.organization_id,
                event_id=row.event_id,
                created_at=row.created_at,
            )
            for row in rows
        ]

    async def save(self, session: AsyncSession, principal: Principal, body: MediaIn) -> list[MediaView]:
        """A new clip, or new link and name for an existing one; answers the list the clip is shown in."""
        assert principal.profile_id is not None
        if body.id is not None:
            media = await media_repository.get(session, body.id)
            if media is None:
                raise MediaNotFound()
            await self._authorize(session, principal, media.organization_id, media.event_id)
            media.link = body.link
            if body.name is not None:
                media.name = body.name
            await session.flush()
        else:
            if body.org_id is None and body.event_id is None:
                raise ScopeRequired()
            # An event's clip belongs to the event's organization (shown on its Media tab too), whatever the
            # body says.
            org_id = await self._authorize(session, principal, body.org_id, body.event_id)
            media = await media_repository.add(
                session,
                Media(
                    link=body.link,
                    name=body.name or "",
                    user_id=principal.profile_id,
                    organization_id=org_id,
                    event_id=body.event_id,
                ),
            )
        return await self._list_of(session, principal, media)

    async def delete(self, session: AsyncSession, principal: Principal, media_id: int) -> list[MediaView]:
        media = await media_repository.get(session, media_id)
        if media is None:
            raise MediaNotFound()
        await self._authorize(session, principal, media.organization_id, media.event_id)
        await media_repository.delete(session, media)
        return await self._list_of(session, principal, media)

    async def _authorize(
        self, session: AsyncSession, principal: Principal, org_id: int | None, event_id: int | None
    ) -> int | None:
        """An organization's clips are its editors' to change; an event's clips its editors' (the organizer,
        the event's admins, its organization's admins, platform admins). Answers the clip's organization."""
        if event_id is None:
            assert org_id is not None
            await organization_service.editable(session, org_id, principal)
            return org_id
        event = await org_event_repository.editing(session, event_id, principal.profile_id)
        if event is None:
            raise EventNotFound()
        if not await self._edits_event(session, principal, event):
            if event.status != "published":
                raise EventNotFound()
            raise Forbidden()
        return event.org_id

    async def _edits_event(self, session: AsyncSession, principal: Principal, event: EventEditing) -> bool:
        # The organizer and the event's admins come as one flag (`staff_editor`) from the projection.
        org_roles: frozenset[str] = frozenset()
        if (
            not (principal.is_platform_admin or event.staff_editor)
            and event.org_id is not None
            and principal.profile_id is not None
        ):
            caller = principal.profile_id
            found = await organization_repository.get_with_caller_roles(session, event.org_id, caller)
            org_roles = frozenset(found[1]) if found is not None else frozenset()
        return edits_event(
            organizer=event.staff_editor,
            event_roles=(),
            org_roles=org_roles,
            platform_admin=principal.is_platform_admin,
        )

    async def _list_of(self, session: AsyncSession, principal: Principal, media: Media) -> list[MediaView]:
        """The event's list for an event's clip (the event page's media panel), otherwise the organization's
        (its Media tab)."""
        if media.event_id is not None:
            return await self.page(session, principal, org_id=None, event_id=media.event_id, page=FIRST_PAGE)
        return await self.page(session, principal, org_id=media.organization_id, event_id=None, page=FIRST_PAGE)


media_service = MediaService()

"""Video clips of an organization or an event."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from kit.errors import Forbidden
from kit.paging import Page
from kit.principal import Principal
from organizations.media.exceptions import LIST_SCOPE_REQUIRED, MediaNotFound, ScopeRequired
from organizations.media.repository import media_repository
from organizations.media.schemas import Media as MediaView
from organizations.media.schemas import MediaIn
from organizations.models import Media
from organizations.orgs.service import organization_service

FIRST_PAGE = Page(p=0, pp=100)


class MediaService:
    async def page(
        self, session: AsyncSession, principal: Principal, *, org_id: int | None, event_id: int | None, page: Page
    ) -> list[MediaView]:
        """An organization's clips (a draft's only for its editors) and/or an event's clips."""
        if org_id is None and event_id is None:
            raise ScopeRequired(LIST_SCOPE_REQUIRED)
        if org_id is not None:
            await organization_service.access(session, org_id, principal)
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
            await self._authorize(session, principal, media.organization_id)
            media.link = body.link
            if body.name is not None:
                media.name = body.name
            await session.flush()
        else:
            if body.org_id is None and body.event_id is None:
                raise ScopeRequired()
            await self._authorize(session, principal, body.org_id)
            media = await media_repository.add(
                session,
                Media(
                    link=body.link,
                    name=body.name or "",
                    user_id=principal.profile_id,
                    organization_id=body.org_id,
                    event_id=body.event_id,
                ),
            )
        return await self._list_of(session, principal, media)

    async def delete(self, session: AsyncSession, principal: Principal, media_id: int) -> list[MediaView]:
        media = await media_repository.get(session, media_id)
        if media is None:
            raise MediaNotFound()
        await self._authorize(session, principal, media.organization_id)
        await media_repository.delete(session, media)
        return await self._list_of(session, principal, media)

    async def _authorize(self, session: AsyncSession, principal: Principal, org_id: int | None) -> None:
        """An organization's clips (its events' included) are its editors' to change. A clip of an event
        outside any organization: platform admins only, until the events service tells us its editors."""
        if org_id is not None:
            await organization_service.editable(session, org_id, principal)
        elif not principal.is_platform_admin:
            raise Forbidden()

    async def _list_of(self, session: AsyncSession, principal: Principal, media: Media) -> list[MediaView]:
        """The organization's list when the clip has one (the organization page's Media tab), otherwise the
        event's."""
        if media.organization_id is not None:
            return await self.page(session, principal, org_id=media.organization_id, event_id=None, page=FIRST_PAGE)
        return await self.page(session, principal, org_id=None, event_id=media.event_id, page=FIRST_PAGE)


media_service = MediaService()

"""Studios: the empty draft, the page, the full save (geocoded), publish and deactivate, delete, the grid and the
map."""

from __future__ import annotations

from fastapi import Response
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.studios import MemberRemoved
from kit.db import utcnow
from kit.errors import Forbidden, Invalid
from kit.images import ImageRefs
from kit.places import Geocoder
from kit.places.bounds import Box, Point, centre
from kit.principal import Principal
from kit.profiles import IdentityClient
from kit.rows import Rows, answer
from kit.text import format_mdy
from studios import events
from studios.competitions.repository import competition_repository
from studios.members.service import member_service
from studios.models import Role, Studio, StudioMember, StudioStatus
from studios.studios import rules
from studios.studios.access import StudioAccess
from studios.studios.exceptions import StudioNotFound
from studios.studios.repository import item_of, studio_repository
from studios.studios.schemas import Socials, StudioUpdate
from studios.studios.schemas import Studio as StudioView


class StudioService:
    async def _load(self, session: AsyncSession, studio_id: int, principal: Principal, *, lock: bool) -> StudioAccess:
        found = await studio_repository.get_with_caller_roles(session, studio_id, principal.profile_id, lock=lock)
        if found is None:
            raise StudioNotFound()
        return StudioAccess(found[0], found[1], principal)

    async def access(self, session: AsyncSession, studio_id: int, principal: Principal) -> StudioAccess:
        """The studio as the caller may see it: a draft is not found for anyone but its editors."""
        access = await self._load(session, studio_id, principal, lock=False)
        if not access.can_view:
            raise StudioNotFound()
        return access

    async def editable(
        self, session: AsyncSession, studio_id: int, principal: Principal, *, lock: bool = False
    ) -> StudioAccess:
        """For writes: 404 when it does not exist, 403 for anyone but its editors (a draft included)."""
        access = await self._load(session, studio_id, principal, lock=lock)
        if not access.can_edit:
            raise Forbidden()
        return access

    async def create(self, session: AsyncSession, principal: Principal) -> Studio:
        """An empty draft with the caller as its admin; the wizard fills it in."""
        assert principal.profile_id is not None
        studio = await studio_repository.add(session, Studio(status=StudioStatus.DRAFT))
        await member_service.grant(session, studio, principal.profile_id, Role.ADMIN)
        return studio

    async def view(self, session: AsyncSession, identity: IdentityClient, access: StudioAccess) -> StudioView:
        studio = access.studio
        counts: dict[str, int] = dict(
            (
                await session.execute(
                    select(StudioMember.role, func.count())
                    .where(StudioMember.studio_id == studio.id)
                    .group_by(StudioMember.role)
                )
            ).all()
        )
        battles_entered, total_wins = await competition_repository.stats(session, studio.id)
        return StudioView(
            id=studio.id,
            name=studio.name,
            image=studio.image,
            description=studio.description,
            founded=format_mdy(studio.founded),
            status=StudioStatus(studio.status),
            can_edit=access.can_edit,
            location_address=studio.location_address,
            location_lat=studio.lat,
            location_lng=studio.lng,
            # saved as typed but off the map: the form says so (docs/decisions.md, "Places and geocoding")
            location_not_found=studio.location_address is not None and studio.lat is None,
            socials=Socials.model_validate(studio.socials or {}),
            admins=await member_service.admins(session, identity, studio.id),
            total_students=counts.get(Role.STUDENT, 0),
            total_teachers=counts.get(Role.TEACHER, 0),
            battles_entered=battles_entered,
            total_wins=total_wins,
        )

    async def save(
        self,
        session: AsyncSession,
        identity: IdentityClient,
        images: ImageRefs,
        geocoder: Geocoder,
        access: StudioAccess,
        update: StudioUpdate,
    ) -> StudioView:
        """The full studio; a field the body leaves out keeps its value. A published studio keeps a name."""
        studio = access.studio
        given = update.model_fields_set
        if "name" in given and update.name is not None:
            if studio.status == StudioStatus.PUBLISHED:
                self._publishable(update.name)
            studio.name = update.name
        if "image" in given:
            await images.require({"image": (studio.image, update.image)})
            studio.image = update.image or None
        if "description" in given:
            studio.description = rules.description(update.description)
        if "founded" in given:
            studio.founded = update.founded
        if "socials" in given:
            studio.socials = (update.socials or Socials()).model_dump(by_alias=False)
        if "location_address" in given or "location_lat" in given:
            await self._locate(studio, geocoder, update, given)
        await session.flush()
        return await self.view(session, identity, access)

    async def _locate(self, studio: Studio, geocoder: Geocoder, update: StudioUpdate, given: set[str]) -> None:
        """Coordinates picked with the address are kept; an address alone is geocoded (the shared geocoder: at
        its street with Photon or Nominatim, its city with the gazetteer; an address it cannot place is kept,
        without coordinates, and the answer's locationNotFound says so); a blank address clears the place."""
        address = rules.location(update.location_address) if "location_address" in given else studio.location_address
        unchanged = address == studio.location_address and studio.lat is not None
        studio.location_address = address
        if address is None:
            studio.lat = studio.lng = None
        elif update.location_lat is not None and update.location_lng is not None:
            studio.lat, studio.lng = update.location_lat, update.location_lng
        elif unchanged:
            pass  # the same address saved again (settings' General Info) keeps the place picked for it
        else:
            found = await geocoder.geocode(address)
            studio.lat, studio.lng = (found.lat, found.lng) if found else (None, None)

    @staticmethod
    def _publishable(name: str) -> None:
        try:
            rules.publishable_name(name)
        except ValueError as exc:
            raise Invalid(str(exc), field="name") from exc

    async def publish(self, session: AsyncSession, identity: IdentityClient, access: StudioAccess) -> StudioView:
        """Draft → published; publishing a published studio changes nothing."""
        studio = access.studio
        if studio.status != StudioStatus.PUBLISHED:
            self._publishable(studio.name)
            studio.status = StudioStatus.PUBLISHED
            studio.published_at = utcnow()
            await session.flush()
        return await self.view(session, identity, access)

    async def deactivate(self, session: AsyncSession, identity: IdentityClient, access: StudioAccess) -> StudioView:
        """Published → draft (the screen's 'Deactivate'): hidden from the public, kept for its editors."""
        studio = access.studio
        if studio.status != StudioStatus.DRAFT:
            studio.status = StudioStatus.DRAFT
            await session.flush()
        return await self.view(session, identity, access)

    async def delete(self, session: AsyncSession, access: StudioAccess) -> None:
        """Gone with its members; each member's removal is announced (battles drops the studio from profiles)."""
        studio = access.studio
        members = (
            await session.execute(
                select(StudioMember.user_id, StudioMember.role).where(StudioMember.studio_id == studio.id)
            )
        ).all()
        for user_id, role in members:
            await events.member_changed(session, MemberRemoved, studio, user_id, role)
        await studio_repository.delete(session, studio)

    async def page(
        self, rows: Rows, principal: Principal, *, p: int, pp: int, user_id: int | None, keyword: str | None
    ) -> Response:
        """Published studios by name; with `user_id`, that user's studios (their drafts too when it is the caller)."""
        found = await studio_repository.page(
            rows,
            user_id=user_id,
            with_drafts=user_id is not None and user_id == principal.profile_id,
            keyword=rules.keyword(keyword),
            limit=pp,
            offset=p * pp,
        )
        return answer({"items": [item_of(row) for row in found]})

    async def map(
        self,
        rows: Rows,
        *,
        p: int,
        pp: int,
        boxes: tuple[Box, ...] | None,
        near: Point | None,
        keyword: str | None,
    ) -> Response:
        """Published studios with a place in the view, nearest to `near` (else the view's centre) first."""
        found = await studio_repository.map_page(
            rows,
            boxes=boxes,
            near=near or centre(boxes),
            keyword=rules.keyword(keyword),
            limit=pp,
            offset=p * pp,
        )
        return answer({"items": [item_of(row) for row in found]})


studio_service = StudioService()

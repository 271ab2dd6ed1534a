"""Events: the draft, the page, the whole-event save, publishing, deleting, carpets and staff."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import EventCreated, EventDeleted, EventPublished, EventUpdated, StaffAdded, StaffRemoved
from events import publish
from events.events import rules, view
from events.events.repository import event_repository
from events.events.schemas import CarpetIn, EventUpdate, RoleChange, TierIn
from events.models import Carpet, Event, EventStaff, EventStatus, Tier
from kit import profiles
from kit.db import utcnow
from kit.errors import Conflict, Forbidden, Invalid, NotFound
from kit.images import ImageRefs
from kit.places import Geocoder
from kit.principal import Principal
from kit.profiles import IdentityClient
from kit.rows import Rows


class EventNotFound(NotFound):
    def __init__(self) -> None:
        super().__init__(rules.EVENT_NOT_FOUND, code="event_not_found")


@dataclass(frozen=True, slots=True)
class EventAccess:
    event: Event
    roles: frozenset[str]  # the caller's staff roles on the event
    org_admin: bool  # the caller administers the event's organization
    principal: Principal

    @property
    def can_edit(self) -> bool:
        return rules.can_edit(
            self.principal.profile_id,
            self.event.organizer_id,
            self.roles,
            org_admin=self.org_admin,
            is_platform_admin=self.principal.is_platform_admin,
        )


class EventService:
    async def editable(
        self, session: AsyncSession, event_id: int, principal: Principal, *, lock: bool = True
    ) -> EventAccess:
        """For writes: 404 when it does not exist (or was deleted), 403 for anyone but its editors. The row
        stays locked until the request commits (not for an editors' read: `lock` false)."""
        found = await event_repository.for_write(session, event_id, principal.profile_id, lock=lock)
        if found is None or found[0].deleted_at is not None:
            raise EventNotFound()
        access = EventAccess(found[0], found[1], found[2], principal)
        if not access.can_edit:
            raise Forbidden()
        return access

    async def page(self, rows: Rows, event_id: int, principal: Principal) -> dict[str, Any]:
        row = await event_repository.view(rows, event_id, principal.profile_id)
        if row is None or not view.visible(row, principal):
            raise EventNotFound()
        return view.event_of(row, principal, utcnow())

    async def answer(self, session: AsyncSession, event_id: int, principal: Principal) -> dict[str, Any]:
        row = await event_repository.view_in(session, event_id, principal.profile_id)
        assert row is not None
        return view.event_of(row, principal, utcnow())

    async def create(self, session: AsyncSession, identity: IdentityClient, principal: Principal) -> Event:
        """An empty draft with the caller as its organizer; the wizard fills it in. The organizer's name is
        read from identity now if the profile projection has not seen them yet (a new user's first event),
        so the wizard's staff list shows it at once."""
        assert principal.profile_id is not None
        await profiles.ensure_exists(session, identity, principal.profile_id)
        event = Event(organizer_id=principal.profile_id, status=EventStatus.DRAFT, time_zone=rules.PLATFORM_ZONE)
        session.add(event)
        await session.flush()
        await publish.event_changed(session, EventCreated, event)
        return event

    async def save(
        self,
        session: AsyncSession,
        images: ImageRefs,
        geocoder: Geocoder,
        access: EventAccess,
        update: EventUpdate,
    ) -> dict[str, Any]:
        event = access.event
        given = update.model_fields_set
        if "org_id" in given and (update.org_id or None) != event.org_id:
            await self._check_org(session, access.principal, update.org_id or None)
            event.org_id = update.org_id or None
        await images.require(
            {
                field: (getattr(event, attr), getattr(update, attr))
                for field, attr in (
                    ("image", "image"),
                    ("scoreboardLogo", "scoreboard_logo"),
                    ("scoreboardBgImage", "scoreboard_bg_image"),
                )
                if attr in given
            }
        )
        for attr in ("image", "scoreboard_logo", "scoreboard_bg_image"):
            if attr in given:
                setattr(event, attr, getattr(update, attr) or None)
        if "title" in given:
            event.title = update.title or ""
        previous_address = event.location_address
        if "location_address" in given:
            event.location_address = update.location_address or ""
        if "website" in given:
            event.website = update.website or ""
        if "description" in given:
            event.description = rules.description(update.description)
        if "coordinates" in given and update.coordinates is not None:
            point = update.coordinates  # a place chosen in the wizard's search
            event.lat, event.lng = point.lat, point.lng
        elif "coordinates" in given or event.location_address != previous_address or event.lat is None:
            # An address typed without choosing a place (or a provider that does not autocomplete): the
            # geocoder finds it (at its street with Photon or Nominatim); an address it cannot place, or none,
            # leaves the event without coordinates (the answer's locationNotFound). An unchanged address keeps the
            # coordinates of the place chosen for it.
            found = await geocoder.geocode(event.location_address) if event.location_address else None
            event.lat, event.lng = (found.lat, found.lng) if found else (None, None)
        event.time_zone = rules.zone_at(event.lat, event.lng)
        if "date_start" in given:
            event.local_start = rules.parse_local(update.date_start)
        if "date_end" in given:
            event.local_end = rules.parse_local(update.date_end)
        # The instants follow the wall times and the zone, whichever of them changed (end before start is
        # allowed: the wizard only warns).
        event.starts_at = rules.to_utc(event.local_start, event.time_zone)
        event.ends_at = rules.to_utc(event.local_end, event.time_zone)
        event.updated_at = utcnow()
        if update.tiers is not None:
            await self._replace_tiers(session, event, update.tiers)
        await publish.event_changed(session, EventUpdated, event)
        if update.carpets is not None:
            await self._replace_carpets(session, event, update.carpets)
        return await self.answer(session, event.id, access.principal)

    async def _check_org(self, session: AsyncSession, principal: Principal, org_id: int | None) -> None:
        """0 is the platform; any other organization must be one where the caller is admin or promoter."""
        if org_id is None:
            return
        assert principal.profile_id is not None
        known, roles = await event_repository.org_roles(session, org_id, principal.profile_id)
        if not known:
            raise Invalid(rules.ORG_NOT_FOUND, field="orgId")
        if not rules.may_use_org(roles, is_platform_admin=principal.is_platform_admin):
            raise Forbidden(rules.ORG_NOT_ALLOWED)

    async def _replace_tiers(self, session: AsyncSession, event: Event, given: Sequence[TierIn]) -> None:
        """The list as given, in its order; a tier keeps its id when the body names it (tickets will point at
        it). An id of another event's tier is treated as new."""
        stored = {tier.id: tier for tier in await event_repository.tiers(session, event.id)}
        kept: set[int] = set()
        for position, item in enumerate(given):
            tier = stored.get(item.id) if item.id is not None else None
            if tier is None:
                tier = Tier(event_id=event.id)
                session.add(tier)
            else:
                kept.add(tier.id)
            tier.position, tier.title, tier.cost_cents = position, item.title, item.cost
            tier.description = item.description
        for tier_id, tier in stored.items():
            if tier_id not in kept:
                await session.delete(tier)

    async def _replace_carpets(self, session: AsyncSession, event: Event, given: Sequence[CarpetIn]) -> list[Carpet]:
        """As tiers: kept by id (battles are held on a carpet), in the given order, 'Carpet N' when unnamed.
        events.carpets.updated goes out only when something changed."""
        stored = await event_repository.carpets(session, event.id)
        by_id = {carpet.id: carpet for carpet in stored}
        before = [(c.id, c.name) for c in stored]
        names = rules.carpet_names(item.name for item in given)
        result: list[Carpet] = []
        for position, (item, name) in enumerate(zip(given, names, strict=True)):
            carpet = by_id.pop(item.id, None) if item.id is not None else None
            if carpet is None:
                carpet = Carpet(event_id=event.id)
                session.add(carpet)
            carpet.position, carpet.name = position, name
            result.append(carpet)
        for carpet in by_id.values():
            await session.delete(carpet)
        await session.flush()
        if [(c.id, c.name) for c in result] != before:
            await publish.carpets_updated(session, event, result)
        return result

    async def carpets(
        self, session: AsyncSession, access: EventAccess, given: Sequence[CarpetIn]
    ) -> list[dict[str, Any]]:
        carpets = await self._replace_carpets(session, access.event, given)
        return [{"id": c.id, "name": c.name} for c in carpets]

    async def publish(self, session: AsyncSession, access: EventAccess) -> dict[str, Any]:
        """Both dates and a name are needed; publishing twice changes nothing."""
        event = access.event
        if event.status != EventStatus.PUBLISHED:
            try:
                rules.publishable(
                    event.title,
                    event.local_start,
                    event.local_end,
                    address=event.location_address,
                    lat=event.lat,
                    lng=event.lng,
                )
            except ValueError as exc:
                raise Invalid(str(exc)) from None
            event.status = EventStatus.PUBLISHED
            event.updated_at = utcnow()
            await publish.event_changed(session, EventPublished, event)
        return await self.answer(session, event.id, access.principal)

    async def delete(self, session: AsyncSession, access: EventAccess) -> None:
        """A soft delete of a draft: the row stays (battles keep their references), hidden everywhere. A published
        event is cancelled instead (its tickets refunded, its people told): nothing changes here."""
        event = access.event
        try:
            rules.deletable(event.status)
        except ValueError as exc:
            raise Conflict(str(exc), code="event_published") from None
        event.deleted_at = utcnow()
        await publish.event_changed(session, EventDeleted, event)

    # --- staff ------------------------------------------------------------------------------------------------

    async def add_role(
        self, session: AsyncSession, identity: IdentityClient, access: EventAccess, change: RoleChange
    ) -> dict[str, Any]:
        """Adding a role the user already holds changes nothing and answers the same lists."""
        await profiles.ensure_exists(session, identity, change.user_id)
        event = access.event
        exists = await session.get(EventStaff, (event.id, str(change.role), change.user_id))
        if exists is None:
            session.add(EventStaff(event_id=event.id, role=str(change.role), user_id=change.user_id))
            await publish.staff_changed(session, StaffAdded, event, change.user_id, str(change.role))
        return await self._staff(session, access)

    async def remove_role(self, session: AsyncSession, access: EventAccess, change: RoleChange) -> dict[str, Any]:
        event = access.event
        result = await session.execute(
            delete(EventStaff)
            .where(
                EventStaff.event_id == event.id,
                EventStaff.user_id == change.user_id,
                EventStaff.role == str(change.role),
            )
            .returning(EventStaff.user_id)
        )
        if result.first() is not None:
            await publish.staff_changed(session, StaffRemoved, event, change.user_id, str(change.role))
        return await self._staff(session, access)

    async def _staff(self, session: AsyncSession, access: EventAccess) -> dict[str, Any]:
        row = await event_repository.view_in(session, access.event.id, access.principal.profile_id)
        assert row is not None
        return view.staff_of(row)


event_service = EventService()

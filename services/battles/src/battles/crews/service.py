"""Crews: a captain registers one (inviting the others), edits it, members join, accept, decline and leave; the
battle's admins create, accept, decline and unregister. A crew is one entry of the battle (its place under the
cap); its dancers are registered once confirmed. Every path holds the battle's row."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy.ext.asyncio import AsyncSession

from battles import events
from battles.battles.access import BattleAccess
from battles.battles.repository import battle_repository
from battles.battles.schemas import Battle as BattleView
from battles.battles.service import battle_service
from battles.crews import rules
from battles.crews.repository import crew_repository
from battles.crews.schemas import CrewForm
from battles.models import Crew, CrewMember, Entry
from battles.registration import exceptions as registration_texts
from battles.registration import standing
from battles.registration.schemas import AdminPickerPage
from battles.registration.service import registration_service
from kit import profiles
from kit.db import utcnow
from kit.errors import Forbidden, Invalid, NotFound
from kit.profiles import IdentityClient


class CrewService:
    # --- reads and checks ------------------------------------------------------------------------------------

    async def _crew(self, session: AsyncSession, access: BattleAccess, crew_id: int) -> Crew:
        crew = await crew_repository.get(session, crew_id)
        if crew is None or crew.battle_id != access.battle.id:
            raise NotFound(rules.CREW_NOT_FOUND, code="crew_not_found")
        return crew

    async def _members(self, session: AsyncSession, crew_id: int) -> dict[int, CrewMember]:
        return await crew_repository.members(session, crew_id)

    async def _member(self, session: AsyncSession, crew: Crew, user_id: int) -> CrewMember:
        """A member of the crew (invited, asking or confirmed), or 404."""
        member = await crew_repository.member(session, crew.id, user_id)
        if member is None:
            raise NotFound(rules.MEMBER_NOT_FOUND)
        return member

    def _me(self, access: BattleAccess) -> int:
        """The signed-in caller (the routes of a dancer's own actions require one)."""
        assert access.user_id is not None
        return access.user_id

    def _crew_battle(self, access: BattleAccess) -> None:
        if not access.crew_battle:
            raise Invalid(rules.NOT_A_CREW_BATTLE)

    async def _crew_of_battle(
        self, session: AsyncSession, access: BattleAccess, crew_id: int
    ) -> tuple[Crew, dict[int, CrewMember]]:
        """A crew of this crew battle and its members, by user id."""
        self._crew_battle(access)
        crew = await self._crew(session, access, crew_id)
        return crew, await self._members(session, crew.id)

    async def _admins_member(
        self, session: AsyncSession, access: BattleAccess, crew_id: int, user_id: int
    ) -> tuple[Crew, CrewMember]:
        """A member of a crew, for its captain or the battle's admins to act on."""
        crew = await self._crew(session, access, crew_id)
        self._captain_or_admin(access, crew)
        return crew, await self._member(session, crew, user_id)

    async def _joinable(
        self,
        session: AsyncSession,
        identity: IdentityClient,
        access: BattleAccess,
        users: Iterable[int],
        crew_id: int | None,
    ) -> None:
        """The selector's exclusions, on the server: the event's organizer, admins and hosts, the battle's judges,
        and confirmed members of other crews (already registered)."""
        users = list(users)
        if not users:
            return
        known = await battle_repository.profiles(session, users)
        for user_id in users:
            if user_id not in known:
                await profiles.ensure_exists(session, identity, user_id)
        excluded = await registration_service.excluded(session, access)
        elsewhere = await crew_repository.confirmed_elsewhere(session, access.battle.id, users, crew_id)
        taken = excluded["staff"] | elsewhere
        for user_id in users:
            if user_id in taken:
                profile = known.get(user_id) or (await battle_repository.profiles(session, [user_id])).get(user_id)
                name = (profile.dancer_name if profile else None) or f"Dancer {user_id}"
                raise Invalid(rules.CANNOT_JOIN.format(name=name))

    def _captain_or_admin(self, access: BattleAccess, crew: Crew) -> None:
        if not (access.is_admin or crew.captain_id == access.user_id):
            raise Forbidden(rules.CAPTAIN_OR_ADMIN)

    def _size(self, access: BattleAccess, members: int) -> None:
        if not rules.within_size(members, access.battle.crew_size):
            raise Invalid(rules.too_many(access.battle.crew_size))

    def _name(self, value: str | None) -> str:
        try:
            return rules.crew_name(value)
        except ValueError as exc:
            raise Invalid(str(exc), field="name") from exc

    async def _entry(self, session: AsyncSession, crew: Crew) -> Entry | None:
        return await crew_repository.entry(session, crew.id)

    async def candidates(
        self,
        session: AsyncSession,
        access: BattleAccess,
        *,
        crew_id: int | None,
        keyword: str | None,
        limit: int,
        offset: int,
    ) -> AdminPickerPage:
        """The crew form's search: the admins' picker without the caller; a crew edited keeps its own members."""
        self._crew_battle(access)
        me = access.user_id
        keep: set[int] = set()
        if crew_id is not None:
            keep = set(await self._members(session, (await self._crew(session, access, crew_id)).id))
        return await registration_service.picker(
            session,
            access,
            keyword=keyword,
            limit=limit,
            offset=offset,
            exclude=[me] if me is not None else [],
            keep=keep - {me},
            with_signatures=access.is_admin,
        )

    # --- the captain and the dancers -------------------------------------------------------------------------

    async def create(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, form: CrewForm
    ) -> BattleView:
        """The caller is the captain and a confirmed member, the others are invited. A battle admin who is not in
        the list registers the crew for them: every member is invited, the first is its captain."""
        self._crew_battle(access)
        battle = access.battle
        if form.event_id is not None and form.event_id != battle.event_id:
            raise Invalid(rules.WRONG_EVENT, field="eventId")
        name = self._name(form.name)
        me = self._me(access)
        wanted = list(dict.fromkeys(form.user_ids))
        for_others = access.is_admin and me not in wanted
        others = [u for u in wanted if u != me]
        if for_others:
            if not others:
                raise Invalid(registration_texts.USERS_REQUIRED, field="userIds")
        else:
            await registration_service.check_may_register(session, identity, access, me)
            await self._joinable(session, identity, access, [me], None)
        self._size(access, len(others) + (0 if for_others else 1))
        await self._joinable(session, identity, access, others, None)
        crew = Crew(battle_id=battle.id, name=name, captain_id=others[0] if for_others else me)
        session.add(crew)
        await session.flush()
        now = utcnow()
        if not for_others:
            session.add(CrewMember(crew_id=crew.id, user_id=me, battle_id=battle.id, confirmed=True, confirmed_at=now))
        for user_id in others:
            session.add(CrewMember(crew_id=crew.id, user_id=user_id, battle_id=battle.id, confirmed=False))
        await standing.add_entry(session, battle, crew_id=crew.id)
        await standing.rebalance(session, battle)
        if not for_others:
            await events.registered(session, battle, [me], crew.id)
        for user_id in others:
            await events.invited(session, battle, crew.id, crew.name, user_id, me)
        return await battle_service.view(session, identity, access)

    async def edit(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, crew_id: int, form: CrewForm
    ) -> BattleView:
        """New members are invited, missing ones removed; the captain stays."""
        crew, members = await self._crew_of_battle(session, access, crew_id)
        self._captain_or_admin(access, crew)
        battle = access.battle
        crew.name = self._name(form.name)
        wanted = list(dict.fromkeys(form.user_ids))
        if crew.captain_id in members and crew.captain_id not in wanted:
            wanted.insert(0, crew.captain_id)
        self._size(access, len(wanted))
        added = [u for u in wanted if u not in members]
        await self._joinable(session, identity, access, added, crew.id)
        removed = [m for u, m in members.items() if u not in wanted]
        for member in removed:
            await session.delete(member)
        for user_id in added:
            session.add(CrewMember(crew_id=crew.id, user_id=user_id, battle_id=battle.id, confirmed=False))
        await session.flush()
        await standing.rebalance(session, battle)
        await events.unregistered(session, battle, [m.user_id for m in removed if m.confirmed], crew.id)
        for user_id in added:
            await events.invited(session, battle, crew.id, crew.name, user_id, access.user_id)
        await events.touched(session, battle)
        return await battle_service.view(session, identity, access)

    async def leave(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, crew_id: int
    ) -> BattleView:
        """A member leaves; the captain (or the last confirmed member) leaving unregisters the crew."""
        crew, members = await self._crew_of_battle(session, access, crew_id)
        me = access.user_id
        member = members.get(me or 0)
        if member is None:
            raise Invalid(rules.NOT_A_MEMBER)
        confirmed = [m for m in members.values() if m.confirmed]
        if crew.captain_id == me or (member.confirmed and len(confirmed) == 1):
            await self.dissolve(session, access, crew)
        else:
            await self._remove(session, access, crew, member)
        return await battle_service.view(session, identity, access)

    async def join(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, crew_id: int
    ) -> BattleView:
        """The caller asks to join: an unconfirmed member until the captain or an admin accepts."""
        crew, members = await self._crew_of_battle(session, access, crew_id)
        me = self._me(access)
        if me in members:
            raise Invalid(rules.ALREADY_MEMBER)
        await registration_service.check_may_register(session, identity, access, me, joining=True)
        await self._joinable(session, identity, access, [me], crew.id)
        self._size(access, len(members) + 1)
        session.add(
            CrewMember(crew_id=crew.id, user_id=me, battle_id=access.battle.id, confirmed=False, requested=True)
        )
        await session.flush()
        await events.touched(session, access.battle)
        return await battle_service.view(session, identity, access)

    async def accept(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, crew_id: int
    ) -> BattleView:
        """The caller accepts their invitation (with their signatures where the organization asks for them)."""
        crew, members = await self._crew_of_battle(session, access, crew_id)
        me = self._me(access)
        member = members.get(me)
        if member is None or member.confirmed or member.requested:
            raise Invalid(rules.NO_INVITATION)
        await registration_service.check_may_register(session, identity, access, me, joining=True)
        await self._confirm(session, identity, access, crew, member)
        return await battle_service.view(session, identity, access)

    async def decline(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, crew_id: int
    ) -> BattleView:
        crew, members = await self._crew_of_battle(session, access, crew_id)
        member = members.get(access.user_id or 0)
        if member is None or member.confirmed:
            raise Invalid(rules.NO_INVITATION)
        others = [m for u, m in members.items() if u != member.user_id]
        if not others:
            await self.dissolve(session, access, crew)
            return await battle_service.view(session, identity, access)
        if crew.captain_id == member.user_id:
            # An admin's crew names its first invitee captain: declining passes it on, confirmed members first.
            crew.captain_id = sorted(others, key=lambda m: not m.confirmed)[0].user_id
        await session.delete(member)
        await session.flush()
        await events.touched(session, access.battle)
        return await battle_service.view(session, identity, access)

    # --- the battle's admins ---------------------------------------------------------------------------------

    async def admin_accept(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, crew_id: int, user_id: int
    ) -> BattleView:
        crew, member = await self._admins_member(session, access, crew_id, user_id)
        if not member.confirmed:
            # confirmed only once the documents are signed (by the dancer, or by an admin on their behalf)
            await registration_service.check_signed(session, access, [user_id])
            await self._confirm(session, identity, access, crew, member)
        return await battle_service.view(session, identity, access)

    async def admin_decline(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, crew_id: int, user_id: int
    ) -> BattleView:
        crew, member = await self._admins_member(session, access, crew_id, user_id)
        await self._remove(session, access, crew, member)
        return await battle_service.view(session, identity, access)

    async def admin_unregister(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, crew_id: int
    ) -> BattleView:
        crew = await self._crew(session, access, crew_id)
        await self.dissolve(session, access, crew)
        return await battle_service.view(session, identity, access)

    async def admin_remove(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, crew_id: int, user_id: int
    ) -> BattleView:
        """One dancer out of a crew; the crew goes when no confirmed member is left."""
        crew = await self._crew(session, access, crew_id)
        member = await self._member(session, crew, user_id)
        await self._remove(session, access, crew, member)
        return await battle_service.view(session, identity, access)

    # --- the writes ------------------------------------------------------------------------------------------

    async def _confirm(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, crew: Crew, member: CrewMember
    ) -> None:
        await self._joinable(session, identity, access, [member.user_id], crew.id)
        member.confirmed, member.confirmed_at, member.requested = True, utcnow(), False
        await session.flush()
        await standing.rebalance(session, access.battle)
        await events.registered(session, access.battle, [member.user_id], crew.id)
        await events.touched(session, access.battle)

    async def _remove(self, session: AsyncSession, access: BattleAccess, crew: Crew, member: CrewMember) -> None:
        """A member out; with no confirmed member left the crew is unregistered; a captain's place passes to the
        first confirmed member left."""
        members = await self._members(session, crew.id)
        left = [m for u, m in members.items() if u != member.user_id and m.confirmed]
        if member.confirmed and not left:
            await self.dissolve(session, access, crew)
            return
        await session.delete(member)
        if crew.captain_id == member.user_id and left:
            crew.captain_id = left[0].user_id
        await session.flush()
        await standing.rebalance(session, access.battle)
        if member.confirmed:
            await events.unregistered(session, access.battle, [member.user_id], crew.id)
        await events.touched(session, access.battle)

    async def dissolve(self, session: AsyncSession, access: BattleAccess, crew: Crew) -> None:
        """The crew unregistered: its entry goes (the wait list moves up), its confirmed dancers leave the battle."""
        members = await self._members(session, crew.id)
        confirmed = [u for u, m in members.items() if m.confirmed]
        await session.delete(crew)
        await session.flush()
        await standing.rebalance(session, access.battle)
        await events.unregistered(session, access.battle, confirmed, crew.id)


crew_service = CrewService()

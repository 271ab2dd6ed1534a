"""The battle's setup (the wizard): add, read, save, delete, judges; and the access of every battle route."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from battles import events
from battles.battles import rules, view
from battles.battles.access import BattleAccess, EventAccess
from battles.battles.exceptions import BattleNotFound, EventNotFound
from battles.battles.repository import battle_repository
from battles.battles.schemas import Battle as BattleView
from battles.battles.schemas import BattleUpdate
from battles.judging import rules as judging_rules
from battles.models import Battle, EventView
from battles.registration import standing
from battles.roundrobin import rules as roundrobin_rules
from battles.scoreboards import sync as board_sync
from battles.scoreboards.repository import scoreboard_repository
from battles.sparrings.repository import sparring_repository
from contracts.battles import BattleCreated, BattleDeleted, BattleUpdated
from kit import profiles
from kit.db import commit_writes
from kit.errors import Conflict, Forbidden, Invalid
from kit.principal import Principal
from kit.profiles import IdentityClient, User
from kit.rows import Rows
from kit.sanitize import clean_html

KIND_LOCKED = "The crew size cannot change between single dancers and crews once someone registered"


def _visible(access: BattleAccess) -> BattleAccess:
    if access.event.status != "published" and not access.can_edit:
        # a draft event exists only for its editors (the events service's rule): its battles too
        raise BattleNotFound()
    return access


class BattleService:
    async def access(
        self, session: AsyncSession, battle_id: int, principal: Principal, *, lock: bool = False
    ) -> BattleAccess:
        found = await battle_repository.with_event(session, battle_id, lock=lock)
        if found is None:
            raise BattleNotFound()
        battle, event = found
        if event.deleted:
            raise BattleNotFound()
        roles, judge = await battle_repository.standing_at(session, event, battle.id, principal.profile_id)
        return _visible(BattleAccess(event, principal, roles, battle, judge))

    async def access_on_rows(self, rows: Rows, battle_id: int, principal: Principal) -> BattleAccess:
        """`access` in one statement on kit.rows, outside any transaction: the battle and its event are instances
        no session knows, to be read, never written (a crowd's build)."""
        return self.granted(await battle_repository.access_on_rows(rows, battle_id, principal.profile_id), principal)

    def granted(
        self, found: tuple[Battle, EventView, frozenset[str], bool] | None, principal: Principal
    ) -> BattleAccess:
        """The caller's access from what `access_on_rows` (or a look-up adding to it) found."""
        if found is None or found[1].deleted:
            raise BattleNotFound()
        battle, event, roles, judge = found
        return _visible(BattleAccess(event, principal, roles, battle, judge))

    async def event_access(self, session: AsyncSession, event_id: int, principal: Principal) -> EventAccess:
        """The caller at an event (not deleted; a draft only for its editors, as its battles)."""
        event = await battle_repository.event(session, event_id)
        if event is None or event.deleted:
            raise EventNotFound()
        roles = await battle_repository.roles(session, event, principal.profile_id)
        access = EventAccess(event, principal, roles)
        if event.status != "published" and not access.can_edit:
            raise EventNotFound()
        return access

    async def editable(
        self, session: AsyncSession, battle_id: int, principal: Principal, *, lock: bool = False
    ) -> BattleAccess:
        access = await self.access(session, battle_id, principal, lock=lock)
        if not access.can_edit:
            raise Forbidden()
        return access

    async def administered(
        self, session: AsyncSession, battle_id: int, principal: Principal, *, lock: bool = True
    ) -> BattleAccess:
        """The battle's admins: its editors and the event's hosts."""
        access = await self.access(session, battle_id, principal, lock=lock)
        if not access.is_admin:
            raise Forbidden()
        return access

    async def view(self, session: AsyncSession, identity: IdentityClient | None, access: BattleAccess) -> BattleView:
        """The answer of a read and of every write (the write is done: committed first, so the battle's lock is not
        held while the whole battle is read)."""
        await commit_writes(session)
        return await view.build(session, identity, access)

    async def add(self, session: AsyncSession, principal: Principal, event_id: int) -> BattleAccess:
        """A battle with the wizard's defaults: 1 vs 1, classic, no cap, a bracket of 16, the event's start and
        organization."""
        at_event = await self.event_access(session, event_id, principal)
        if not at_event.can_edit:
            raise Forbidden()
        event, roles = at_event.event, at_event.roles
        battle = Battle(
            event_id=event.id,
            title=rules.DEFAULT_TITLE,
            crew_size=1,
            style="classic",
            cap_type="none",
            limit=0,
            bracket_size=16,
            bracket_levels=rules.bracket_levels(16, None),
            prizes=[],
            start_date=event.starts_at,
            org_id=event.org_id,
        )
        session.add(battle)
        await session.flush()
        await events.battle_changed(session, BattleCreated, battle)
        await board_sync.sync(session, event.id)  # the event's carpets get their boards
        return BattleAccess(event, principal, roles, battle, False)

    async def save(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, update: BattleUpdate
    ) -> BattleView:
        battle = access.battle
        given = update.model_fields_set
        try:
            self._apply(battle, update, given)
        except ValueError as exc:
            raise Invalid(str(exc)) from exc
        if "crew_size" in given and update.crew_size is not None:
            entries = await battle_repository.entries(session, battle.id)
            single = update.crew_size == 1
            if entries and any((e.user_id is not None) != single for e in entries):
                raise Invalid(KIND_LOCKED, field="crewSize")
            battle.crew_size = update.crew_size
        mode = update.judging_mode
        if "judging_mode" in given and mode is not None and mode != battle.judging_mode:
            if await sparring_repository.battle_scored(session, battle.id):
                raise Conflict(judging_rules.MODE_FIXED)
            battle.judging_mode = mode
        await session.flush()
        await standing.rebalance(session, battle)
        await events.battle_changed(session, BattleUpdated, battle)
        return await self.view(session, identity, access)

    @staticmethod
    def _apply(battle: Battle, update: BattleUpdate, given: set[str]) -> None:
        battle.title = update.title
        if "org_id" in given:
            battle.org_id = update.org_id or None
        if "organization_competitors_only" in given and update.organization_competitors_only is not None:
            battle.organization_competitors_only = update.organization_competitors_only
        if "description" in given:
            battle.description = clean_html(update.description)
        if "hide_participants" in given and update.hide_participants is not None:
            battle.hide_participants = update.hide_participants
        if "voters_checked_in" in given and update.voters_checked_in is not None:
            battle.voters_checked_in = update.voters_checked_in
        if "third_place" in given and update.third_place is not None:
            battle.third_place = update.third_place  # read when the bracket is built (Add to bracket)
        if "round_robin" in given and update.round_robin is not None and update.round_robin != battle.round_robin:
            if battle.status != "registration":  # the groups are made (or the bracket built) at Add to bracket
                raise Conflict(roundrobin_rules.FIXED)
            battle.round_robin = update.round_robin
        if "participation_cap_type" in given and update.participation_cap_type is not None:
            battle.cap_type = update.participation_cap_type
        if "limit" in given and update.limit is not None:
            battle.limit = update.limit
        battle.cap_type, battle.limit = rules.cap(battle.cap_type, battle.limit, battle.hide_participants)
        if "style" in given and update.style is not None:
            battle.style = update.style
        size_changed = (
            "bracket_size" in given and update.bracket_size is not None and update.bracket_size != battle.bracket_size
        )
        if size_changed:
            battle.bracket_size = update.bracket_size or battle.bracket_size
        levels = [(level.name, level.rounds) for level in update.bracket_levels or []]
        if "bracket_levels" in given and update.bracket_levels is not None:
            try:
                battle.bracket_levels = rules.bracket_levels(battle.bracket_size, levels)
            except ValueError:
                if not size_changed:
                    raise
                # Levels of the old size sent with a new size: the new size's own levels.
                battle.bracket_levels = rules.bracket_levels(battle.bracket_size, None)
        elif size_changed or not battle.bracket_levels:
            battle.bracket_levels = rules.bracket_levels(battle.bracket_size, None)
        if "prizes_desc" in given:
            battle.prizes_desc = (update.prizes_desc or "").strip()
        if "prizes" in given:
            battle.prizes = rules.prizes((p.title, p.amount) for p in update.prizes or [])
        if "start_date" in given:
            battle.start_date = update.start_date

    async def delete(self, session: AsyncSession, access: BattleAccess) -> None:
        """Its dancers and judges are announced as leaving first, so every count elsewhere stays right."""
        battle = access.battle
        facts = await view.load(session, None, access)
        for entry in facts.entries:
            users = await standing.confirmed_users(session, entry)
            await events.unregistered(session, battle, users, entry.crew_id)
        for judge in facts.judges:
            await events.judge(session, battle, judge, added=False)
        await events.battle_changed(session, BattleDeleted, battle)
        # The boards are held before the battle's sparrings go (the lock order of every write of boards).
        await scoreboard_repository.hold(session, battle.event_id)
        emptied = await scoreboard_repository.showing(session, battle.id)
        await session.delete(battle)
        await session.flush()
        await board_sync.sync(session, battle.event_id, emptied=emptied)

    async def add_judge(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, user_id: int
    ) -> list[User]:
        await profiles.ensure_exists(session, identity, user_id)
        if await battle_repository.entered(session, access.battle.id, user_id):
            raise Invalid(rules.REGISTERED_JUDGE)
        if await battle_repository.add_judge(session, access.battle.id, user_id):
            await events.judge(session, access.battle, user_id, added=True)
        return await self.judges(session, identity, access)

    async def remove_judge(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, user_id: int
    ) -> list[User]:
        if await battle_repository.remove_judge(session, access.battle.id, user_id):
            await events.judge(session, access.battle, user_id, added=False)
        return await self.judges(session, identity, access)

    async def judges(self, session: AsyncSession, identity: IdentityClient, access: BattleAccess) -> list[User]:
        ids = await battle_repository.judge_ids(session, access.battle.id)
        known = await battle_repository.profiles(session, ids)
        users = [
            User(id=i, dancer_name=known[i].dancer_name, avatar=known[i].avatar) if i in known else User(id=i)
            for i in ids
        ]
        await profiles.complete(session, identity, users, [i for i in ids if i not in known])
        return users


battle_service = BattleService()

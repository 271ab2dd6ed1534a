"""Seven to smoke: started from the battle's competitors in arrival order, each battle on the floor decided by the
battle's admins, the champion's places recorded (docs/decisions.md, "Seven to smoke")."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from battles import events
from battles.battles import rules as battle_rules
from battles.battles import view as battle_view
from battles.battles.access import BattleAccess
from battles.battles.repository import battle_repository
from battles.models import SmokeMeeting
from battles.prelims.repository import competitor_id, prelims_repository
from battles.results.service import results_service
from battles.smoke import rules
from battles.smoke import schemas as s
from kit.errors import Conflict, Invalid, NotFound

NOT_SMOKE = "This battle is not seven to smoke"
STARTED = "Seven to smoke has started"
NOT_STARTED = "Seven to smoke has not started"
NOT_LAST = "Only the last battle decided can be undone"
COMPETITOR_NOT_FOUND = "Competitor not found"
FINISHED = "finished"  # the battle's status once its champion is known
RUNNING = "prelims-finished"  # the battle's status while the floor runs (as a bracket's)


class SmokeService:
    async def _meetings(self, session: AsyncSession, battle_id: int) -> list[SmokeMeeting]:
        found = await session.scalars(
            select(SmokeMeeting).where(SmokeMeeting.battle_id == battle_id).order_by(SmokeMeeting.number)
        )
        return list(found.all())

    def _state(self, order: list[int], meetings: list[SmokeMeeting]) -> rules.Smoke:
        smoke = rules.start(order)
        for meeting in meetings:
            smoke = rules.decide(smoke, meeting.number, meeting.winner_entry_id)
        return smoke

    async def view(self, session: AsyncSession, access: BattleAccess) -> s.Smoke:
        battle = access.battle
        if battle.style != "smoke":
            raise NotFound(NOT_SMOKE)
        if not battle.smoke_order:
            return s.Smoke(started=False, target=rules.TARGET, number=1, can_edit=access.is_admin)
        meetings = await self._meetings(session, battle.id)
        smoke = self._state(battle.smoke_order, meetings)
        entries = {e.id: e for e in await battle_repository.entries(session, battle.id)}
        crews = {c.id: c for c in await battle_repository.crews(session, battle.id)} if access.crew_battle else {}
        profiles = await battle_repository.profiles(session, (e.user_id for e in entries.values() if e.user_id))

        def side(entry_id: int) -> s.SmokeSide:
            entry = entries.get(entry_id)
            if entry is None:
                return s.SmokeSide(id=0, name=None)
            shown, name, avatar = battle_view.shown_competitor(entry, access.hides_competitors, crews, profiles)
            return s.SmokeSide(id=shown, name=name, avatar=avatar)

        return s.Smoke(
            started=True,
            target=smoke.target,
            number=smoke.number,
            holder=side(smoke.floor[0]) if smoke.floor else None,
            challenger=side(smoke.floor[1]) if smoke.floor else None,
            queue=[side(e) for e in smoke.queue] if smoke.champion is None else [],
            standings=[s.SmokeStanding(**side(e).model_dump(), points=p) for e, p in rules.standings(smoke)],
            champion=side(smoke.champion) if smoke.champion is not None else None,
            meetings=[
                s.SmokeMeetingView(
                    number=m.number,
                    holder=side(m.holder_entry_id),
                    challenger=side(m.challenger_entry_id),
                    winner=side(m.winner_entry_id).id,
                )
                for m in reversed(meetings)
            ],
            can_edit=access.is_admin,
        )

    async def start(self, session: AsyncSession, access: BattleAccess) -> s.Smoke:
        """The competitors in arrival order: the first two on the floor."""
        battle = access.battle
        if battle.style != "smoke":
            raise Conflict(NOT_SMOKE)
        if battle.smoke_order:
            raise Conflict(STARTED)
        order = [e.id for e in await prelims_repository.competing(session, battle.id)]
        try:
            rules.start(order)
        except ValueError as refused:
            raise Invalid(str(refused)) from refused
        battle.smoke_order = order
        battle.status = RUNNING
        await session.flush()
        await events.touched(session, battle)
        return await self.view(session, access)

    async def decide(self, session: AsyncSession, access: BattleAccess, number: int, winner_id: int) -> s.Smoke:
        """Battle `number` won by the competitor `winner_id` (on the floor); the same again changes nothing."""
        battle = access.battle
        if battle.style != "smoke":
            raise Conflict(NOT_SMOKE)
        if not battle.smoke_order:
            raise Conflict(NOT_STARTED)
        entries = await battle_repository.entries(session, battle.id)
        shown = {
            (battle_rules.hidden_id(e.id) if access.hides_competitors else competitor_id(e)): e.id for e in entries
        }
        winner = shown.get(winner_id)
        if winner is None:
            raise Invalid(rules.NOT_ON_THE_FLOOR)
        meetings = await self._meetings(session, battle.id)
        smoke = self._state(battle.smoke_order, meetings)
        try:
            after = rules.decide(smoke, number, winner)
        except ValueError as refused:
            raise Conflict(str(refused)) from refused
        if after is smoke:
            return await self.view(session, access)  # a decision sent again
        assert smoke.floor is not None
        holder, challenger = smoke.floor
        session.add(
            SmokeMeeting(
                battle_id=battle.id,
                number=number,
                holder_entry_id=holder,
                challenger_entry_id=challenger,
                winner_entry_id=winner,
                decided_by=access.principal.profile_id,
            )
        )
        await session.flush()
        if after.champion is not None:
            places = {entry: place for place, (entry, _) in enumerate(rules.standings(after)[:2], start=1)}
            await results_service.record(session, access, places, entries)
            battle.status = FINISHED
            await session.flush()
        await events.touched(session, battle)
        return await self.view(session, access)

    async def undo_last(self, session: AsyncSession, access: BattleAccess, number: int) -> s.Smoke:
        """The last battle decided, undone (a wrong tap): its winner's point back, the floor as before."""
        battle = access.battle
        if battle.style != "smoke" or not battle.smoke_order:
            raise Conflict(NOT_STARTED)
        meetings = await self._meetings(session, battle.id)
        if not meetings or meetings[-1].number != number:
            raise Conflict(NOT_LAST)
        await session.execute(
            delete(SmokeMeeting).where(SmokeMeeting.battle_id == battle.id, SmokeMeeting.number == number)
        )
        if battle.status == FINISHED:
            await results_service.record(session, access, {})
            battle.status = RUNNING
        await session.flush()
        await events.touched(session, battle)
        return await self.view(session, access)


smoke_service = SmokeService()

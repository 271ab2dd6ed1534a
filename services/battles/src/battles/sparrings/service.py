"""A sparring's use cases: read it, the judges' scores, the audience's vote, a tie breaker, finish or set the
winner (who moves on; the final gives the battle's places), and reset.

Locks: what decides or resets holds the battle's row (as every bracket write does), then the sparring's; a judge's
score holds the sparring's row only, and so does a vote (one at a time: each announces the exact counts)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from battles import events
from battles.battles import rules as battle_rules
from battles.battles.access import BattleAccess
from battles.battles.exceptions import BattleNotFound
from battles.battles.repository import battle_repository
from battles.battles.service import battle_service
from battles.judging import rules as judging
from battles.models import Entry, Sparring
from battles.results.service import results_service
from battles.roundrobin import rules as roundrobin_rules
from battles.roundrobin import service as roundrobin_service
from battles.sparrings import rules, view
from battles.sparrings import schemas as s
from battles.sparrings.exceptions import SparringNotFound
from battles.sparrings.repository import Lock, sparring_repository
from battles.sparrings.view import SparringAccess
from contracts.battles import (
    JudgeRound,
    SparringDecided,
    SparringReset,
    SparringScored,
    SparringTouched,
    SparringVoted,
)
from kit.db import utcnow
from kit.errors import Conflict, Forbidden, Invalid
from kit.principal import Principal
from kit.profiles import IdentityClient

BATTLE_BRACKET = "prelims-finished"  # the battle's status while its bracket runs
BATTLE_FINISHED = "finished"  # its final decided


class SparringService:
    async def access(
        self,
        session: AsyncSession,
        sparring_id: int,
        principal: Principal,
        *,
        lock: Lock = None,
        battle_lock: bool = False,
    ) -> SparringAccess:
        """The sparring, if the caller may see its battle (a draft event's only for its editors)."""
        found = await sparring_repository.get(session, sparring_id)
        if found is None:
            raise SparringNotFound()
        try:
            battle = await battle_service.access(session, found.battle_id, principal, lock=battle_lock)
        except BattleNotFound as exc:
            raise SparringNotFound() from exc
        if lock is not None:
            found = await sparring_repository.get(session, sparring_id, lock=lock)
            if found is None:
                raise SparringNotFound()
        return SparringAccess(found, battle)

    async def locked(self, session: AsyncSession, sparring_id: int, principal: Principal) -> SparringAccess:
        """For what moves the bracket: the battle's row, then the sparring's."""
        return await self.access(session, sparring_id, principal, lock="update", battle_lock=True)

    # reads

    async def view(self, session: AsyncSession, identity: IdentityClient | None, access: SparringAccess) -> s.Sparring:
        """The answer of a read and of every write (sparrings.view)."""
        return await view.answer(session, identity, access)

    # writes

    async def judge(self, session: AsyncSession, access: SparringAccess, given: list[judging.Given]) -> None:
        """A judge's rounds, checked for the battle's judging mode (an upsert per judge and round); the sparring
        is being judged."""
        sparring, judge_id = access.sparring, access.battle.principal.profile_id
        if not access.battle.judge or judge_id is None:
            raise Forbidden(rules.NOT_A_JUDGE)
        self._open(sparring)
        mode = access.battle.battle.judging_mode
        stored = () if mode == judging.POINTS else await sparring_repository.rounds_of(session, sparring.id, judge_id)
        try:
            rounds = judging.judgment(mode, given, sparring.rounds + sparring.extra_rounds, stored)
        except ValueError as exc:
            raise Invalid(str(exc), field="rounds") from exc
        await sparring_repository.save_scores(session, sparring.id, judge_id, rounds)
        sparring.status = rules.JUDGING
        await session.flush()
        saved = [
            JudgeRound(
                round=number,
                red_points=float(x.red),
                blue_points=float(x.blue),
                faders=list(x.faders) if x.faders is not None else None,
            )
            for number, x in sorted(rounds.items())
        ]
        await events.sparring_changed(
            session, SparringScored, sparring, access.battle.event.id, judge_id=judge_id, rounds=saved
        )

    async def vote(self, session: AsyncSession, access: SparringAccess, color: str) -> None:
        """One vote per person (their profile) and sparring; judges and the two sides' dancers do not vote."""
        sparring, user = access.sparring, access.battle.principal.profile_id
        if color not in rules.COLORS:
            raise Invalid(rules.COLOR_INVALID, field="x")
        self._open(sparring)
        dancers = await view.dancers_of(session, *await view.sides_of(session, sparring))
        viewer = rules.Viewer(
            signed_in=True,
            judge=access.battle.judge,
            can_edit=access.battle.can_edit,
            is_admin=access.battle.is_admin,
            dancer=user in dancers,
            voted=False,
            outside=await view.outside(session, access),
        )
        refusal = rules.vote_refusal(viewer)
        if refusal is not None:
            raise Forbidden(refusal)
        if user is None or not await sparring_repository.add_vote(session, sparring.id, user, color):
            raise Conflict(rules.ALREADY_VOTED)
        counts = await sparring_repository.votes(session, sparring.id)
        await events.sparring_changed(
            session,
            SparringVoted,
            sparring,
            access.battle.event.id,
            red_votes=counts.get(rules.RED, 0),
            blue_votes=counts.get(rules.BLUE, 0),
        )

    async def extra(self, session: AsyncSession, access: SparringAccess) -> None:
        """A tie breaker round, after a finish found a tie (the battle's admins)."""
        sparring = access.sparring
        if not access.battle.is_admin:
            raise Forbidden()
        if sparring.status != rules.NEED_TIE_BREAKER:
            raise Conflict(rules.NO_TIE)
        sparring.extra_rounds += 1
        sparring.status = rules.JUDGING
        await session.flush()
        await events.sparring_changed(session, SparringTouched, sparring, access.battle.event.id)

    async def finish(self, session: AsyncSession, access: SparringAccess) -> None:
        """The winner by the battle's mode (totals or rounds won, then the audience); a tie leaves it
        need-tie-breaker."""
        sparring = access.sparring
        if not access.battle.is_admin:
            raise Forbidden()
        self._open(sparring)
        scores = await sparring_repository.scores(session, sparring.id)
        judges = await battle_repository.judge_ids(session, access.battle.battle.id)
        count = sparring.rounds + sparring.extra_rounds
        if not rules.complete(judges, count, ((x.judge_id, x.round) for x in scores)):
            raise Conflict(rules.EVERY_JUDGE)
        votes = await sparring_repository.votes(session, sparring.id)
        side = judging.winner(
            access.battle.battle.judging_mode,
            [judging.Score(x.judge_id, x.round, x.red_points, x.blue_points) for x in scores],
            judges,
            count,
            votes.get(rules.RED, 0),
            votes.get(rules.BLUE, 0),
        )
        if side is None:
            sparring.status = rules.NEED_TIE_BREAKER
            await session.flush()
            await events.sparring_changed(session, SparringTouched, sparring, access.battle.event.id)
            return
        await self.decide(session, access, sparring.red_entry_id if side == rules.RED else sparring.blue_entry_id)

    async def set_winner(self, session: AsyncSession, access: SparringAccess, winner_id: int) -> None:
        """The battle's admins choose the winner (a competitor id of one of the two sides)."""
        sparring = access.sparring
        if not access.battle.is_admin:
            raise Forbidden()
        self._open(sparring)
        entries = await sparring_repository.entries(session, (sparring.red_entry_id, sparring.blue_entry_id))
        chosen = [e.id for e in entries.values() if view.competitor_of(e) == winner_id]
        if not chosen:
            raise Invalid(rules.WINNER_NOT_A_SIDE)
        await self.decide(session, access, chosen[0])

    async def decide(self, session: AsyncSession, access: SparringAccess, winner_entry_id: int | None) -> None:
        """The sparring is won by `winner_entry_id`, who moves to the next sparring (ready once both its sides are
        there), and a semi-final's loser to the battle for third place when the battle has one; the battle ends
        when its final (and its battle for third place) are decided: the bracket's places, announced. Holds the
        battle's row."""
        sparring, battle = access.sparring, access.battle
        entry = await session.get(Entry, winner_entry_id) if winner_entry_id is not None else None
        if entry is None:
            raise Invalid(rules.WINNER_NOT_A_SIDE)
        following = await self._next(session, sparring)
        for_third = await self._loser_next(session, sparring)
        if any(x is not None and x.winner_entry_id is not None for x in (following, for_third)):
            raise Conflict(rules.NEXT_DECIDED)  # the editor decided it by hand meanwhile: nowhere to move to
        sparring.winner_entry_id = entry.id
        sparring.status = rules.FINISHED
        sparring.finished_at = utcnow()
        loser = sparring.blue_entry_id if entry.id == sparring.red_entry_id else sparring.red_entry_id
        moved = [(following, sparring.next_side, entry.id), (for_third, sparring.loser_next_side, loser)]
        for target, color, moving in moved:
            if target is not None and color in rules.COLORS:
                setattr(target, f"{color}_entry_id", moving)
                if target.winner_entry_id is None and target.status in (rules.WAITING, rules.READY):
                    has_red, has_blue = target.red_entry_id is not None, target.blue_entry_id is not None
                    target.status = rules.undecided_status(has_red, has_blue, False)
        await session.flush()
        for target in (following, for_third):
            if target is not None:
                await events.sparring_changed(session, SparringTouched, target, battle.event.id)
        last = following is None and sparring.side != roundrobin_rules.GROUP  # a group's battle ends nothing
        if last and await sparring_repository.all_last_decided(session, battle.battle.id):
            await self._place(session, battle)
        # A public message: a battle hiding its participants names the winner as its hidden views do.
        winner_id = battle_rules.hidden_id(entry.id) if battle.battle.hide_participants else view.competitor_of(entry)
        await events.sparring_changed(session, SparringDecided, sparring, battle.event.id, winner_id=winner_id)

    async def _place(self, session: AsyncSession, battle: BattleAccess) -> None:
        """The final is decided: the places of the bracket become the battle's winners."""
        sparrings = await sparring_repository.of_battle(session, battle.battle.id)
        places = rules.places(
            rules.Decided(
                x.winner_entry_id, x.red_entry_id, x.blue_entry_id, x.loser_place, x.side == "final", x.side == "third"
            )
            for x in sparrings
            if x.side != roundrobin_rules.GROUP
        )
        await results_service.record(session, battle, places)
        battle.battle.status = BATTLE_FINISHED
        await session.flush()

    async def reset(self, session: AsyncSession, access: SparringAccess) -> None:
        """An editor clears everything (scores, votes, tie breakers, the winner and where it moved; the final's
        places); a judge who is not an editor clears their own scores while the sparring is undecided."""
        if access.battle.can_edit:
            await self._reset_all(session, access)
            return
        judge_id = access.battle.principal.profile_id
        if not access.battle.judge or judge_id is None:
            raise Forbidden()
        sparring = access.sparring
        if sparring.status == rules.FINISHED:
            raise Conflict(rules.IS_FINISHED)
        if not await sparring_repository.clear_scores(session, sparring.id, judge_id):
            return
        has_red, has_blue = sparring.red_entry_id is not None, sparring.blue_entry_id is not None
        scored = await sparring_repository.has_scores(session, sparring.id)
        sparring.status = rules.undecided_status(has_red, has_blue, scored)
        await session.flush()
        await events.sparring_changed(session, SparringReset, sparring, access.battle.event.id, judge_id=judge_id)

    async def _reset_all(self, session: AsyncSession, access: SparringAccess) -> None:
        sparring, battle = access.sparring, access.battle
        facts = await view.load_facts(session, access)
        state = view.state_of(sparring, facts)
        refusal = rules.reset_refusal(state)
        if refusal is not None:
            raise Conflict(refusal)
        if not state.active:
            return  # nothing to reset: a replay
        if sparring.side == roundrobin_rules.GROUP:
            if await roundrobin_service.bracket_built(session, battle.battle.id):
                raise Conflict(roundrobin_rules.BRACKET_BUILT + ": undo the bracket first")
            battle.battle.group_tiebreaks = None  # the rankings they broke ties in may change
        winner = sparring.winner_entry_id
        loser = sparring.blue_entry_id if winner == sparring.red_entry_id else sparring.red_entry_id
        following = await self._next(session, sparring) if winner is not None else None
        for_third = await self._loser_next(session, sparring) if winner is not None else None
        # The next sparring loses this winner (the battle for third place this loser), and whatever it had begun
        # for a pairing that no longer stands.
        for target, color, gone in (
            (following, sparring.next_side, winner),
            (for_third, sparring.loser_next_side, loser),
        ):
            if target is not None and color in rules.COLORS:
                if getattr(target, f"{color}_entry_id") == gone:
                    setattr(target, f"{color}_entry_id", None)
                await self._clear(session, target)
        await self._clear(session, sparring)
        await session.flush()
        if winner is not None and sparring.next_id is None and battle.battle.status == BATTLE_FINISHED:
            await results_service.record(session, battle, {})
            battle.battle.status = BATTLE_BRACKET
            await session.flush()
        for target in (following, for_third):
            if target is not None:
                await events.sparring_changed(session, SparringTouched, target, battle.event.id)
        await events.sparring_changed(session, SparringReset, sparring, battle.event.id)

    @staticmethod
    async def _clear(session: AsyncSession, sparring: Sparring) -> None:
        await sparring_repository.clear_scores(session, sparring.id)
        await sparring_repository.clear_votes(session, sparring.id)
        sparring.extra_rounds = 0
        sparring.winner_entry_id = None
        sparring.finished_at = None
        has_red, has_blue = sparring.red_entry_id is not None, sparring.blue_entry_id is not None
        sparring.status = rules.undecided_status(has_red, has_blue, False)

    @staticmethod
    async def _next(session: AsyncSession, sparring: Sparring) -> Sparring | None:
        if sparring.next_id is None:
            return None
        return await sparring_repository.get(session, sparring.next_id, lock="update")

    @staticmethod
    async def _loser_next(session: AsyncSession, sparring: Sparring) -> Sparring | None:
        if sparring.loser_next_id is None:
            return None
        return await sparring_repository.get(session, sparring.loser_next_id, lock="update")

    @staticmethod
    def _open(sparring: Sparring) -> None:
        has_red, has_blue = sparring.red_entry_id is not None, sparring.blue_entry_id is not None
        refusal = rules.open_refusal(
            rules.State(sparring.status, has_red, has_blue, active=False, bye=False, next_decided=False)
        )
        if refusal is not None:
            raise Conflict(refusal)


sparring_service = SparringService()

"""A sparring's use cases: read it, the judges' scores, the audience's vote, a tie breaker, finish or set the
winner (who moves on; the final gives the battle's places), and reset.

Locks: what decides or resets holds the battle's row (as every bracket write does), then the sparring's; a judge's
score holds the sparring's row only, and so does a vote (one at a time: each announces the exact counts)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, cast

from sqlalchemy.ext.asyncio import AsyncSession

from battles import events
from battles.battles import rules as battle_rules
from battles.battles.access import BattleAccess
from battles.battles.exceptions import BattleNotFound
from battles.battles.repository import battle_repository
from battles.battles.service import battle_service
from battles.models import Entry, Sparring, SparringScore
from battles.results.service import results_service
from battles.sparrings import rules
from battles.sparrings import schemas as s
from battles.sparrings.exceptions import SparringNotFound
from battles.sparrings.repository import Lock, sparring_repository
from contracts.battles import (
    JudgeRound,
    SparringDecided,
    SparringReset,
    SparringScored,
    SparringTouched,
    SparringVoted,
)
from kit import profiles
from kit.db import commit_writes, utcnow
from kit.errors import Conflict, Forbidden, Invalid
from kit.principal import Principal
from kit.profiles import IdentityClient, User

Vote = Literal["red", "blue"] | None
BATTLE_BRACKET = "prelims-finished"  # the battle's status while its bracket runs
BATTLE_FINISHED = "finished"  # its final decided


@dataclass(frozen=True, slots=True)
class SparringAccess:
    sparring: Sparring
    battle: BattleAccess


@dataclass(slots=True)
class Facts:
    """What the sparring's answer and its rules read, loaded once."""

    red: Entry | None
    blue: Entry | None
    scores: list[SparringScore]
    votes: dict[str, int]
    my_vote: str | None
    judges: list[int]
    dancers: set[int]  # the two sides' dancers (a crew's confirmed members)
    crew_names: dict[int, str]
    next_decided: bool


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
        """The answer of a read and of every write (the write committed first, its locks released)."""
        await commit_writes(session)
        sparring, battle = access.sparring, access.battle
        facts = await self._facts(session, access)
        people = await self._people(session, identity, facts, battle.hides_competitors)
        flags = rules.flags(self._viewer(access, facts), self._state(sparring, facts))
        red_total, blue_total = rules.totals((x.red_points, x.blue_points) for x in facts.scores)
        order = {judge: i for i, judge in enumerate(facts.judges)}
        rounds = []
        for number in range(1, sparring.rounds + sparring.extra_rounds + 1):
            scored = sorted(
                (x for x in facts.scores if x.round == number),
                key=lambda x: (order.get(x.judge_id, len(order)), x.judge_id),
            )
            red_sum, blue_sum = rules.totals((x.red_points, x.blue_points) for x in scored)
            rounds.append(
                s.SparringRound(
                    round=number,
                    scores=[
                        s.JudgeRoundScore(
                            id=x.judge_id,
                            dancer_name=people[x.judge_id].dancer_name,
                            avatar=people[x.judge_id].avatar,
                            red_points=float(x.red_points),
                            blue_points=float(x.blue_points),
                        )
                        for x in scored
                    ],
                    sum_red_points=float(red_sum),
                    sum_blue_points=float(blue_sum),
                )
            )
        winner = {e.id: e for e in (facts.red, facts.blue) if e is not None}.get(sparring.winner_entry_id or 0)
        return s.Sparring(
            sparring_id=sparring.id,
            battle_id=battle.battle.id,
            event_id=battle.battle.event_id,
            battle_title=battle.battle.title,
            crew_size=battle.battle.crew_size,
            level=sparring.level,
            status=sparring.status,
            winner_id=self._shown_id(battle, winner) if winner is not None else 0,
            red=self._side(battle, facts, people, facts.red, red_total, rules.RED),
            blue=self._side(battle, facts, people, facts.blue, blue_total, rules.BLUE),
            rounds=rounds,
            rounds_count=sparring.rounds + sparring.extra_rounds,
            extra_rounds=sparring.extra_rounds,
            judges=[people[j] for j in facts.judges],
            carpet_id=sparring.carpet_id,
            my_vote=cast(Vote, facts.my_vote),
            permissions=s.SparringPermissions(
                can_set_score=flags.can_set_score,
                can_set_audience_score=flags.can_set_audience_score,
                can_add_extra=flags.can_add_extra,
                can_finish=flags.can_finish,
                can_set_winner=flags.can_set_winner,
                can_reset=flags.can_reset,
            ),
        )

    async def _facts(self, session: AsyncSession, access: SparringAccess) -> Facts:
        sparring = access.sparring
        red, blue = await self._sides(session, sparring)
        crew_ids = [e.crew_id for e in (red, blue) if e is not None and e.crew_id is not None]
        crews = await sparring_repository.crews(session, crew_ids)
        next_decided = False
        if sparring.next_id is not None and sparring.winner_entry_id is not None:
            following = await sparring_repository.get(session, sparring.next_id)
            next_decided = following is not None and following.winner_entry_id is not None
        return Facts(
            red=red,
            blue=blue,
            scores=await sparring_repository.scores(session, sparring.id),
            votes=await sparring_repository.votes(session, sparring.id),
            my_vote=await sparring_repository.vote_of(session, sparring.id, access.battle.principal.profile_id),
            judges=await battle_repository.judge_ids(session, access.battle.battle.id),
            dancers=await self._dancers(session, red, blue),
            crew_names={c.id: c.name for c in crews.values()},
            next_decided=next_decided,
        )

    @staticmethod
    async def _sides(session: AsyncSession, sparring: Sparring) -> tuple[Entry | None, Entry | None]:
        entries = await sparring_repository.entries(session, (sparring.red_entry_id, sparring.blue_entry_id))
        return entries.get(sparring.red_entry_id or 0), entries.get(sparring.blue_entry_id or 0)

    @staticmethod
    async def _dancers(session: AsyncSession, red: Entry | None, blue: Entry | None) -> set[int]:
        """The two sides' dancers: the single dancers, a crew's confirmed members."""
        sides = [e for e in (red, blue) if e is not None]
        members = await battle_repository.confirmed_members(session, [e.crew_id for e in sides if e.crew_id])
        return {e.user_id for e in sides if e.user_id is not None} | {u for m in members.values() for u in m}

    async def _people(
        self, session: AsyncSession, identity: IdentityClient | None, facts: Facts, hidden: bool
    ) -> dict[int, User]:
        """The judges' and the single dancers' names and avatars (one read from identity for those never seen);
        `hidden`: the judges' only."""
        wanted = set(facts.judges) | {x.judge_id for x in facts.scores}
        if not hidden:
            wanted |= {e.user_id for e in (facts.red, facts.blue) if e is not None and e.user_id is not None}
        known = await battle_repository.profiles(session, wanted)
        people = {i: User(id=i, dancer_name=p.dancer_name, avatar=p.avatar) for i, p in known.items()}
        missing = wanted - set(people)
        if missing and identity is not None:
            people.update(await profiles.fetch_missing(session, identity, missing) or {})
        return people | {i: User(id=i) for i in wanted - set(people)}

    @staticmethod
    def _competitor(entry: Entry) -> int:
        """The competitor id: the crew's in a crew battle, the dancer's otherwise."""
        return entry.crew_id if entry.crew_id is not None else entry.user_id or 0

    @classmethod
    def _shown_id(cls, battle: BattleAccess, entry: Entry) -> int:
        """The competitor id as this caller may see it (a hidden battle's: not the dancer's or the crew's)."""
        return battle_rules.hidden_id(entry.id) if battle.hides_competitors else cls._competitor(entry)

    def _side(
        self,
        battle: BattleAccess,
        facts: Facts,
        people: dict[int, User],
        entry: Entry | None,
        total: Decimal,
        color: str,
    ) -> s.SparringSide | None:
        if entry is None:
            return None
        if battle.hides_competitors:
            name, avatar = battle_rules.HIDDEN_NAME, None
        elif entry.crew_id is not None:
            name, avatar = facts.crew_names.get(entry.crew_id), None
        else:
            person = people.get(entry.user_id or 0)
            name, avatar = (person.dancer_name, person.avatar) if person else (None, None)
        return s.SparringSide(
            id=self._shown_id(battle, entry),
            name=name,
            avatar=avatar,
            total_points=float(total),
            audience_points=facts.votes.get(color, 0),
        )

    @staticmethod
    def _state(sparring: Sparring, facts: Facts) -> rules.State:
        has_red, has_blue = sparring.red_entry_id is not None, sparring.blue_entry_id is not None
        return rules.State(
            status=sparring.status,
            has_red=has_red,
            has_blue=has_blue,
            active=bool(facts.scores or any(facts.votes.values()) or sparring.winner_entry_id is not None),
            bye=sparring.winner_entry_id is not None and not (has_red and has_blue),
            next_decided=facts.next_decided,
        )

    @staticmethod
    def _viewer(access: SparringAccess, facts: Facts) -> rules.Viewer:
        battle = access.battle
        user = battle.principal.profile_id
        return rules.Viewer(
            signed_in=user is not None,
            judge=battle.judge,
            can_edit=battle.can_edit,
            is_admin=battle.is_admin,
            dancer=user is not None and user in facts.dancers,
            voted=facts.my_vote is not None,
        )

    # writes

    async def judge(
        self, session: AsyncSession, access: SparringAccess, given: list[tuple[int, float | None, float | None]]
    ) -> None:
        """A judge's round scores (an upsert per judge and round); the sparring is being judged."""
        sparring, judge_id = access.sparring, access.battle.principal.profile_id
        if not access.battle.judge or judge_id is None:
            raise Forbidden(rules.NOT_A_JUDGE)
        self._open(sparring)
        try:
            rounds = rules.judgment(given, sparring.rounds + sparring.extra_rounds)
        except ValueError as exc:
            raise Invalid(str(exc), field="rounds") from exc
        await sparring_repository.save_scores(session, sparring.id, judge_id, rounds)
        sparring.status = rules.JUDGING
        await session.flush()
        saved = [
            JudgeRound(round=number, red_points=float(red), blue_points=float(blue))
            for number, (red, blue) in sorted(rounds.items())
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
        dancers = await self._dancers(session, *await self._sides(session, sparring))
        viewer = rules.Viewer(
            signed_in=True,
            judge=access.battle.judge,
            can_edit=access.battle.can_edit,
            is_admin=access.battle.is_admin,
            dancer=user in dancers,
            voted=False,
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
        """The winner by the rule (totals, then the audience); a tie leaves it need-tie-breaker."""
        sparring = access.sparring
        if not access.battle.is_admin:
            raise Forbidden()
        self._open(sparring)
        scores = await sparring_repository.scores(session, sparring.id)
        judges = await battle_repository.judge_ids(session, access.battle.battle.id)
        count = sparring.rounds + sparring.extra_rounds
        if not rules.complete(judges, count, ((x.judge_id, x.round) for x in scores)):
            raise Conflict(rules.EVERY_JUDGE)
        red_total, blue_total = rules.totals((x.red_points, x.blue_points) for x in scores)
        votes = await sparring_repository.votes(session, sparring.id)
        side = rules.winner(red_total, blue_total, votes.get(rules.RED, 0), votes.get(rules.BLUE, 0))
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
        chosen = [e.id for e in entries.values() if self._competitor(e) == winner_id]
        if not chosen:
            raise Invalid(rules.WINNER_NOT_A_SIDE)
        await self.decide(session, access, chosen[0])

    async def decide(self, session: AsyncSession, access: SparringAccess, winner_entry_id: int | None) -> None:
        """The sparring is won by `winner_entry_id`, who moves to the next sparring (ready once both its sides are
        there); the final's winner ends the battle: the bracket's places, announced. Holds the battle's row."""
        sparring, battle = access.sparring, access.battle
        entry = await session.get(Entry, winner_entry_id) if winner_entry_id is not None else None
        if entry is None:
            raise Invalid(rules.WINNER_NOT_A_SIDE)
        following = await self._next(session, sparring)
        if following is not None and following.winner_entry_id is not None:
            raise Conflict(rules.NEXT_DECIDED)  # the editor decided it by hand meanwhile: nowhere to move to
        sparring.winner_entry_id = entry.id
        sparring.status = rules.FINISHED
        sparring.finished_at = utcnow()
        if following is not None and sparring.next_side in rules.COLORS:
            setattr(following, f"{sparring.next_side}_entry_id", entry.id)
            if following.winner_entry_id is None and following.status in (rules.WAITING, rules.READY):
                has_red, has_blue = following.red_entry_id is not None, following.blue_entry_id is not None
                following.status = rules.undecided_status(has_red, has_blue, False)
        await session.flush()
        if following is not None:
            await events.sparring_changed(session, SparringTouched, following, battle.event.id)
        elif sparring.next_id is None:
            await self._place(session, battle)
        # A public message: a battle hiding its participants names the winner as its hidden views do.
        winner_id = battle_rules.hidden_id(entry.id) if battle.battle.hide_participants else self._competitor(entry)
        await events.sparring_changed(session, SparringDecided, sparring, battle.event.id, winner_id=winner_id)

    async def _place(self, session: AsyncSession, battle: BattleAccess) -> None:
        """The final is decided: the places of the bracket become the battle's winners."""
        sparrings = await sparring_repository.of_battle(session, battle.battle.id)
        places = rules.places(
            rules.Decided(x.winner_entry_id, x.red_entry_id, x.blue_entry_id, x.loser_place, x.next_id is None)
            for x in sparrings
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
        facts = await self._facts(session, access)
        state = self._state(sparring, facts)
        refusal = rules.reset_refusal(state)
        if refusal is not None:
            raise Conflict(refusal)
        if not state.active:
            return  # nothing to reset: a replay
        winner = sparring.winner_entry_id
        following = await self._next(session, sparring) if winner is not None else None
        if following is not None and sparring.next_side in rules.COLORS:
            # The next sparring loses this winner, and whatever it had begun for a pairing that no longer stands.
            if getattr(following, f"{sparring.next_side}_entry_id") == winner:
                setattr(following, f"{sparring.next_side}_entry_id", None)
            await self._clear(session, following)
        await self._clear(session, sparring)
        await session.flush()
        if winner is not None and sparring.next_id is None:
            await results_service.record(session, battle, {})
            battle.battle.status = BATTLE_BRACKET
            await session.flush()
        if following is not None:
            await events.sparring_changed(session, SparringTouched, following, battle.event.id)
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
    def _open(sparring: Sparring) -> None:
        has_red, has_blue = sparring.red_entry_id is not None, sparring.blue_entry_id is not None
        refusal = rules.open_refusal(
            rules.State(sparring.status, has_red, has_blue, active=False, bye=False, next_decided=False)
        )
        if refusal is not None:
            raise Conflict(refusal)


sparring_service = SparringService()

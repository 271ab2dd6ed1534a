"""Round-robin groups before the bracket: made from the prelims' best at Add to bracket, their battles judged as
sparrings, each group ranked, and the bracket seeded from the rankings (docs/product/competition.md, "Round-robin
groups"; docs/decisions.md, "Round-robin groups")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from sqlalchemy import delete, exists, select
from sqlalchemy.ext.asyncio import AsyncSession

from battles import events
from battles.battles import rules as battle_rules
from battles.battles import view as battle_view
from battles.battles.access import BattleAccess
from battles.battles.repository import battle_repository
from battles.brackets import rules as bracket_rules
from battles.brackets.service import bracket_service
from battles.judging import rules as judging
from battles.models import Battle, Entry, Sparring, SparringScore
from battles.prelims.repository import competitor_id
from battles.roundrobin import rules
from battles.roundrobin import schemas as s
from battles.sparrings.rules import FINISHED
from kit.db import commit_writes
from kit.errors import Conflict, Invalid, NotFound


async def group_battles(session: AsyncSession, battle_id: int) -> list[Sparring]:
    found = await session.scalars(
        select(Sparring)
        .where(Sparring.battle_id == battle_id, Sparring.side == rules.GROUP)
        .order_by(Sparring.round, Sparring.position)
    )
    return list(found.all())


async def bracket_built(session: AsyncSession, battle_id: int) -> bool:
    statement = select(Sparring.id).where(Sparring.battle_id == battle_id, Sparring.side != rules.GROUP)
    return bool(await session.scalar(select(exists(statement))))


class Facts(NamedTuple):
    battles: list[Sparring]  # the groups' battles, group by group in their order
    rounds: dict[int, tuple[int, int]]  # by sparring: the rounds red and blue took so far
    ranking: dict[int, list[rules.Standing]]  # by group number, best first


class RoundRobinService:
    async def _facts(
        self, session: AsyncSession, battle_id: int, order: Sequence[int], tiebreaks: Sequence[int]
    ) -> Facts:
        battles = await group_battles(session, battle_id)
        judges = await battle_repository.judge_ids(session, battle_id)
        scores: list[SparringScore] = []
        if battles:
            found = await session.scalars(
                select(SparringScore).where(SparringScore.sparring_id.in_([b.id for b in battles]))
            )
            scores = list(found.all())
        dealt = {entry: at for at, entry in enumerate(order)}
        members: dict[int, list[int]] = {}
        results: dict[int, list[rules.Result]] = {}
        rounds: dict[int, tuple[int, int]] = {}
        by_sparring: dict[int, list[SparringScore]] = {}
        for score in scores:
            by_sparring.setdefault(score.sparring_id, []).append(score)
        for battle in battles:
            inside = members.setdefault(battle.round, [])
            inside.extend(e for e in (battle.red_entry_id, battle.blue_entry_id) if e is not None and e not in inside)
            given = [
                judging.Score(x.judge_id, x.round, x.red_points, x.blue_points)
                for x in by_sparring.get(battle.id, [])
                if x.judge_id in judges
            ]
            count = battle.rounds + battle.extra_rounds
            decided = judging.decisions(given, judges, count)
            if battle.winner_entry_id is not None and not any(decided.values()):
                # decided by an admin's choice, without the judges' marks: the winner took every round
                won = "red" if battle.winner_entry_id == battle.red_entry_id else "blue"
                decided = dict.fromkeys(range(1, count + 1), won)
            rounds[battle.id] = judging.rounds_won(decided)
            if battle.status == FINISHED and battle.red_entry_id is not None and battle.blue_entry_id is not None:
                picks = [judging.pick_of(x.red, x.blue) for x in given]
                results.setdefault(battle.round, []).append(
                    rules.result_of(battle.red_entry_id, battle.blue_entry_id, decided.values(), picks)
                )
        for inside in members.values():
            inside.sort(key=lambda e: (dealt.get(e, len(dealt)), e))
        ranking = {
            number: rules.ranking(inside, results.get(number, []), tiebreaks) for number, inside in members.items()
        }
        return Facts(battles, rounds, ranking)

    async def view(self, session: AsyncSession, access: BattleAccess) -> s.RoundRobin:
        await commit_writes(session)
        battle = access.battle
        if not battle.round_robin:
            raise NotFound(rules.NO_GROUPS)
        battles, rounds, ranking = await self._facts(
            session, battle.id, battle.group_order or [], battle.group_tiebreaks or []
        )
        built = await bracket_built(session, battle.id)
        entries = {e.id: e for e in await battle_repository.entries(session, battle.id)}
        crews = {c.id: c for c in await battle_repository.crews(session, battle.id)} if access.crew_battle else {}
        profiles = await battle_repository.profiles(session, (e.user_id for e in entries.values() if e.user_id))

        def side(entry_id: int | None) -> s.GroupSide:
            entry = entries.get(entry_id or 0)
            if entry is None:
                return s.GroupSide(id=0)
            shown, name, avatar = battle_view.shown_competitor(entry, access.hides_competitors, crews, profiles)
            return s.GroupSide(id=shown, name=name, avatar=avatar)

        groups = []
        for number, standings in sorted(ranking.items()):
            inside = [b for b in battles if b.round == number]
            groups.append(
                s.Group(
                    number=number,
                    name=rules.group_name(number),
                    standings=[
                        s.GroupStanding(
                            **side(x.dancer).model_dump(),
                            rounds=x.rounds,
                            votes=x.votes,
                            tied=x.tied,
                            advances=at < rules.ADVANCE,
                        )
                        for at, x in enumerate(standings)
                    ],
                    battles=[
                        s.GroupBattle(
                            sparring_id=b.id,
                            red=side(b.red_entry_id),
                            blue=side(b.blue_entry_id),
                            status=b.status,
                            winner=side(b.winner_entry_id).id if b.winner_entry_id else 0,
                            red_rounds=rounds[b.id][0],
                            blue_rounds=rounds[b.id][1],
                        )
                        for b in inside
                    ],
                )
            )
        return s.RoundRobin(
            made=bool(battles),
            bracket=built,
            advance=rules.ADVANCE,
            rounds=rules.ROUNDS,
            groups=groups,
            can_edit=access.can_edit,
            blocked=None if built or not battles else self._blocked(battles, ranking),
        )

    @staticmethod
    def _blocked(battles: list[Sparring], ranking: dict[int, list[rules.Standing]]) -> str | None:
        if any(b.status != FINISHED for b in battles):
            return rules.UNDECIDED
        for number, standings in sorted(ranking.items()):
            if rules.blocking_tie(standings):
                return rules.TIE_AT_THE_TOP.format(group=rules.group_name(number))
        return None

    async def make(self, session: AsyncSession, battle: Battle, passed: list[Entry]) -> None:
        """The groups from the prelims' passed competitors (best first), dealt snake-wise; every pair of a group
        meets once, in the circle method's order, a sparring of `ROUNDS` rounds on the side `group`."""
        dealt = rules.groups([e.id for e in passed])
        battle.group_order = [entry for group in dealt for entry in group]
        battle.group_tiebreaks = None
        for number, group in enumerate(dealt, start=1):
            for position, (red, blue) in enumerate(rules.schedule(group)):
                session.add(
                    Sparring(
                        battle_id=battle.id,
                        side=rules.GROUP,
                        round=number,
                        position=position,
                        level=rules.group_name(number),
                        rounds=rules.ROUNDS,
                        red_entry_id=red,
                        blue_entry_id=blue,
                        status=bracket_rules.status(red, blue),
                    )
                )
        await session.flush()

    async def add_to_bracket(self, session: AsyncSession, access: BattleAccess) -> s.RoundRobin:
        """The bracket seeded from the groups' rankings: each group's best `ADVANCE`, winners first, two of one
        group in opposite halves."""
        battle = access.battle
        if not battle.round_robin:
            raise Conflict(rules.NO_GROUPS)
        battles, _, ranking = await self._facts(
            session, battle.id, battle.group_order or [], battle.group_tiebreaks or []
        )
        if not battles:
            raise Conflict(rules.NO_GROUPS)
        if await bracket_built(session, battle.id):
            raise Conflict(rules.BRACKET_BUILT)
        blocked = self._blocked(battles, ranking)
        if blocked is not None:
            raise Conflict(blocked)
        ranked = [[x.dancer for x in standings] for _, standings in sorted(ranking.items())]
        seeded = rules.seeds(ranked, rules.ADVANCE, battle.bracket_size)
        entries = {e.id: e for e in await battle_repository.entries(session, battle.id)}
        await bracket_service.build(session, battle, [entries[e] for e in seeded])
        await session.flush()
        await events.prelims_changed(session, battle, "finish")
        return await self.view(session, access)

    async def undo_bracket(self, session: AsyncSession, access: BattleAccess) -> s.RoundRobin:
        """The bracket removed, back to the groups: until one of its sparrings is decided (byes aside)."""
        battle = access.battle
        if not battle.round_robin or not await bracket_built(session, battle.id):
            raise Conflict(rules.NO_BRACKET)
        decided = select(Sparring.id).where(
            Sparring.battle_id == battle.id,
            Sparring.side != rules.GROUP,
            Sparring.winner_entry_id.is_not(None),
            Sparring.red_entry_id.is_not(None),
            Sparring.blue_entry_id.is_not(None),
        )
        if await session.scalar(select(exists(decided))):
            raise Conflict(rules.BRACKET_DECIDED)
        await session.execute(delete(Sparring).where(Sparring.battle_id == battle.id, Sparring.side != rules.GROUP))
        await session.flush()
        await events.prelims_changed(session, battle, "undo")
        return await self.view(session, access)

    async def tiebreak(self, session: AsyncSession, access: BattleAccess, competitor: int) -> s.RoundRobin:
        """`competitor` won a tie-break round against the others they are tied with: ranked first of them."""
        battle = access.battle
        if not battle.round_robin:
            raise Conflict(rules.NO_GROUPS)
        if await bracket_built(session, battle.id):
            raise Conflict(rules.BRACKET_BUILT)
        entries = await battle_repository.entries(session, battle.id)
        shown = {(battle_rules.hidden_id(e.id) if access.hides_competitors else competitor_id(e)): e for e in entries}
        entry = shown.get(competitor)
        tiebreaks = list(battle.group_tiebreaks or [])
        ranking = (await self._facts(session, battle.id, battle.group_order or [], tiebreaks)).ranking
        tied = {x.dancer for standings in ranking.values() for x in standings if x.tied}
        if entry is None or entry.id not in tied:
            raise Invalid(rules.NOT_TIED.format(name=competitor))
        battle.group_tiebreaks = [*tiebreaks, entry.id]
        await session.flush()
        await events.touched(session, battle)
        return await self.view(session, access)


roundrobin_service = RoundRobinService()

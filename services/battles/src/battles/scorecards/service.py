"""A competitor's scorecard: read from the bracket's sparrings, their judges' points and the audience's votes."""

from __future__ import annotations

from decimal import Decimal
from typing import cast

from sqlalchemy.ext.asyncio import AsyncSession

from battles.battles import rules as battle_rules
from battles.battles.access import BattleAccess
from battles.battles.repository import battle_repository
from battles.judging import rules as judging
from battles.models import Entry, Sparring
from battles.scorecards import rules
from battles.scorecards import schemas as s
from battles.sparrings.repository import sparring_repository
from battles.sparrings.rules import BLUE, RED, totals
from battles.sparrings.service import BATTLE_FINISHED
from battles.sparrings.view import competitor_of
from kit.errors import Forbidden, NotFound
from kit.profiles import User


class ScorecardService:
    async def read(self, session: AsyncSession, access: BattleAccess, competitor: int) -> s.Scorecard:
        battle = access.battle
        own = await self._own(session, access, competitor)
        decided = battle.status == BATTLE_FINISHED
        refused = rules.refusal(
            decided=decided, hidden=access.hides_competitors, own=own, insider=access.is_admin or access.judge
        )
        if refused is not None:
            raise Forbidden(refused)
        entries = {e.id: e for e in await battle_repository.entries(session, battle.id)}
        entry = next((e for e in entries.values() if competitor_of(e) == competitor and not e.waitlisted), None)
        if entry is None:
            raise NotFound(rules.NOT_FOUND)
        sparrings = sorted(
            (
                x
                for x in await sparring_repository.of_battle(session, battle.id)
                if entry.id in (x.red_entry_id, x.blue_entry_id)
            ),
            key=lambda x: rules.Stage(x.side, x.round, x.position).key(),
        )
        opponents = [entries.get(self._other(x, entry.id) or 0) for x in sparrings]
        scores = {x.id: await sparring_repository.scores(session, x.id) for x in sparrings}
        names = await self._names(session, access, [entry, *(o for o in opponents if o is not None)])
        if access.hides_competitors:
            # a hidden battle's competitor reads their own card: their opponents stay hidden, as on the floor
            for other in opponents:
                if other is not None and other.id != entry.id:
                    names[other.id] = s.Competitor(id=battle_rules.hidden_id(other.id), name=battle_rules.HIDDEN_NAME)
        judges = await battle_repository.profiles(session, {sc.judge_id for found in scores.values() for sc in found})
        mode = battle.judging_mode
        panel = await battle_repository.judge_ids(session, battle.id)
        cards = []
        for sparring, opponent in zip(sparrings, opponents, strict=True):
            red = sparring.red_entry_id == entry.id
            votes = await sparring_repository.votes(session, sparring.id)
            rounds: dict[int, list[s.JudgeCard]] = {}
            pairs: dict[int, list[tuple[Decimal, Decimal]]] = {}
            for score in scores[sparring.id]:
                mine, theirs = (score.red_points, score.blue_points) if red else (score.blue_points, score.red_points)
                judge = judges.get(score.judge_id)
                rounds.setdefault(score.round, []).append(
                    s.JudgeCard(
                        judge=User(
                            id=score.judge_id,
                            dancer_name=judge.dancer_name if judge else None,
                            avatar=judge.avatar if judge else None,
                        ),
                        mine=float(mine),
                        theirs=float(theirs),
                        faders=rules.faders_seen(score.faders, red),
                    )
                )
                pairs.setdefault(score.round, []).append((mine, theirs))
            sums = {number: totals(found) for number, found in pairs.items()}  # (mine, theirs) per round
            by_round = (
                judging.decisions(
                    (judging.Score(x.judge_id, x.round, x.red_points, x.blue_points) for x in scores[sparring.id]),
                    panel,
                    sparring.rounds + sparring.extra_rounds,
                )
                if mode != judging.POINTS
                else {}
            )
            total_mine, total_theirs = totals(sums.values())
            cards.append(
                s.SparringCard(
                    sparring_id=sparring.id,
                    level=sparring.level,
                    color=RED if red else BLUE,
                    status=sparring.status,
                    result=rules.result(entry.id, opponent.id if opponent else None, sparring.winner_entry_id),
                    opponent=names.get(opponent.id) if opponent else None,
                    judging_mode=cast(judging.Mode, mode),
                    criteria=list(judging.CRITERIA.get(mode, ())),
                    rounds=[
                        s.RoundCard(
                            round=number,
                            scores=rounds[number],
                            mine=float(sums[number][0]),
                            theirs=float(sums[number][1]),
                            decision=rules.decision_seen(by_round.get(number), RED if red else BLUE),
                        )
                        for number in sorted(rounds)
                    ],
                    mine=float(total_mine),
                    theirs=float(total_theirs),
                    votes_mine=votes.get(RED if red else BLUE, 0),
                    votes_theirs=votes.get(BLUE if red else RED, 0),
                )
            )
        return s.Scorecard(
            battle_id=battle.id,
            battle_title=battle.title,
            competitor=names[entry.id],
            decided=decided,
            sparrings=cards,
        )

    @staticmethod
    def _other(sparring: Sparring, mine: int) -> int | None:
        return sparring.blue_entry_id if sparring.red_entry_id == mine else sparring.red_entry_id

    @staticmethod
    async def _own(session: AsyncSession, access: BattleAccess, competitor: int) -> bool:
        """The caller is the competitor: the dancer, or a confirmed member of the crew."""
        user = access.user_id
        if user is None:
            return False
        if not access.crew_battle:
            return user == competitor
        return any(
            m.crew_id == competitor and m.confirmed
            for m in await battle_repository.members(session, access.battle.id, user)
        )

    @staticmethod
    async def _names(session: AsyncSession, access: BattleAccess, entries: list[Entry]) -> dict[int, s.Competitor]:
        """Each entry as the scorecard names it: the dancer's name and avatar, or the crew's name."""
        crew_ids = [e.crew_id for e in entries if e.crew_id is not None]
        crews = (
            {c.id: c for c in await battle_repository.crews(session, access.battle.id, crew_ids)} if crew_ids else {}
        )
        people = await battle_repository.profiles(session, (e.user_id for e in entries if e.user_id is not None))
        named: dict[int, s.Competitor] = {}
        for entry in entries:
            if entry.crew_id is not None:
                crew = crews.get(entry.crew_id)
                named[entry.id] = s.Competitor(id=entry.crew_id, name=crew.name if crew else None)
            else:
                person = people.get(entry.user_id or 0)
                named[entry.id] = s.Competitor(
                    id=entry.user_id or 0,
                    name=person.dancer_name if person else None,
                    avatar=person.avatar if person else None,
                )
        return named


scorecard_service = ScorecardService()

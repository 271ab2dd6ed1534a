"""The prelims: judges' points, gone competitors, Randomize, Add to bracket and Undo bracket, and the groups."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

from sqlalchemy.ext.asyncio import AsyncSession

from battles import events
from battles.battles import rules as battle_rules
from battles.battles.access import BattleAccess
from battles.battles.repository import battle_repository
from battles.brackets.repository import bracket_repository
from battles.brackets.service import bracket_service
from battles.models import Battle, Crew, CrewMember, Entry, PrelimGroup, PrelimScore, Profile
from battles.prelims import rules
from battles.prelims import schemas as s
from battles.prelims.repository import competitor_id, prelims_repository
from battles.roundrobin import rules as roundrobin_rules
from battles.roundrobin.service import roundrobin_service
from contracts.battles import PrelimPoints, PrelimStanding
from kit.db import commit_writes
from kit.errors import Conflict, Forbidden, Invalid, NotFound

REGISTRATION, FINISHED = "registration", "prelims-finished"
NOT_COMPETING = "{id} is not competing in this battle"
COMPETITOR_NOT_FOUND = "Competitor not found"
GROUP_NOT_FOUND = "Group not found"
Sort = Literal["value-desc", "value-asc"]

_lots = random.SystemRandom()


class Facts:
    """What the prelims show, each list read in one statement."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.crews: dict[int, Crew] = {}
        self.members: dict[int, list[CrewMember]] = {}
        self.scores: list[PrelimScore] = []
        self.groups: list[PrelimGroup] = []
        self.profiles: dict[int, Profile] = {}


async def load(session: AsyncSession, access: BattleAccess) -> Facts:
    battle = access.battle
    facts = Facts()
    facts.entries = await prelims_repository.competing(session, battle.id)
    if access.crew_battle:
        facts.crews = {c.id: c for c in await battle_repository.crews(session, battle.id)}
        for member in await battle_repository.members(session, battle.id):
            if member.confirmed:
                facts.members.setdefault(member.crew_id, []).append(member)
    facts.scores = await prelims_repository.scores(session, battle.id)
    facts.groups = await prelims_repository.groups(session, battle.id)
    users = {e.user_id for e in facts.entries if e.user_id} | {s.judge_id for s in facts.scores}
    users |= {m.user_id for members in facts.members.values() for m in members}
    facts.profiles = await battle_repository.profiles(session, users)
    return facts


def passing_size(battle: Battle) -> int:
    """How many of the prelims pass: the bracket's size, or with round-robin groups those that go into the groups
    (twice the bracket, groups of four)."""
    return roundrobin_rules.entering(battle.bracket_size) if battle.round_robin else battle.bracket_size


def standings(facts: Facts) -> list[rules.Standing]:
    points: dict[int, list[float]] = {}
    for score in facts.scores:
        points.setdefault(score.entry_id, []).append(float(score.points))
    return [
        rules.Standing(competitor_id(e), rules.average(points.get(e.id, [])), e.is_gone, e.draw, e.seq)
        for e in facts.entries
    ]


def _name(facts: Facts, entry: Entry) -> str | None:
    if entry.crew_id is not None:
        crew = facts.crews.get(entry.crew_id)
        return crew.name if crew else None
    found = facts.profiles.get(entry.user_id or 0)
    return found.dancer_name if found else None


def _avatar(facts: Facts, entry: Entry) -> str | None:
    found = facts.profiles.get(entry.user_id or 0) if entry.user_id else None
    return found.avatar if found else None


def _dancer(facts: Facts, user_id: int) -> s.PrelimsDancer:
    found = facts.profiles.get(user_id)
    return s.PrelimsDancer(
        id=user_id, dancer_name=found.dancer_name if found else None, avatar=found.avatar if found else None
    )


def _shown(access: BattleAccess, facts: Facts, entry: Entry) -> tuple[int, str | None, str | None]:
    """The competitor's id, name and avatar as this caller may see them (a hidden battle's: none of them)."""
    if access.hides_competitors:
        return battle_rules.hidden_id(entry.id), battle_rules.HIDDEN_NAME, None
    return competitor_id(entry), _name(facts, entry), _avatar(facts, entry)


def groups_view(access: BattleAccess, facts: Facts) -> list[s.PrelimsGroup]:
    members: dict[int, list[Entry]] = {}
    for entry in facts.entries:
        if entry.group_id is not None:
            members.setdefault(entry.group_id, []).append(entry)
    shown = []
    for group in facts.groups:
        inside = sorted(members.get(group.id, []), key=lambda e: (e.rand_id is None, e.rand_id or 0, e.seq))
        listed = []
        for entry in inside:
            competitor, name, avatar = _shown(access, facts, entry)
            listed.append(s.PrelimsGroupMember(id=competitor, name=name, rand_id=entry.rand_id, avatar=avatar))
        shown.append(
            s.PrelimsGroup(
                id=group.id,
                name=f"Group {group.position}",
                amount_members=len(listed),
                crews=listed if access.crew_battle else None,
                participants=None if access.crew_battle else listed,
            )
        )
    return shown


def build(access: BattleAccess, facts: Facts, sort: Sort = "value-desc") -> s.Prelims:
    battle = access.battle
    ranks = standings(facts)
    averages = {r.id: r.average for r in ranks}
    places = rules.places(ranks)
    statuses, error = rules.passing(ranks, passing_size(battle))
    judged: dict[int, dict[str, list[s.PrelimsJudgeScore]]] = {}
    for score in facts.scores:
        judge = _dancer(facts, score.judge_id)
        rounds = judged.setdefault(score.entry_id, {})
        rounds.setdefault(str(score.round), []).append(
            s.PrelimsJudgeScore(
                id=judge.id, dancer_name=judge.dancer_name, avatar=judge.avatar, points=float(score.points)
            )
        )
    rows = []
    hidden = access.hides_competitors
    for entry in facts.entries:
        cid = competitor_id(entry)
        crew = entry.crew_id is not None
        shown_id, name, avatar = _shown(access, facts, entry)
        members = [] if hidden else [_dancer(facts, m.user_id) for m in facts.members.get(entry.crew_id, [])]
        rows.append(
            s.PrelimsRow(
                id=shown_id,
                dancer_name=None if crew else name,
                name=name,
                avatar=avatar,
                rand_id=entry.rand_id,
                group=entry.group_id,
                is_gone=entry.is_gone,
                is_promoted=entry.is_promoted,
                pass_status=statuses.get(cid),
                points_average=averages[cid],
                place=places.get(cid),
                checked_in=entry.checked_in_at is not None,
                participants=members if crew else None,
                prelims=s.PrelimsScores(rounds=judged.get(entry.id, {})),
            )
        )
    sign = -1 if sort == "value-desc" else 1
    rows.sort(key=lambda r: (sign * r.points_average, r.place is None, r.place or 0, (r.name or "").casefold()))
    editing = access.can_edit and battle.status == REGISTRATION
    present = sum(1 for r in ranks if not r.gone)
    return s.Prelims(
        crews=rows if access.crew_battle else None,
        participants=None if access.crew_battle else rows,
        groups=groups_view(access, facts),
        rounds=rules.rounds(battle.crew_size),
        status=battle.status,
        permissions=s.PrelimsPermissions(
            can_judge=access.judge and battle.status == REGISTRATION,
            can_set_gone=editing,
            can_finish_prelims=editing,
            can_shuffle=editing and not battle.shuffled and present >= 2,
            can_undo_brackets=False,  # the service answers it (a query)
            error=error,
        ),
        version=battle.prelims_version,
    )


class PrelimsService:
    async def view(self, session: AsyncSession, access: BattleAccess, sort: Sort = "value-desc") -> s.Prelims:
        """The answer of a read and of every write (committed first, so the battle's lock is not held meanwhile)."""
        await commit_writes(session)
        prelims = build(access, await load(session, access), sort)
        battle = access.battle
        if access.can_edit and battle.status == FINISHED:
            prelims.permissions.can_undo_brackets = not await bracket_repository.decided(session, battle.id)
        return prelims

    async def groups(self, session: AsyncSession, access: BattleAccess) -> s.PrelimsGroups:
        await commit_writes(session)
        return s.PrelimsGroups(groups=groups_view(access, await load(session, access)))

    @staticmethod
    def _registration(access: BattleAccess) -> None:
        if access.battle.status != REGISTRATION:
            raise Conflict(rules.NOT_REGISTRATION)

    async def _entry(self, session: AsyncSession, access: BattleAccess, competitor: int) -> Entry:
        entries = await prelims_repository.competing(session, access.battle.id)
        found = next((e for e in entries if competitor_id(e) == competitor), None)
        if found is None:
            raise NotFound(COMPETITOR_NOT_FOUND)
        return found

    async def score(self, session: AsyncSession, access: BattleAccess, given: Sequence[s.PrelimScoreIn]) -> s.Prelims:
        """A judge's points, checked as a whole before any is written; one score per entry, judge and round."""
        if not access.judge or access.user_id is None:
            raise Forbidden()
        self._registration(access)
        battle = access.battle
        by_competitor = {competitor_id(e): e for e in await prelims_repository.competing(session, battle.id)}
        rounds = rules.rounds(battle.crew_size)
        changes = []
        for item in given:
            competitor = item.crew_id if access.crew_battle else item.user_id
            if competitor is None:
                raise Invalid(rules.COMPETITOR_REQUIRED.format(field="crewId" if access.crew_battle else "userId"))
            entry = by_competitor.get(competitor)
            if entry is None:
                raise Invalid(NOT_COMPETING.format(id=competitor))
            if not 1 <= item.round <= rounds:
                raise Invalid(rules.ROUND_INVALID.format(rounds=rounds))
            try:
                points = rules.points(item.points)
            except ValueError as exc:
                raise Invalid(str(exc)) from exc
            changes.append((entry.id, item.round, points))
        changed = False
        for entry_id, round_, points in changes:
            written = await prelims_repository.set_score(session, battle.id, entry_id, access.user_id, round_, points)
            changed = written or changed
        # Only a real change voids the draw (docs/product/competition.md): points sent again leave Randomize done.
        if changed:
            battle.shuffled = False
            await prelims_repository.clear_draws(session, battle.id)
            await session.flush()
            await self._announce_scores(session, access, list(by_competitor.values()), changes)
        return await self.view(session, access)

    @staticmethod
    async def _announce_scores(
        session: AsyncSession, access: BattleAccess, entries: list[Entry], changes: list[tuple[int, int, Any]]
    ) -> None:
        """The message an open prelims page applies (docs/product/competition.md, Live scores): the points this
        save set and every row's standing, by the ids the public list shows (a hidden battle's hidden ones)."""
        battle, judge_id = access.battle, access.user_id or 0
        facts = Facts()
        facts.entries = entries  # their lots cleared already (clear_draws updates the loaded entries too)
        facts.scores = await prelims_repository.scores(session, battle.id)
        ranks = standings(facts)
        places = rules.places(ranks)
        statuses, error = rules.passing(ranks, passing_size(battle))
        hidden = battle.hide_participants
        by_entry = {e.id: e for e in entries}

        def shown(entry: Entry) -> int:
            return battle_rules.hidden_id(entry.id) if hidden else competitor_id(entry)

        judge = (await battle_repository.profiles(session, {judge_id})).get(judge_id)
        await events.prelims_scored(
            session,
            battle,
            judge_id,
            points=[
                PrelimPoints(id=shown(by_entry[entry_id]), round=round_, points=None if p is None else float(p))
                for entry_id, round_, p in changes
            ],
            standings=[
                PrelimStanding(
                    id=shown(entry),
                    points_average=rank.average,
                    place=places.get(rank.id),
                    pass_status=statuses.get(rank.id),
                )
                for entry, rank in zip(entries, ranks, strict=True)
            ],
            error=error,
            judge_name=judge.dancer_name if judge else None,
            judge_avatar=judge.avatar if judge else None,
        )

    async def toggle_gone(self, session: AsyncSession, access: BattleAccess, competitor: int) -> s.Prelims:
        self._registration(access)
        entry = await self._entry(session, access, competitor)
        entry.is_gone = not entry.is_gone
        return await self._changed(session, access, "gone")

    async def reshuffle(self, session: AsyncSession, access: BattleAccess) -> s.Prelims:
        """Randomize: a lot drawn for every competitor, so equal averages get a strict order."""
        self._registration(access)
        battle = access.battle
        if battle.shuffled:
            raise Conflict(rules.ALREADY_SHUFFLED)
        entries = await prelims_repository.competing(session, battle.id)
        if sum(1 for e in entries if not e.is_gone) < 2:
            raise Conflict(rules.TOO_FEW)
        lots = list(range(1, len(entries) + 1))
        _lots.shuffle(lots)
        for entry, lot in zip(entries, lots, strict=True):
            entry.draw = lot
        battle.shuffled = True
        return await self._changed(session, access, "reshuffle")

    async def _changed(self, session: AsyncSession, access: BattleAccess, what: str) -> s.Prelims:
        """The prelims written: announced (`what` changed), then read back."""
        await session.flush()
        await events.prelims_changed(session, access.battle, what)
        return await self.view(session, access)

    async def finish(self, session: AsyncSession, access: BattleAccess) -> s.Prelims:
        """Add to bracket: the passed competitors, by rank, seeded into a new bracket, or dealt into round-robin
        groups when the battle has them (the bracket follows from the groups' rankings)."""
        self._registration(access)
        battle = access.battle
        if not battle.shuffled:
            raise Conflict(rules.NOT_SHUFFLED)
        facts = await load(session, access)
        ranks = standings(facts)
        statuses, error = rules.passing(ranks, passing_size(battle))
        if error is not None:
            raise Conflict(error)
        by_competitor = {competitor_id(e): e for e in facts.entries}
        passed = [by_competitor[r.id] for r in rules.ranked(ranks) if statuses.get(r.id) == rules.PASSED]
        await bracket_repository.remove(session, battle.id)
        if battle.round_robin:
            await roundrobin_service.make(session, battle, passed)
        else:
            await bracket_service.build(session, battle, passed)
        for entry in passed:
            entry.is_promoted = True
        battle.status = FINISHED
        return await self._changed(session, access, "finish")

    async def undo(self, session: AsyncSession, access: BattleAccess) -> s.Prelims:
        """Undo bracket: allowed until a sparring is decided (byes aside)."""
        battle = access.battle
        if battle.status != FINISHED:
            raise Conflict(rules.NOT_FINISHED)
        if await bracket_repository.decided(session, battle.id):
            raise Conflict(rules.BRACKET_DECIDED)
        await bracket_repository.remove(session, battle.id)
        for entry in await prelims_repository.competing(session, battle.id):
            entry.is_promoted = False
        battle.status = REGISTRATION
        battle.shuffled = False
        return await self._changed(session, access, "undo")

    async def create_groups(
        self, session: AsyncSession, access: BattleAccess, amount: int, kind: Literal["random", "number"]
    ) -> s.PrelimsGroups:
        """The groups dealt anew from the checked-in competitors who are not gone (a crew is checked in once every
        confirmed member is); amount 0 removes them all."""
        self._registration(access)
        battle = access.battle
        entries = await prelims_repository.competing(session, battle.id)
        members = [e for e in entries if e.checked_in_at is not None and not e.is_gone]
        if kind == "random":
            _lots.shuffle(members)
        else:
            members.sort(key=lambda e: (e.rand_id or 0, e.seq))
        dealt = rules.deal([e.id for e in members], amount) if amount else []
        groups = await prelims_repository.replace_groups(session, battle.id, len(dealt))
        by_id = {e.id: e for e in entries}
        for group, inside in zip(groups, dealt, strict=True):
            for entry_id in inside:
                by_id[entry_id].group_id = group.id
        await session.flush()
        await events.prelims_changed(session, battle, "groups")
        return await self.groups(session, access)

    async def move(
        self, session: AsyncSession, access: BattleAccess, group_id: int, competitor: int
    ) -> s.PrelimsGroups:
        """Competitor `competitor` into group `group_id` (the destination)."""
        group = await prelims_repository.group(session, access.battle.id, group_id)
        if group is None:
            raise NotFound(GROUP_NOT_FOUND)
        entry = await self._entry(session, access, competitor)
        entry.group_id = group.id
        await session.flush()
        await events.prelims_changed(session, access.battle, "move")
        return await self.groups(session, access)


prelims_service = PrelimsService()

"""A sparring as one caller sees it: both sides (hidden in a hidden battle), the judges' scores by round, the
audience's votes and what the caller may do; the writes read its facts and state here too."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from decimal import Decimal
from typing import Literal, cast

from sqlalchemy.ext.asyncio import AsyncSession

from battles.battles import rules as battle_rules
from battles.battles.access import BattleAccess
from battles.battles.repository import battle_repository
from battles.judging import rules as judging
from battles.models import Entry, Sparring, SparringScore
from battles.sparrings import rules
from battles.sparrings import schemas as s
from battles.sparrings.repository import sparring_repository
from kit import profiles
from kit.db import commit_writes
from kit.profiles import IdentityClient, User

Vote = Literal["red", "blue"] | None


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
    outside: bool = False  # only the people checked in at the event vote, and the caller is not


async def answer(session: AsyncSession, identity: IdentityClient | None, access: SparringAccess) -> s.Sparring:
    """The answer of a read and of every write (the write committed first, its locks released)."""
    await commit_writes(session)
    sparring, battle = access.sparring, access.battle
    facts = await load_facts(session, access)
    people = await people_of(session, identity, facts, battle.hides_competitors)
    flags = rules.flags(viewer_of(access, facts), state_of(sparring, facts))
    red_total, blue_total = rules.totals((x.red_points, x.blue_points) for x in facts.scores)
    order = {judge: i for i, judge in enumerate(facts.judges)}
    mode = battle.battle.judging_mode
    count = sparring.rounds + sparring.extra_rounds
    deciding = mode != judging.POINTS
    decided = (
        judging.decisions(
            (judging.Score(x.judge_id, x.round, x.red_points, x.blue_points) for x in facts.scores),
            facts.judges,
            count,
        )
        if deciding
        else {}
    )
    won = judging.rounds_won(decided)
    rounds = []
    for number in range(1, count + 1):
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
                        pick=judging.pick_of(x.red_points, x.blue_points) if deciding else None,
                        faders=x.faders,
                    )
                    for x in scored
                ],
                sum_red_points=float(red_sum),
                sum_blue_points=float(blue_sum),
                decision=decided.get(number),
            )
        )
    winner = {e.id: e for e in (facts.red, facts.blue) if e is not None}.get(sparring.winner_entry_id or 0)
    return s.Sparring(
        sparring_id=sparring.id,
        version=sparring.version,
        battle_id=battle.battle.id,
        event_id=battle.battle.event_id,
        battle_title=battle.battle.title,
        crew_size=battle.battle.crew_size,
        level=sparring.level,
        status=sparring.status,
        winner_id=shown_id(battle, winner) if winner is not None else 0,
        red=side_of(battle, facts, people, facts.red, (red_total, won[0]), rules.RED),
        blue=side_of(battle, facts, people, facts.blue, (blue_total, won[1]), rules.BLUE),
        rounds=rounds,
        rounds_count=count,
        extra_rounds=sparring.extra_rounds,
        judges=[people[j] for j in facts.judges],
        carpet_id=sparring.carpet_id,
        my_vote=cast(Vote, facts.my_vote),
        voters_checked_in=access.battle.battle.voters_checked_in,
        judging_mode=cast(judging.Mode, mode),
        criteria=list(judging.CRITERIA.get(mode, ())),
        permissions=s.SparringPermissions(**asdict(flags)),
    )


async def load_facts(session: AsyncSession, access: SparringAccess) -> Facts:
    sparring = access.sparring
    red, blue = await sides_of(session, sparring)
    crew_ids = [e.crew_id for e in (red, blue) if e is not None and e.crew_id is not None]
    crews = await sparring_repository.crews(session, crew_ids)
    next_decided = False  # where its winner (or a semi-final's loser, for third place) went is decided
    if sparring.winner_entry_id is not None:
        for next_id in (sparring.next_id, sparring.loser_next_id):
            following = await sparring_repository.get(session, next_id) if next_id is not None else None
            next_decided = next_decided or (following is not None and following.winner_entry_id is not None)
    return Facts(
        red=red,
        blue=blue,
        scores=await sparring_repository.scores(session, sparring.id),
        votes=await sparring_repository.votes(session, sparring.id),
        my_vote=await sparring_repository.vote_of(session, sparring.id, access.battle.principal.profile_id),
        judges=await battle_repository.judge_ids(session, access.battle.battle.id),
        dancers=await dancers_of(session, red, blue),
        outside=await outside(session, access),
        crew_names={c.id: c.name for c in crews.values()},
        next_decided=next_decided,
    )


async def outside(session: AsyncSession, access: SparringAccess) -> bool:
    """The battle lets only the people checked in at its event vote, and the caller is not (or is a guest)."""
    battle = access.battle
    if not battle.battle.voters_checked_in:
        return False
    user = battle.principal.profile_id
    return user is None or not await sparring_repository.checked_in(session, battle.event.id, user)


async def sides_of(session: AsyncSession, sparring: Sparring) -> tuple[Entry | None, Entry | None]:
    entries = await sparring_repository.entries(session, (sparring.red_entry_id, sparring.blue_entry_id))
    return entries.get(sparring.red_entry_id or 0), entries.get(sparring.blue_entry_id or 0)


async def dancers_of(session: AsyncSession, red: Entry | None, blue: Entry | None) -> set[int]:
    """The two sides' dancers: the single dancers, a crew's confirmed members."""
    sides = [e for e in (red, blue) if e is not None]
    members = await battle_repository.confirmed_members(session, [e.crew_id for e in sides if e.crew_id])
    return {e.user_id for e in sides if e.user_id is not None} | {u for m in members.values() for u in m}


async def people_of(
    session: AsyncSession, identity: IdentityClient | None, facts: Facts, hidden: bool
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


def competitor_of(entry: Entry) -> int:
    """The competitor id: the crew's in a crew battle, the dancer's otherwise."""
    return entry.crew_id if entry.crew_id is not None else entry.user_id or 0


def shown_id(battle: BattleAccess, entry: Entry) -> int:
    """The competitor id as this caller may see it (a hidden battle's: not the dancer's or the crew's)."""
    return battle_rules.hidden_id(entry.id) if battle.hides_competitors else competitor_of(entry)


def side_of(
    battle: BattleAccess,
    facts: Facts,
    people: dict[int, User],
    entry: Entry | None,
    result: tuple[Decimal, int],  # the total, and the rounds won in a deciding mode
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
        id=shown_id(battle, entry),
        name=name,
        avatar=avatar,
        total_points=float(result[0]),
        audience_points=facts.votes.get(color, 0),
        rounds_won=result[1],
    )


def state_of(sparring: Sparring, facts: Facts) -> rules.State:
    has_red, has_blue = sparring.red_entry_id is not None, sparring.blue_entry_id is not None
    return rules.State(
        status=sparring.status,
        has_red=has_red,
        has_blue=has_blue,
        active=bool(facts.scores or any(facts.votes.values()) or sparring.winner_entry_id is not None),
        bye=sparring.winner_entry_id is not None and not (has_red and has_blue),
        next_decided=facts.next_decided,
    )


def viewer_of(access: SparringAccess, facts: Facts) -> rules.Viewer:
    battle = access.battle
    user = battle.principal.profile_id
    return rules.Viewer(
        signed_in=user is not None,
        judge=battle.judge,
        can_edit=battle.can_edit,
        is_admin=battle.is_admin,
        dancer=user is not None and user in facts.dancers,
        voted=facts.my_vote is not None,
        outside=facts.outside,
    )

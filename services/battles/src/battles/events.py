"""The events this service publishes (payload models in `contracts.battles`), written to the outbox in the
caller's transaction. Every one carries the topic battle:<id> (but a scoreboard's: carpet:<id> and event:<id>; and
those naming a dancer of a battle that hides its participants: the dancer's user:<id> only)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from battles.battles import rules
from battles.models import Battle, Sparring
from contracts.battles import (
    BattleChanged,
    BattleTouched,
    BracketSeeded,
    CrewInvited,
    JudgeAdded,
    JudgeRemoved,
    ParticipantRegistered,
    ParticipantUnregistered,
    PrelimPoints,
    PrelimsChanged,
    PrelimsScored,
    PrelimStanding,
    ScoreboardChanged,
    SparringChanged,
    WaitlistPromoted,
)
from kit import outbox


async def battle_changed(session: AsyncSession, event: type[BattleChanged], battle: Battle) -> None:
    """`event` is BattleCreated, BattleUpdated or BattleDeleted; crewSize None is unlimited."""
    crew_size = None if battle.crew_size == rules.UNLIMITED else battle.crew_size
    payload = event(
        id=battle.id, event_id=battle.event_id, title=battle.title, crew_size=crew_size, org_id=battle.org_id or None
    )
    await outbox.add(session, payload)


async def touched(session: AsyncSession, battle: Battle) -> None:
    await outbox.add(session, BattleTouched(id=battle.id, event_id=battle.event_id))


async def _named(session: AsyncSession, battle: Battle, payloads: list[Any]) -> None:
    """Messages naming the battle's dancers (`hidden` set: a battle hiding its participants sends them to the
    dancers' own topics only, and tells its open pages with one that names nobody)."""
    for payload in payloads:
        await outbox.add(session, payload)
    if payloads and battle.hide_participants:
        await touched(session, battle)


def registered_row(battle_id: int, event_id: int, user_id: int, hidden: bool) -> outbox.Prepared:
    """A dancer's registration as an outbox row made in the context of their request (entered with others in
    one transaction: `registration_repository.enter_all`); with `touched_row` once for a battle that hides its
    participants, as `registered` writes."""
    return outbox.prepare(
        ParticipantRegistered(battle_id=battle_id, event_id=event_id, user_id=user_id, crew_id=None, hidden=hidden)
    )


def touched_row(battle_id: int, event_id: int) -> outbox.Prepared:
    return outbox.prepare(BattleTouched(id=battle_id, event_id=event_id))


async def registered(session: AsyncSession, battle: Battle, users: Iterable[int], crew_id: int | None = None) -> None:
    await _participants(session, battle, ParticipantRegistered, users, crew_id)


async def unregistered(session: AsyncSession, battle: Battle, users: Iterable[int], crew_id: int | None = None) -> None:
    await _participants(session, battle, ParticipantUnregistered, users, crew_id)


async def _participants(
    session: AsyncSession,
    battle: Battle,
    kind: type[ParticipantRegistered] | type[ParticipantUnregistered],
    users: Iterable[int],
    crew_id: int | None,
) -> None:
    hidden = battle.hide_participants
    payloads = [
        kind(battle_id=battle.id, event_id=battle.event_id, user_id=user_id, crew_id=crew_id, hidden=hidden)
        for user_id in users
    ]
    await _named(session, battle, payloads)


async def judge(session: AsyncSession, battle: Battle, user_id: int, *, added: bool) -> None:
    model = JudgeAdded if added else JudgeRemoved
    await outbox.add(session, model(battle_id=battle.id, event_id=battle.event_id, user_id=user_id))


async def invited(
    session: AsyncSession, battle: Battle, crew_id: int, crew_name: str, user_id: int, by_user_id: int | None
) -> None:
    payload = CrewInvited(
        battle_id=battle.id,
        event_id=battle.event_id,
        crew_id=crew_id,
        crew_name=crew_name,
        battle_title=battle.title,
        user_id=user_id,
        by_user_id=by_user_id,
        hidden=battle.hide_participants,
    )
    await _named(session, battle, [payload])


async def promoted(session: AsyncSession, battle: Battle, users: Iterable[int], crew_id: int | None) -> None:
    payloads = [
        WaitlistPromoted(
            battle_id=battle.id,
            event_id=battle.event_id,
            user_id=user_id,
            crew_id=crew_id,
            battle_title=battle.title,
            hidden=battle.hide_participants,
        )
        for user_id in users
    ]
    await _named(session, battle, payloads)


async def _next_version(session: AsyncSession, row: Battle | Sparring, name: str) -> int:
    """The row's next version in its column `name` (the update's lock orders writers saving at once), kept on the
    loaded row: a battle's `prelims_version`, a sparring's `version`."""
    model: Any = type(row)
    column = getattr(model, name)
    version = await session.scalar(update(model).where(model.id == row.id).values({name: column + 1}).returning(column))
    set_committed_value(row, name, version)
    return version or 0


async def prelims_scored(
    session: AsyncSession,
    battle: Battle,
    judge_id: int,
    *,
    points: list[PrelimPoints],
    standings: list[PrelimStanding],
    error: str | None,
    judge_name: str | None = None,
    judge_avatar: str | None = None,
) -> None:
    """What an open prelims page applies itself (docs/product/competition.md, Live scores): ids as the public list
    shows them (the service hides a hidden battle's)."""
    payload = PrelimsScored(
        battle_id=battle.id,
        event_id=battle.event_id,
        judge_id=judge_id,
        version=await _next_version(session, battle, "prelims_version"),
        judge_name=judge_name,
        judge_avatar=judge_avatar,
        points=points,
        standings=standings,
        error=error,
    )
    await outbox.add(session, payload)


async def prelims_changed(session: AsyncSession, battle: Battle, change: str) -> None:
    """`change`: gone, groups, move, reshuffle, finish or undo."""
    version = await _next_version(session, battle, "prelims_version")
    await outbox.add(
        session, PrelimsChanged(battle_id=battle.id, event_id=battle.event_id, change=change, version=version)
    )


async def bracket_seeded(session: AsyncSession, battle: Battle, sparring_ids: list[int]) -> None:
    payload = BracketSeeded(battle_id=battle.id, event_id=battle.event_id, sparring_ids=sparring_ids)
    await outbox.add(session, payload)


async def sparring_changed(
    session: AsyncSession, event: type[SparringChanged], sparring: Sparring, event_id: int, **more: Any
) -> None:
    """`event` is SparringScored, SparringVoted, SparringDecided, SparringReset or SparringTouched; topics
    sparring:<id>, battle:<id> and carpet:<id> while a scoreboard shows it. Each change takes the sparring's
    next version, carried by the message and by every later read: three judges submitting in the same second
    get their answers in any order, and a screen keeps the newest copy instead of the last to arrive."""
    payload = event(
        sparring_id=sparring.id,
        version=await _next_version(session, sparring, "version"),
        battle_id=sparring.battle_id,
        event_id=event_id,
        carpet_id=sparring.carpet_id,
        **more,
    )
    await outbox.add(session, payload)


async def scoreboard_changed(session: AsyncSession, event_id: int, carpet_id: int, sparring_id: int | None) -> None:
    await outbox.add(session, ScoreboardChanged(event_id=event_id, carpet_id=carpet_id, sparring_id=sparring_id))

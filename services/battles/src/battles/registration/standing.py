"""An entry's standing: checked in (with its number) and competing or waiting. Called under the battle's lock
after anything that can move it (a departure, a check-in, a crew's members, a new cap); a dancer's own
registration is placed by `registration_repository.enter_all`."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from battles import events
from battles.battles import rules as battle_rules
from battles.battles.repository import battle_repository
from battles.models import Battle, CrewMember, Entry
from battles.registration import rules


async def refresh_check_ins(session: AsyncSession, battle: Battle, entries: list[Entry] | None = None) -> None:
    """Each entry's check-in from the projection: a dancer's own, a crew's once every confirmed member is checked in
    (at the last one's time). A newly checked-in entry gets the battle's next number; an un-checked one loses it."""
    entries = entries if entries is not None else await battle_repository.entries(session, battle.id)
    crews: dict[int, list[int]] = {}
    if any(e.crew_id for e in entries):
        members = await session.scalars(
            select(CrewMember).where(CrewMember.battle_id == battle.id, CrewMember.confirmed)
        )
        for member in members.all():
            crews.setdefault(member.crew_id, []).append(member.user_id)
    users = {e.user_id for e in entries if e.user_id} | {u for members in crews.values() for u in members}
    times = await battle_repository.check_ins(session, battle.event_id, users)
    for entry in entries:
        at: datetime | None
        if entry.user_id is not None:
            at = battle_rules.counted(times.get(entry.user_id))
        else:
            moments = [battle_rules.counted(times.get(u)) for u in crews.get(entry.crew_id or 0, [])]
            at = max(moments) if moments and all(m is not None for m in moments) else None
        entry.checked_in_at = at
        if at is None:
            entry.rand_id = None
        elif entry.rand_id is None:
            battle.rand_seq += 1
            entry.rand_id = battle.rand_seq


async def rebalance(session: AsyncSession, battle: Battle) -> list[Entry]:
    """Who competes under the cap; the entries that moved up from the wait list are announced (one event per
    dancer) and returned."""
    entries = await battle_repository.entries(session, battle.id)
    await refresh_check_ins(session, battle, entries)
    standings = [rules.Standing(e.id, e.seq, e.checked_in_at) for e in entries]
    keep = rules.competing(battle.cap_type, battle.limit, standings)
    moved_up = []
    for entry in entries:
        waitlisted = entry.id not in keep
        if entry.waitlisted and not waitlisted:
            moved_up.append(entry)
        entry.waitlisted = waitlisted
    await session.flush()
    # Under a check-in cap, who competes follows the check-ins the dancers see happen; anywhere else a dancer moved
    # up from the wait list learns it (a freed place, a raised or lifted cap).
    if battle.cap_type != "checkIn":
        for entry in moved_up:
            await events.promoted(session, battle, await confirmed_users(session, entry), entry.crew_id)
    return moved_up


async def confirmed_users(session: AsyncSession, entry: Entry) -> list[int]:
    if entry.user_id is not None:
        return [entry.user_id]
    found = await session.scalars(
        select(CrewMember.user_id).where(CrewMember.crew_id == entry.crew_id, CrewMember.confirmed)
    )
    return list(found.all())


async def add_entry(
    session: AsyncSession, battle: Battle, *, user_id: int | None = None, crew_id: int | None = None
) -> Entry:
    """A new entry at the end of the arrival order (the battle's row is locked)."""
    battle.entry_seq += 1
    entry = Entry(battle_id=battle.id, user_id=user_id, crew_id=crew_id, seq=battle.entry_seq, waitlisted=False)
    session.add(entry)
    await session.flush()
    return entry

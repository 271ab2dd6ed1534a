"""Registration's reads and its one delete: entries, signatures, who is registered, and the admin's dancer picker."""

from __future__ import annotations

import contextvars
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import BindParameter, Boolean, DateTime, Integer, bindparam, case, delete, exists, func, select, update
from sqlalchemy.dialects.postgresql import ARRAY, insert
from sqlalchemy.ext.asyncio import AsyncSession

from battles.battles import rules as battle_rules
from battles.battles.exceptions import BattleNotFound
from battles.battles.repository import ACCESS_STATEMENT, battle_repository
from battles.events import registered_row, touched_row
from battles.models import Battle, CheckIn, CrewMember, Entry, EventView, Judge, Org, OrgMember, Profile, Signature
from kit import outbox
from kit.rows import Query, Rows
from kit.text import LIKE_ESCAPE, contains_pattern


@dataclass(frozen=True, slots=True)
class Arrival:
    """A dancer come to register (`enter_all`): their check-in at the event as read before, and the context of
    their request (its trace and request id, which their entry's event carries)."""

    user_id: int
    checked_in_at: datetime | None
    context: contextvars.Context


@dataclass(frozen=True, slots=True)
class Entered:
    """What `enter_all` did for one dancer: `entry_id` None when it added nothing (the dancer entered already, or
    judges); `check_in_cap` when the battle's cap counts check-ins (the caller places the entry itself)."""

    entry_id: int | None
    check_in_cap: bool = False


@dataclass(frozen=True, slots=True)
class DancerFacts:
    """What registering decides on about one dancer, read in one statement (`dancer_facts`)."""

    entered: bool
    known: bool  # their profile is in the projection
    dancer_name: str | None
    judge: bool
    agreement_signed_at: datetime | None
    waiver_signed_at: datetime | None
    member: bool  # of the battle's organization
    checked_in_at: datetime | None  # at the event
    checked_in: int  # the battle's entries checked in
    signature: Signature  # their signatures as recorded (a transient row: never added to the session)
    org: Org | None  # the battle's organization (its name and documents; a transient row too)


def _first(column: Any, *where: Any) -> Any:
    return select(column).where(*where).limit(1).scalar_subquery()


_TAKEN = select(
    select(func.count())
    .where(Entry.battle_id == bindparam("battle_id"), ~Entry.waitlisted)
    .scalar_subquery()
    .label("competing"),
    select(func.array_agg(Judge.user_id))
    .where(
        Judge.battle_id == bindparam("battle_id"), Judge.user_id == func.any(bindparam("users", type_=ARRAY(Integer)))
    )
    .scalar_subquery()
    .label("judges"),
    select(func.array_agg(Entry.user_id))
    .where(
        Entry.battle_id == bindparam("battle_id"), Entry.user_id == func.any(bindparam("users", type_=ARRAY(Integer)))
    )
    .scalar_subquery()
    .label("entered"),
)
_BATTLE: BindParameter[int] = bindparam("battle_id", type_=Integer)
_USER: BindParameter[int] = bindparam("user_id", type_=Integer)


def _facts_columns(battle_id: Any, user_id: Any, org_id: Any, event_id: Any) -> list[Any]:
    """`DancerFacts` as columns, of a battle, a dancer, an organization and an event given as parameters or as
    columns of a statement they are added to (`_LOOK_UP`)."""
    mine = (Signature.battle_id == battle_id, Signature.user_id == user_id)
    of_org = Org.id == org_id
    return [
        exists().where(Entry.battle_id == battle_id, Entry.user_id == user_id).label("f_entered"),
        exists().where(Profile.id == user_id).label("f_known"),
        _first(Profile.dancer_name, Profile.id == user_id).label("f_name"),
        exists().where(Judge.battle_id == battle_id, Judge.user_id == user_id).label("f_judge"),
        _first(Signature.agreement_signed_at, *mine).label("f_agreement"),
        _first(Signature.waiver_signed_at, *mine).label("f_waiver"),
        _first(OrgMember.member, OrgMember.org_id == org_id, OrgMember.user_id == user_id).label("f_member"),
        _first(CheckIn.checked_in_at, CheckIn.event_id == event_id, CheckIn.user_id == user_id).label("f_check_in"),
        select(func.count())
        .where(Entry.battle_id == battle_id, Entry.checked_in_at.is_not(None))
        .scalar_subquery()
        .label("f_checked_in"),
        exists().where(of_org).label("f_org"),
        _first(Org.name, of_org).label("f_org_name"),
        _first(Org.image, of_org).label("f_org_image"),
        _first(Org.agreement, of_org).label("f_org_agreement"),
        _first(Org.waiver, of_org).label("f_org_waiver"),
    ]


# built once: building it per call cost more than running it
_DANCER_FACTS = select(*_facts_columns(_BATTLE, _USER, bindparam("org_id"), bindparam("event_id")))
_DANCER_FACTS_ROWS = Query(_DANCER_FACTS)
# A registration's (and a signed-in reader's) look-up in one statement on kit.rows: the battle with its event and
# the caller's standing (`battle_repository.access_on_rows`), and their facts at it (docs/decisions.md, "A
# registration rush").
_LOOK_UP = Query(ACCESS_STATEMENT.add_columns(*_facts_columns(Battle.id, _USER, Battle.org_id, EventView.id)))

# A group's entries in one statement of one shape whatever their number (arrays unnested in their order): a
# multi-row VALUES was compiled and prepared anew for each size of group.
_NEW_ENTRIES = (
    func.unnest(
        bindparam("user_id", type_=ARRAY(Integer)),
        bindparam("seq", type_=ARRAY(Integer)),
        bindparam("waitlisted", type_=ARRAY(Boolean)),
        bindparam("checked_in_at", type_=ARRAY(DateTime(timezone=True))),
        bindparam("rand_id", type_=ARRAY(Integer)),
    )
    .table_valued("user_id", "seq", "waitlisted", "checked_in_at", "rand_id", with_ordinality="n")
    .render_derived()
)
_INSERT_ENTRIES = (
    insert(Entry.__table__)  # Core's: the ORM's would take the parameters for rows to insert
    .from_select(
        ["battle_id", "user_id", "seq", "waitlisted", "checked_in_at", "rand_id"],
        select(
            bindparam("battle_id", type_=Integer),
            _NEW_ENTRIES.c.user_id,
            _NEW_ENTRIES.c.seq,
            _NEW_ENTRIES.c.waitlisted,
            _NEW_ENTRIES.c.checked_in_at,
            _NEW_ENTRIES.c.rand_id,
        ).order_by(_NEW_ENTRIES.c.n),
    )
    .returning(Entry.__table__.c.user_id, Entry.__table__.c.id)
)


def _facts_params(battle: Battle, event_id: int, user_id: int) -> dict[str, Any]:
    return {"battle_id": battle.id, "user_id": user_id, "org_id": battle.org_id, "event_id": event_id}


def _facts(battle: Battle, user_id: int, row: Any) -> DancerFacts:
    """From a row (or its mapping) holding `_facts_columns`."""
    agreement, waiver = row["f_agreement"], row["f_waiver"]
    org = None
    if row["f_org"]:
        org = Org(
            id=battle.org_id,
            name=row["f_org_name"],
            image=row["f_org_image"],
            agreement=row["f_org_agreement"],
            waiver=row["f_org_waiver"],
        )
    return DancerFacts(
        entered=bool(row["f_entered"]),
        known=bool(row["f_known"]),
        dancer_name=row["f_name"],
        judge=bool(row["f_judge"]),
        agreement_signed_at=agreement,
        waiver_signed_at=waiver,
        member=bool(row["f_member"]) and bool(battle.org_id),
        checked_in_at=row["f_check_in"],
        checked_in=int(row["f_checked_in"] or 0),
        signature=Signature(
            battle_id=battle.id, user_id=user_id, agreement_signed_at=agreement, waiver_signed_at=waiver
        ),
        org=org,
    )


class RegistrationRepository:
    async def dancer_facts(self, session: AsyncSession, battle: Battle, event_id: int, user_id: int) -> DancerFacts:
        """Everything registering asks of the dancer, the battle and its organization, in one statement."""
        row = (await session.execute(_DANCER_FACTS, _facts_params(battle, event_id, user_id))).one()
        return _facts(battle, user_id, row._mapping)

    async def dancer_facts_on_rows(self, rows: Rows, battle: Battle, event_id: int, user_id: int) -> DancerFacts:
        """The same on kit.rows, outside any transaction: a rush of registrations asks it once each, before the
        battle's lock."""
        row = await rows.one(_DANCER_FACTS_ROWS, **_facts_params(battle, event_id, user_id))
        assert row is not None
        return _facts(battle, user_id, row)

    async def look_up(
        self, rows: Rows, battle_id: int, user_id: int
    ) -> tuple[tuple[Battle, EventView, frozenset[str], bool] | None, DancerFacts | None]:
        """`battle_repository.access_on_rows` and `dancer_facts_on_rows` in one statement (None, None: no such
        battle)."""
        row = await rows.one(_LOOK_UP, battle_id=battle_id, user_id=user_id)
        if row is None:
            return None, None
        found = battle_repository.access_of(row, user_id)
        return found, _facts(found[0], user_id, row)

    async def enter_all(self, session: AsyncSession, battle_id: int, arrivals: Sequence[Arrival]) -> list[Entered]:
        """Dancers' entries, last in the arrival order and in theirs, in four statements under the battle's lock
        (docs/decisions.md, "A registration rush"): the update that takes the lock and numbers the entries (and,
        for a dancer checked in at the event already, their numbers); then, read after the lock is held, a
        statement of its own so it sees every entry committed before, who of them is entered or judges already
        and the count of those competing, from which each new entry's place is decided; the inserts of the
        entries and of their events. Under a check-in cap nothing is added (each caller places its entry)."""
        users = [a.user_id for a in arrivals]
        numbers = sum(1 for a in arrivals if a.checked_in_at is not None)
        by_check_in = Battle.cap_type == "checkIn"
        locked = (
            await session.execute(
                update(Battle)
                .where(Battle.id == battle_id)
                .values(
                    entry_seq=case((by_check_in, Battle.entry_seq), else_=Battle.entry_seq + len(arrivals)),
                    rand_seq=case((by_check_in, Battle.rand_seq), else_=Battle.rand_seq + numbers),
                )
                .returning(
                    Battle.entry_seq,
                    Battle.rand_seq,
                    Battle.cap_type,
                    Battle.limit,
                    Battle.event_id,
                    Battle.hide_participants,
                )
            )
        ).one_or_none()
        if locked is None:
            raise BattleNotFound()
        if locked.cap_type == "checkIn":
            return [Entered(None, check_in_cap=True) for _ in arrivals]
        taken = (await session.execute(_TAKEN, {"battle_id": battle_id, "users": users})).one()
        competing, skip = taken.competing, set(taken.judges or ()) | set(taken.entered or ())
        capped = battle_rules.capped(locked.cap_type, locked.limit)
        seq, rand = locked.entry_seq - len(arrivals), locked.rand_seq - numbers
        rows: list[dict[str, Any]] = []
        for arrival in arrivals:
            if arrival.user_id in skip:
                continue
            skip.add(arrival.user_id)  # twice in one rush: entered once
            seq += 1
            waitlisted = capped and competing >= locked.limit
            competing += 0 if waitlisted else 1
            checked = arrival.checked_in_at is not None
            rand += 1 if checked else 0
            rows.append(
                {
                    "battle_id": battle_id,
                    "user_id": arrival.user_id,
                    "seq": seq,
                    "waitlisted": waitlisted,
                    "checked_in_at": arrival.checked_in_at,
                    "rand_id": rand if checked else None,
                }
            )
        if seq != locked.entry_seq or rand != locked.rand_seq:  # some were entered already: no number is skipped
            await session.execute(update(Battle).where(Battle.id == battle_id).values(entry_seq=seq, rand_seq=rand))
        added: dict[int, int] = {}
        if rows:
            columns = {name: [row[name] for row in rows] for name in ("user_id", "seq", "waitlisted", "checked_in_at")}
            columns["rand_id"] = [row["rand_id"] for row in rows]
            inserted = await session.execute(_INSERT_ENTRIES, {"battle_id": battle_id, **columns})
            added = {row.user_id: row.id for row in inserted}
            events = [
                arrival.context.run(
                    registered_row, battle_id, locked.event_id, arrival.user_id, locked.hide_participants
                )
                for arrival in arrivals
                if arrival.user_id in added
            ]
            if locked.hide_participants:
                events.append(touched_row(battle_id, locked.event_id))
            await outbox.add_prepared(session, events)
        return [Entered(added.pop(a.user_id, None)) for a in arrivals]

    async def entered(self, session: AsyncSession, battle_id: int, user_id: int) -> bool:
        found = await session.scalar(select(Entry.id).where(Entry.battle_id == battle_id, Entry.user_id == user_id))
        return found is not None

    async def signature(self, session: AsyncSession, battle_id: int, user_id: int) -> Signature | None:
        return await session.get(Signature, (battle_id, user_id))

    async def signatures(self, session: AsyncSession, battle_id: int, user_ids: Iterable[int]) -> dict[int, Signature]:
        found = await session.scalars(
            select(Signature).where(Signature.battle_id == battle_id, Signature.user_id.in_(list(user_ids)))
        )
        return {s.user_id: s for s in found.all()}

    async def checked_in(self, session: AsyncSession, battle_id: int) -> int:
        """How many of the battle's entries are checked in."""
        found = await session.scalar(
            select(func.count()).where(Entry.battle_id == battle_id, Entry.checked_in_at.is_not(None))
        )
        return found or 0

    async def remove_dancer(self, session: AsyncSession, battle_id: int, user_id: int) -> bool:
        """The dancer's entry deleted; false when there was none."""
        removed = await session.execute(
            delete(Entry).where(Entry.battle_id == battle_id, Entry.user_id == user_id).returning(Entry.id)
        )
        return removed.first() is not None

    async def registered(self, session: AsyncSession, battle_id: int) -> set[int]:
        """Dancers with an entry and confirmed crew members."""
        singles = await session.scalars(
            select(Entry.user_id).where(Entry.battle_id == battle_id, Entry.user_id.is_not(None))
        )
        confirmed = await session.scalars(
            select(CrewMember.user_id).where(CrewMember.battle_id == battle_id, CrewMember.confirmed)
        )
        return {u for u in singles.all() if u is not None} | set(confirmed.all())

    async def dancers(
        self, session: AsyncSession, *, excluded: Sequence[int], keyword: str | None, limit: int, offset: int
    ) -> tuple[int, Sequence[Profile]]:
        """Profiles with a dancer name, none of `excluded`, matching `keyword`, by name: the total and one page."""
        where = [Profile.dancer_name.is_not(None), Profile.dancer_name != ""]
        if excluded:
            where.append(Profile.id.not_in(excluded))
        if keyword:
            where.append(Profile.dancer_name.ilike(contains_pattern(keyword), escape=LIKE_ESCAPE))
        total = await session.scalar(select(func.count()).select_from(Profile).where(*where)) or 0
        found = await session.scalars(
            select(Profile)
            .where(*where)
            .order_by(func.lower(Profile.dancer_name), Profile.id)
            .limit(limit)
            .offset(offset)
        )
        return total, found.all()


registration_repository = RegistrationRepository()

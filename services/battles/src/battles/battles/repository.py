"""The queries of a battle and of what its page shows."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any, NamedTuple, TypeVar, cast

from sqlalchemy import BigInteger, Boolean, DateTime, String, bindparam, delete, exists, false, func, select, text
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import (
    Battle,
    CheckIn,
    Crew,
    CrewMember,
    Entry,
    EventStaff,
    EventView,
    Judge,
    Org,
    OrgMember,
    OrgRole,
    Profile,
    Signature,
    StudioMembership,
)
from kit.rows import Query, Rows

T = TypeVar("T", Battle, EventView)

_PEOPLE = text(
    """
    SELECT u.id AS user_id, p.id IS NOT NULL AS known, p.dancer_name, p.avatar, c.checked_in_at,
        (SELECT jsonb_agg(jsonb_build_array(s.studio_id, s.name, s.image) ORDER BY lower(s.name), s.studio_id)
         FROM (SELECT studio_id, min(studio_name) AS name, min(studio_image) AS image
               FROM studio_membership
               WHERE user_id = u.id AND present AND published
               GROUP BY studio_id) AS s) AS studios
    FROM unnest(CAST(:ids AS bigint[])) AS u(id)
    LEFT JOIN profile AS p ON p.id = u.id
    LEFT JOIN check_in AS c ON c.event_id = :event_id AND c.user_id = u.id
    """
).columns(
    user_id=BigInteger,
    known=Boolean,
    dancer_name=String,
    avatar=String,
    checked_in_at=DateTime(timezone=True),
    studios=JSONB,
)
_PEOPLE_ON_ROWS = Query(
    _PEOPLE.bindparams(bindparam("ids", type_=ARRAY(BigInteger)), bindparam("event_id", type_=BigInteger))
)


# The statements every read and write of a battle starts with, built once (building them per call cost more than
# running them): the battle with its event; the caller's roles at the event and whether they judge the battle.
_WITH_EVENT = (
    select(Battle, EventView)
    .join(EventView, EventView.id == Battle.event_id)
    .where(Battle.id == bindparam("battle_id"))
)
_WITH_EVENT_LOCKED = _WITH_EVENT.with_for_update(of=Battle).execution_options(populate_existing=True)
_ENTRY_ROWS = (
    select(*Entry.__table__.columns).where(Entry.battle_id == bindparam("battle_id")).order_by(Entry.seq, Entry.id)
)
_SIGNATURE_ROWS = select(*Signature.__table__.columns).where(Signature.battle_id == bindparam("battle_id"))
# The same four reads of a crowd's build on kit.rows, and its people: raw rows, no session (docs/decisions.md,
# "Battles under a rush, measured": through the session they were half of a build).
_ENTRIES_ON_ROWS = Query(_ENTRY_ROWS)
_SIGNATURES_ON_ROWS = Query(_SIGNATURE_ROWS)
_JUDGES_ON_ROWS = Query(
    select(Judge.user_id).where(Judge.battle_id == bindparam("battle_id")).order_by(Judge.created_at, Judge.user_id)
)
_ORG_ON_ROWS = Query(select(*Org.__table__.columns).where(Org.id == bindparam("org_id")))
_STANDING_AT = select(
    select(func.array_agg(EventStaff.role))
    .where(EventStaff.event_id == bindparam("event_id"), EventStaff.user_id == bindparam("user_id"), EventStaff.present)
    .scalar_subquery(),
    # no organization (NULL): no admin of it
    exists().where(
        OrgRole.org_id == bindparam("org_id"),
        OrgRole.user_id == bindparam("user_id"),
        OrgRole.role == "admin",
        OrgRole.present,
    ),
    exists().where(Judge.battle_id == bindparam("battle_id"), Judge.user_id == bindparam("user_id")),
)


class Row:
    """A kit.rows record read by attribute, as a session's row is (`entry.user_id`): the view reads both."""

    __slots__ = ("_record",)

    def __init__(self, record: Any) -> None:
        self._record = record

    def __getattr__(self, name: str) -> Any:
        try:
            return self._record[name]
        except KeyError:
            raise AttributeError(name) from None


class Named(NamedTuple):
    """A dancer as the profile projection names them, for the lists (hundreds per page: no model each)."""

    id: int
    dancer_name: str | None
    avatar: str | None


def _labelled(model: type[Battle] | type[EventView], prefix: str) -> list[Any]:
    return [c.label(f"{prefix}{c.key}") for c in model.__table__.columns]


# `with_event` and `standing_at` in one statement on kit.rows (no session): a registration's look-up before it
# waits for the battle's row, which a rush of them makes once each (docs/decisions.md, "A registration rush").
ACCESS_STATEMENT = (
    select(
        *_labelled(Battle, "b_"),
        *_labelled(EventView, "e_"),
        select(func.array_agg(EventStaff.role))
        .where(EventStaff.event_id == EventView.id, EventStaff.user_id == bindparam("user_id"), EventStaff.present)
        .scalar_subquery()
        .label("staff"),
        exists()
        .where(
            OrgRole.org_id == EventView.org_id,
            OrgRole.user_id == bindparam("user_id"),
            OrgRole.role == "admin",
            OrgRole.present,
        )
        .label("org_admin"),
        exists().where(Judge.battle_id == Battle.id, Judge.user_id == bindparam("user_id")).label("judge"),
    )
    .join(EventView, EventView.id == Battle.event_id)
    .where(Battle.id == bindparam("battle_id"))
)
_ACCESS = Query(ACCESS_STATEMENT)


def _transient(model: type[T], row: Any, prefix: str) -> T:
    """A row of `model` read on kit.rows, as an instance no session knows (its attributes only are read): made
    as a load makes one, its values put in place without an event per attribute (a tenth of a rush's look-ups)."""
    found = cast(T, model.__mapper__.class_manager.new_instance())
    found.__dict__.update({c.key: row[f"{prefix}{c.key}"] for c in model.__table__.columns})
    return found


def roles_of(event: EventView, user_id: int | None, staff: Iterable[str] | None, org_admin: bool) -> frozenset[str]:
    roles = set(staff or ())
    if event.organizer_id == user_id:
        roles.add("organizer")
    if org_admin:
        roles.add("org_admin")
    return frozenset(roles)


def _people(
    found: Iterable[Any], field: Callable[[Any, str], Any]
) -> tuple[dict[int, Named], dict[int, datetime | None], dict[int, list[tuple[int, str, str | None]]]]:
    names: dict[int, Named] = {}
    check_ins: dict[int, datetime | None] = {}
    studios: dict[int, list[tuple[int, str, str | None]]] = {}
    for row in found:
        user_id = field(row, "user_id")
        if field(row, "known"):
            # our own rows, valid as stored: no model each (hundreds per battle page)
            names[user_id] = Named(user_id, field(row, "dancer_name"), field(row, "avatar"))
        check_ins[user_id] = field(row, "checked_in_at")
        if found_studios := field(row, "studios"):
            studios[user_id] = [(i, n, im) for i, n, im in found_studios]
    return names, check_ins, studios


class BattleRepository:
    async def get(self, session: AsyncSession, battle_id: int, *, lock: bool = False) -> Battle | None:
        statement = select(Battle).where(Battle.id == battle_id)
        if lock:
            # Every registration path holds the battle's row: caps and counters move one writer at a time.
            # populate_existing: a battle read earlier in the request is refreshed as the lock finds it
            statement = statement.with_for_update().execution_options(populate_existing=True)
        return (await session.scalars(statement)).one_or_none()

    async def with_event(
        self, session: AsyncSession, battle_id: int, *, lock: bool = False
    ) -> tuple[Battle, EventView] | None:
        """The battle and its event in one statement (every read and write of a battle starts here); `lock` holds
        the battle's row only, as `get`."""
        statement = _WITH_EVENT_LOCKED if lock else _WITH_EVENT
        row = (await session.execute(statement, {"battle_id": battle_id})).one_or_none()
        return None if row is None else (row[0], row[1])

    async def people(
        self, session: AsyncSession, event_id: int, users: Iterable[int]
    ) -> tuple[dict[int, Named], dict[int, datetime | None], dict[int, list[tuple[int, str, str | None]]]]:
        """For the battle page's people, in one statement: the names of those the profile projection knows, their
        check-ins at the event and their published studios (by name); were three statements."""
        wanted = sorted(set(users))
        if not wanted:
            return {}, {}, {}
        found = await session.execute(_PEOPLE, {"ids": wanted, "event_id": event_id})
        return _people(found, getattr)

    async def people_on_rows(
        self, rows: Rows, event_id: int, users: Iterable[int]
    ) -> tuple[dict[int, Named], dict[int, datetime | None], dict[int, list[tuple[int, str, str | None]]]]:
        """`people` on kit.rows."""
        wanted = sorted(set(users))
        if not wanted:
            return {}, {}, {}
        return _people(await rows.all(_PEOPLE_ON_ROWS, ids=wanted, event_id=event_id), lambda r, k: r[k])

    async def event(self, session: AsyncSession, event_id: int) -> EventView | None:
        return await session.get(EventView, event_id)

    async def roles(self, session: AsyncSession, event: EventView, user_id: int | None) -> frozenset[str]:
        if user_id is None:
            return frozenset()
        found = await session.scalars(
            select(EventStaff.role).where(
                EventStaff.event_id == event.id, EventStaff.user_id == user_id, EventStaff.present
            )
        )
        roles = set(found.all())
        if event.organizer_id == user_id:
            roles.add("organizer")
        if event.org_id is not None:
            org_admin = await session.get(OrgRole, (event.org_id, user_id, "admin"))
            if org_admin is not None and org_admin.present:
                roles.add("org_admin")
        return frozenset(roles)

    async def standing_at(
        self, session: AsyncSession, event: EventView, battle_id: int, user_id: int | None
    ) -> tuple[frozenset[str], bool]:
        """`roles` and `is_judge` in one statement: the caller's roles at the event and whether they judge the
        battle (every signed-in read and write of a battle asks both)."""
        if user_id is None:
            return frozenset(), False
        params = {"event_id": event.id, "org_id": event.org_id, "user_id": user_id, "battle_id": battle_id}
        found_staff, found_admin, found_judge = (await session.execute(_STANDING_AT, params)).one()
        return roles_of(event, user_id, found_staff, bool(found_admin)), bool(found_judge)

    async def access_on_rows(
        self, rows: Rows, battle_id: int, user_id: int | None
    ) -> tuple[Battle, EventView, frozenset[str], bool] | None:
        """`with_event` and `standing_at` in one statement on kit.rows: the battle and its event as instances no
        session knows, the caller's roles at the event and whether they judge it (none for a guest)."""
        row = await rows.one(_ACCESS, battle_id=battle_id, user_id=user_id)
        return None if row is None else self.access_of(row, user_id)

    def access_of(self, row: Any, user_id: int | None) -> tuple[Battle, EventView, frozenset[str], bool]:
        """What `access_on_rows` answers, from a row of `ACCESS_STATEMENT` (or of a statement adding to it)."""
        event = _transient(EventView, row, "e_")
        roles = roles_of(event, user_id, row["staff"], row["org_admin"])
        return _transient(Battle, row, "b_"), event, roles, row["judge"]

    async def staff_ids(self, session: AsyncSession, event: EventView) -> set[int]:
        """The organizer, admins and hosts: they do not compete."""
        found = await session.scalars(
            select(EventStaff.user_id).where(
                EventStaff.event_id == event.id, EventStaff.present, EventStaff.role.in_(("admin", "host"))
            )
        )
        return {event.organizer_id, *found.all()}

    async def judge_ids(self, session: AsyncSession, battle_id: int) -> list[int]:
        found = await session.scalars(
            select(Judge.user_id).where(Judge.battle_id == battle_id).order_by(Judge.created_at, Judge.user_id)
        )
        return list(found.all())

    async def is_judge(self, session: AsyncSession, battle_id: int, user_id: int | None) -> bool:
        if user_id is None:
            return False
        return await session.get(Judge, (battle_id, user_id)) is not None

    async def add_judge(self, session: AsyncSession, battle_id: int, user_id: int) -> bool:
        if await session.get(Judge, (battle_id, user_id)) is not None:
            return False
        session.add(Judge(battle_id=battle_id, user_id=user_id))
        await session.flush()
        return True

    async def entered(self, session: AsyncSession, battle_id: int, user_id: int) -> bool:
        """Registered alone, or in a crew (invited or confirmed)."""
        alone = select(Entry.id).where(Entry.battle_id == battle_id, Entry.user_id == user_id)
        crewed = select(CrewMember.crew_id).where(CrewMember.battle_id == battle_id, CrewMember.user_id == user_id)
        return bool(await session.scalar(select(exists(alone) | exists(crewed))))

    async def remove_judge(self, session: AsyncSession, battle_id: int, user_id: int) -> bool:
        result = await session.execute(delete(Judge).where(Judge.battle_id == battle_id, Judge.user_id == user_id))
        return bool(result.rowcount)  # type: ignore[attr-defined]

    async def org(self, session: AsyncSession, org_id: int | None) -> Org | None:
        return await session.get(Org, org_id) if org_id else None

    async def is_org_member(self, session: AsyncSession, org_id: int, user_id: int) -> bool:
        found = await session.get(OrgMember, (org_id, user_id))
        return found is not None and found.member

    async def entries(self, session: AsyncSession, battle_id: int) -> list[Entry]:
        found = await session.scalars(select(Entry).where(Entry.battle_id == battle_id).order_by(Entry.seq, Entry.id))
        return list(found.all())

    async def own_entries(self, session: AsyncSession, battle_id: int, user_id: int | None) -> tuple[list[Entry], int]:
        """The user's own entry (a single battle's; none for a guest) and the count of entries checked in, in one
        statement."""
        checked_in = (
            select(func.count()).where(Entry.battle_id == battle_id, Entry.checked_in_at.is_not(None)).scalar_subquery()
        )
        counted = select(checked_in.label("checked_in")).subquery()
        mine = (Entry.battle_id == battle_id) & (Entry.user_id == user_id) if user_id is not None else false()
        rows = (await session.execute(select(counted.c.checked_in, Entry).outerjoin(Entry, mine))).all()
        return [entry for _, entry in rows if entry is not None], rows[0][0] if rows else 0

    async def crews(self, session: AsyncSession, battle_id: int, ids: Iterable[int] | None = None) -> list[Crew]:
        query = select(Crew).where(Crew.battle_id == battle_id)
        if ids is not None:
            query = query.where(Crew.id.in_(sorted(set(ids))))
        return list((await session.scalars(query)).all())

    async def members(self, session: AsyncSession, battle_id: int, user_id: int | None = None) -> list[CrewMember]:
        """The battle's crew members (every crew's), or one user's memberships (`user_id`; none for a guest)."""
        query = select(CrewMember).where(CrewMember.battle_id == battle_id)
        if user_id is not None:
            query = query.where(CrewMember.user_id == user_id)
        found = await session.scalars(query.order_by(CrewMember.created_at, CrewMember.user_id))
        return list(found.all())

    async def confirmed_members(self, session: AsyncSession, crew_ids: Iterable[int]) -> dict[int, list[int]]:
        """Each crew's confirmed members, in the order they joined."""
        wanted = sorted(set(crew_ids))
        if not wanted:
            return {}
        found = await session.execute(
            select(CrewMember.crew_id, CrewMember.user_id)
            .where(CrewMember.crew_id.in_(wanted), CrewMember.confirmed)
            .order_by(CrewMember.created_at, CrewMember.user_id)
        )
        members: dict[int, list[int]] = {}
        for crew_id, user_id in found.all():
            members.setdefault(crew_id, []).append(user_id)
        return members

    async def entry_rows(self, session: AsyncSession, battle_id: int) -> list[Entry]:
        """The battle's entries as `entries` finds them, read only: rows with the entries' attributes, not objects of
        the session (a crowd's build reads hundreds; making ORM objects of them was most of its time)."""
        found = await session.execute(_ENTRY_ROWS, {"battle_id": battle_id})
        return cast(list[Entry], list(found.all()))

    async def signature_rows(self, session: AsyncSession, battle_id: int) -> dict[int, Signature]:
        """The battle's signatures as `signatures` finds them, read only (as `entry_rows`)."""
        found = await session.execute(_SIGNATURE_ROWS, {"battle_id": battle_id})
        return {row.user_id: cast(Signature, row) for row in found}

    async def page_on_rows(
        self, rows: Rows, battle: Battle
    ) -> tuple[list[Entry], dict[int, Signature], list[int], Org | None]:
        """`entry_rows`, `signature_rows`, `judge_ids` and `org` on kit.rows, for a crowd's build (read only)."""
        entries = [cast(Entry, Row(r)) for r in await rows.all(_ENTRIES_ON_ROWS, battle_id=battle.id)]
        signatures = {
            r["user_id"]: cast(Signature, Row(r)) for r in await rows.all(_SIGNATURES_ON_ROWS, battle_id=battle.id)
        }
        judges = [r["user_id"] for r in await rows.all(_JUDGES_ON_ROWS, battle_id=battle.id)]
        org = await rows.one(_ORG_ON_ROWS, org_id=battle.org_id) if battle.org_id else None
        return entries, signatures, judges, cast(Org, Row(org)) if org is not None else None

    async def signatures(self, session: AsyncSession, battle_id: int) -> dict[int, Signature]:
        found = await session.scalars(select(Signature).where(Signature.battle_id == battle_id))
        return {s.user_id: s for s in found.all()}

    async def signature_of(self, session: AsyncSession, battle_id: int, user_id: int | None) -> Signature | None:
        """The user's signatures as recorded (none yet, or a guest: None); nothing is added."""
        return await session.get(Signature, (battle_id, user_id)) if user_id is not None else None

    async def signature(self, session: AsyncSession, battle_id: int, user_id: int) -> Signature:
        found = await session.get(Signature, (battle_id, user_id))
        if found is None:
            found = Signature(battle_id=battle_id, user_id=user_id)
            session.add(found)
        return found

    async def check_ins(self, session: AsyncSession, event_id: int, users: Iterable[int]) -> dict[int, datetime | None]:
        wanted = sorted(set(users))
        if not wanted:
            return {}
        found = await session.execute(
            select(CheckIn.user_id, CheckIn.checked_in_at).where(
                CheckIn.event_id == event_id, CheckIn.user_id.in_(wanted)
            )
        )
        return {row.user_id: row.checked_in_at for row in found}

    async def profiles(self, session: AsyncSession, users: Iterable[int]) -> dict[int, Profile]:
        wanted = sorted(set(users))
        if not wanted:
            return {}
        found = await session.scalars(select(Profile).where(Profile.id.in_(wanted)))
        return {p.id: p for p in found.all()}

    async def studios(
        self, session: AsyncSession, users: Iterable[int]
    ) -> dict[int, list[tuple[int, str, str | None]]]:
        """Each dancer's published studios (any role), by name."""
        wanted = sorted(set(users))
        if not wanted:
            return {}
        found = await session.execute(
            select(
                StudioMembership.user_id,
                StudioMembership.studio_id,
                func.min(StudioMembership.studio_name).label("name"),
                func.min(StudioMembership.studio_image).label("image"),
            )
            .where(StudioMembership.user_id.in_(wanted), StudioMembership.present, StudioMembership.published)
            .group_by(StudioMembership.user_id, StudioMembership.studio_id)
            .order_by(func.lower(func.min(StudioMembership.studio_name)), StudioMembership.studio_id)
        )
        studios: dict[int, list[tuple[int, str, str | None]]] = {}
        for row in found:
            studios.setdefault(row.user_id, []).append((row.studio_id, row.name, row.image))
        return studios

    async def battles_of_user(self, session: AsyncSession, event_id: int, user_id: int) -> list[int]:
        """The battles of an event where the user competes alone or as a confirmed crew member."""
        single = (
            select(Entry.battle_id)
            .join(Battle, Battle.id == Entry.battle_id)
            .where(Battle.event_id == event_id, Entry.user_id == user_id)
        )
        crews = (
            select(CrewMember.battle_id)
            .join(Battle, Battle.id == CrewMember.battle_id)
            .where(Battle.event_id == event_id, CrewMember.user_id == user_id, CrewMember.confirmed)
        )
        found = await session.scalars(single.union(crews))
        return sorted(set(found.all()))


battle_repository = BattleRepository()

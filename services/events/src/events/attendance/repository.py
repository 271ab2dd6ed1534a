"""Check-ins and who is going, in SQL: the event page's columns (added to its one statement), the Check-in page's
list, the 'Who's going' list, and the writes (a check-in is an INSERT ... ON CONFLICT DO NOTHING: set once).

Going = holders of an issued ticket (cash not yet paid too), everyone checked in and the dancers registered in its
battles. A paid ticket is an issued one
of method card, free or staff, or cash once `paid_at` is set (rules.is_paid)."""

from __future__ import annotations

import functools
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Integer,
    Select,
    and_,
    bindparam,
    delete,
    exists,
    func,
    literal_column,
    or_,
    select,
    union_all,
    update,
)
from sqlalchemy.dialects.postgresql import aggregate_order_by, insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from events.attendance import rules
from events.models import Attendee, Battle, BattleEntry, Event, Ticket, Tier
from kit.db import utcnow
from kit.profiles import with_profiles
from kit.rows import Query, Record, Rows


def paid_ticket() -> ColumnElement[bool]:
    """rules.is_paid in SQL, on the ticket rows of a statement."""
    # Written into the statement (not an expanding IN parameter: kit.rows compiles a statement once).
    methods: list[ColumnElement[str]] = [literal_column(f"'{method}'") for method in rules.PAID_METHODS]
    return and_(Ticket.status == "issued", or_(Ticket.method.in_(methods), Ticket.paid_at.is_not(None)))


def _going(event_id: Any) -> Any:
    """(user_id, since) of everyone going to `event_id` (a column to correlate on, or a bound id): ticket holders,
    everyone checked in, and the dancers registered in its battles."""
    # correlate: these selects sit in a derived table of the page's scalar subqueries, where SQLAlchemy does not
    # correlate by itself (it would add `event` to their FROM and count every event's people)
    holders = (
        select(Ticket.user_id.label("user_id"), Ticket.created_at.label("since"))
        .where(Ticket.event_id == event_id, Ticket.status == "issued")
        .correlate(Event)
    )
    checked = (
        select(Attendee.user_id.label("user_id"), Attendee.checked_in_at.label("since"))
        .where(Attendee.event_id == event_id)
        .correlate(Event)
    )
    # dancers registered in its battles (single dancers and confirmed crew members: the battles service
    # announces each): the door list is one list for the event
    registrants = (
        select(BattleEntry.user_id.label("user_id"), BattleEntry.changed_at.label("since"))
        .join(Battle, Battle.id == BattleEntry.battle_id)
        .where(Battle.event_id == event_id, ~Battle.deleted, BattleEntry.registered)
        .correlate(Event)
    )
    both = union_all(holders, checked, registrants).subquery("going_rows")
    return select(both.c.user_id, func.min(both.c.since).label("since")).group_by(both.c.user_id).subquery("going")


def _caller() -> Any:
    return bindparam("caller_id", type_=Integer)


def page_columns() -> list[Any]:
    """The event page's columns of this package (attendance.view reads them): the caller's check-in, who is going
    (first 5) and how many."""
    going = _going(Event.id)
    first = (
        with_profiles(select(going.c.user_id.label("id"), going.c.since), going.c.user_id)
        .order_by(going.c.since, going.c.user_id)
        .limit(rules.WHO_IS_GOING)
        .subquery("first_going")
    )
    who = (
        select(
            func.coalesce(
                func.jsonb_agg(
                    aggregate_order_by(
                        func.jsonb_build_object(
                            "id", first.c.id, "dancerName", first.c.dancer_name, "avatar", first.c.avatar
                        ),
                        first.c.since,
                        first.c.id,
                    )
                ),
                literal_column("'[]'::jsonb"),
            )
        )
        .select_from(first)
        .scalar_subquery()
    )
    return [
        exists().where(Attendee.event_id == Event.id, Attendee.user_id == _caller()).label("checked_in"),
        select(func.count()).select_from(going).scalar_subquery().label("count_going"),
        who.label("who_is_going"),
    ]


def attended_by(user_id: Any) -> ColumnElement[bool]:
    """The listing's `u` filter: events the user checked in at (the profile's Events tab)."""
    return exists().where(Attendee.event_id == Event.id, Attendee.user_id == user_id)


@functools.cache
def _going_query() -> Query:
    going = _going(bindparam("event_id", type_=Integer))
    statement = with_profiles(select(going.c.user_id), going.c.user_id).order_by(going.c.since, going.c.user_id)
    return Query(statement)


def _attendees_statement(one: bool) -> Select[Any]:
    """Everyone going (`one`: only `user_id`), with their check-in and issued tickets."""
    event_id = bindparam("event_id", type_=Integer)
    going = _going(event_id)
    tickets = (
        select(
            func.coalesce(
                func.jsonb_agg(
                    aggregate_order_by(
                        func.jsonb_build_object(
                            "title",
                            Ticket.title,
                            "cost",
                            Ticket.cost_cents,
                            "ticketSum",
                            Ticket.total_cents,
                            "method",
                            Ticket.method,
                            "paid",
                            paid_ticket(),
                            "refundError",
                            Ticket.refund_error,
                        ),
                        Ticket.created_at,
                        Ticket.id,
                    )
                ),
                literal_column("'[]'::jsonb"),
            )
        )
        .where(Ticket.event_id == event_id, Ticket.user_id == going.c.user_id, Ticket.status == "issued")
        .scalar_subquery()
    )
    battles = (
        select(
            func.coalesce(
                func.jsonb_agg(
                    aggregate_order_by(func.jsonb_build_object("id", Battle.id, "title", Battle.title), Battle.id)
                ),
                literal_column("'[]'::jsonb"),
            )
        )
        .select_from(BattleEntry)
        .join(Battle, Battle.id == BattleEntry.battle_id)
        .where(
            Battle.event_id == event_id,
            ~Battle.deleted,
            BattleEntry.registered,
            BattleEntry.user_id == going.c.user_id,
        )
        .scalar_subquery()
    )
    statement = (
        select(going.c.user_id, Attendee.checked_in_at, tickets.label("tickets"), battles.label("battles"))
        .select_from(going)
        .outerjoin(Attendee, and_(Attendee.event_id == event_id, Attendee.user_id == going.c.user_id))
    )
    if one:
        statement = statement.where(going.c.user_id == bindparam("user_id", type_=Integer))
    return with_profiles(statement, going.c.user_id)


class AttendanceRepository:
    async def going(self, rows: Rows, event_id: int) -> list[Record]:
        return await rows.all(_going_query(), event_id=event_id)

    async def attendees(self, session: AsyncSession, event_id: int, user_id: int | None = None) -> list[Any]:
        """Everyone going with their check-in and issued tickets (one person with `user_id`); sorted by the page."""
        params: dict[str, Any] = {"event_id": event_id}
        if user_id is not None:
            params["user_id"] = user_id
        result = await session.execute(_attendees_statement(user_id is not None), params)
        return list(result.mappings().all())

    async def counts(self, session: AsyncSession, event_id: int) -> tuple[int, int]:
        """(checked in, going)."""
        going = _going(event_id)
        checked = select(func.count()).where(Attendee.event_id == event_id).scalar_subquery()
        total = select(func.count()).select_from(going).scalar_subquery()
        row = (await session.execute(select(checked, total))).one()
        return int(row[0]), int(row[1])

    async def check_in(self, session: AsyncSession, event_id: int, user_id: int, by: int) -> datetime | None:
        """The check-in's time when this call made it; None when the user was checked in already (set once)."""
        statement = (
            insert(Attendee)
            .values(event_id=event_id, user_id=user_id, checked_in_by=by, checked_in_at=utcnow())
            .on_conflict_do_nothing(index_elements=[Attendee.event_id, Attendee.user_id])
            .returning(Attendee.checked_in_at)
        )
        return (await session.execute(statement)).scalar_one_or_none()

    async def uncheck(self, session: AsyncSession, event_id: int, user_id: int) -> bool:
        statement = (
            delete(Attendee)
            .where(Attendee.event_id == event_id, Attendee.user_id == user_id)
            .returning(Attendee.user_id)
        )
        return (await session.execute(statement)).first() is not None

    async def take_cash(self, session: AsyncSession, event_id: int, user_id: int) -> int:
        """'Pay & Check-In': the user's issued cash tickets not yet paid are paid now. How many."""
        statement = (
            update(Ticket)
            .where(
                Ticket.event_id == event_id,
                Ticket.user_id == user_id,
                Ticket.method == "cash",
                Ticket.status == "issued",
                Ticket.paid_at.is_(None),
            )
            .values(paid_at=utcnow(), updated_at=utcnow())
            .returning(Ticket.id)
        )
        return len((await session.execute(statement)).all())

    async def paid_event(self, session: AsyncSession, event_id: int) -> bool:
        return bool(await session.scalar(select(exists().where(Tier.event_id == event_id, Tier.cost_cents > 0))))

    async def has_paid_ticket(self, session: AsyncSession, event_id: int, user_id: int) -> bool:
        found = exists().where(Ticket.event_id == event_id, Ticket.user_id == user_id, paid_ticket())
        return bool(await session.scalar(select(found)))

    async def ticket_holder(self, session: AsyncSession, event_id: int, secret: str) -> int | None:
        """The holder of the issued ticket with this secret at this event (None: unknown, another event's,
        pending, cancelled or refunded)."""
        statement = select(Ticket.user_id).where(
            Ticket.secret == secret, Ticket.event_id == event_id, Ticket.status == "issued"
        )
        return (await session.execute(statement)).scalar_one_or_none()


attendance_repository = AttendanceRepository()


async def holds_ticket(session: AsyncSession, event_id: int, user_id: int) -> bool:
    found = exists().where(Ticket.event_id == event_id, Ticket.user_id == user_id, Ticket.status == "issued")
    return bool(await session.scalar(select(found)))

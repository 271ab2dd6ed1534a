"""The Check-in page is the event's one door list: ticket holders, the dancers registered in its battles (from the
battles service's battles.participant.*) and walk-ins, one row per person, each marked with its tickets and
battles; a registrant checks in as anyone; an editor gives a staff ticket at the door; and what changes the list
is announced on the event's topic, which open pages follow."""

from __future__ import annotations

from typing import Any

import httpx
from attendance.factories import add_ticket, event_at, message
from event.cast import HOST, ORGANIZER
from event.factories import create_profiles, headers
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.battles import BattleCreated, ParticipantRegistered, ParticipantUnregistered
from events.attendance import rules
from events.attendance.schemas import Attendee, Attendees
from events.models import Ticket
from kit.testing import collect_events, eventually, publish

SOLO, CREW_MEMBER, HOLDER = 50, 51, 52


async def door_list(client: httpx.AsyncClient, event_id: int) -> dict[str, Any]:
    response = await client.get(f"/api/events/{event_id}/attendees", headers=headers(ORGANIZER))
    assert response.status_code == 200, response.text
    Attendees.model_validate(response.json())
    return dict(response.json())


async def registrations(nats_url: str, event_id: int) -> None:
    """A 1 vs 1 battle with a dancer, a 2 vs 2 with a confirmed crew member (the battles service announces each
    member), and the ticket holder registered in both."""
    await publish(nats_url, BattleCreated(id=71, event_id=event_id, title="Top Rock", crew_size=1, org_id=None))
    await publish(nats_url, BattleCreated(id=72, event_id=event_id, title="Crews", crew_size=2, org_id=None))
    for battle_id, user_id, crew_id in ((71, SOLO, None), (72, CREW_MEMBER, 5), (71, HOLDER, None), (72, HOLDER, 5)):
        await publish(
            nats_url, ParticipantRegistered(battle_id=battle_id, event_id=event_id, user_id=user_id, crew_id=crew_id)
        )


class TestDoorList:
    async def test_registrants_and_ticket_holders_one_row_each(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        await create_profiles(session, (SOLO, "Solo"), (CREW_MEMBER, "Crew Member"), (HOLDER, "Holder"))
        event = await event_at(session, "now")  # a free event: nobody bought a ticket but HOLDER's
        await add_ticket(session, event, HOLDER, method="free", cost=0)
        await registrations(nats_url, event.id)

        async def everyone() -> bool:
            # all four registrations consumed: three people already show after three of them (HOLDER holds a
            # ticket), and waiting for the count alone read HOLDER's row before their second battle came in
            found = await door_list(client, event.id)
            return found["total"] == 3 and sum(len(row["battles"]) for row in found["attendees"]) == 4

        await eventually(everyone)
        body = await door_list(client, event.id)
        rows = {row["id"]: row for row in body["attendees"]}
        assert [row["dancerName"] for row in body["attendees"]] == ["Crew Member", "Holder", "Solo"]
        assert rows[SOLO]["battles"] == [{"id": 71, "title": "Top Rock"}] and rows[SOLO]["hasTicket"] is False
        assert rows[CREW_MEMBER]["battles"] == [{"id": 72, "title": "Crews"}]
        assert rows[HOLDER]["hasTicket"] is True
        assert rows[HOLDER]["battles"] == [{"id": 71, "title": "Top Rock"}, {"id": 72, "title": "Crews"}]

        # a registrant checks in as anyone does; the count follows
        response = await client.post(f"/api/events/{event.id}/checkin/{SOLO}", headers=headers(ORGANIZER))
        assert response.status_code == 200
        body = await door_list(client, event.id)
        assert (body["checkedIn"], body["total"]) == (1, 3)
        (checked,) = await collect_events(nats_url, "events.attendee.checked_in", count=1)
        assert (checked.data["checkedIn"], checked.data["total"]) == (1, 3)

        # a dancer who leaves the battle leaves the list (unless checked in)
        await publish(nats_url, ParticipantUnregistered(battle_id=72, event_id=event.id, user_id=CREW_MEMBER))

        async def left() -> bool:
            return CREW_MEMBER not in {row["id"] for row in (await door_list(client, event.id))["attendees"]}

        await eventually(left)

    async def test_a_ticket_taken_is_announced_on_the_events_topic(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await event_at(session, "now")
        response = await client.post(
            f"/api/events/{event.id}/tickets",
            json={"tierId": None, "method": "free"},
            headers=headers(HOLDER) | {"Idempotency-Key": "door-1"},
        )
        assert response.status_code == 201, response.text
        (changed,) = await collect_events(nats_url, "events.attendees.changed", count=1)
        assert changed.data == {"eventId": event.id} and changed.topics == [f"event:{event.id}"]


class TestStaffTicket:
    async def test_an_editor_gives_one_at_the_door(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        await create_profiles(session, (SOLO, "Solo"))
        event = await event_at(session, "now", hosts=[HOST])
        path = f"/api/events/{event.id}/staff-ticket"
        assert (await client.post(path, json={"userId": SOLO})).status_code == 401
        assert (await client.post(path, json={"userId": SOLO}, headers=headers(HOST))).status_code == 403
        response = await client.post(path, json={"userId": SOLO}, headers=headers(ORGANIZER))
        assert response.status_code == 200, response.text
        row = Attendee.model_validate(response.json())
        assert row.id == SOLO and row.has_ticket and row.payment == "free"
        assert [(t.method, t.cost, t.paid) for t in row.tickets] == [("staff", 0, True)]
        (ticket,) = await session.scalars(select(Ticket).execution_options(populate_existing=True))
        assert (ticket.method, ticket.status, ticket.total_cents, ticket.title) == (
            "staff",
            "issued",
            0,
            rules.STAFF_TICKET_TITLE,
        )
        (issued,) = await collect_events(nats_url, "events.ticket.issued", count=1)
        assert issued.data["userId"] == SOLO  # mailed as any ticket
        assert len(await collect_events(nats_url, "events.attendees.changed", count=1)) == 1

        again = await client.post(path, json={"userId": SOLO}, headers=headers(ORGANIZER))
        assert again.status_code == 400 and message(again) == rules.HAS_TICKET_ALREADY
        assert len(list(await session.scalars(select(Ticket)))) == 1

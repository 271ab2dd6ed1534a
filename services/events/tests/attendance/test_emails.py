"""The Check-in page's emails come from the real identity service (served on a port), only in the editors'
answers: never on the event page, the going list, nor kept in this service."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from attendance.factories import add_ticket, event_at
from event.factories import headers
from sqlalchemy import text

from kit.testing.plugin import AppClient
from kit.testing.served import ServedIdentity, served_identity


@pytest.fixture
async def identity(pg_server_url: str, nats_url: str, clean_state: None) -> AsyncIterator[ServedIdentity]:
    async with served_identity(pg_server_url, nats_url) as served:
        yield served


async def test_emails_for_the_editors_only(app_with: AppClient, identity: ServedIdentity) -> None:
    organizer = await identity.signup("organizer@example.com", "Organizer")
    storm = await identity.signup("storm@example.com", "Bboy Storm")
    ruby = await identity.signup("ruby@example.com", "Bgirl Ruby")
    async with app_with(identity_url=identity.url) as client:
        async with client.app.state.sessionmaker() as session:  # type: ignore[attr-defined]
            event = await event_at(session, "now", organizer_id=organizer)
            ticket = await add_ticket(session, event, storm)
        await client.post(f"/api/events/{event.id}/checkin/{ruby}", headers=headers(organizer))
        listed = await client.get(f"/api/events/{event.id}/attendees", headers=headers(organizer))
        assert listed.status_code == 200
        people = listed.json()["attendees"]
        assert [(p["dancerName"], p["email"]) for p in people] == [
            ("Bboy Storm", "storm@example.com"),
            ("Bgirl Ruby", "ruby@example.com"),
        ]
        scanned = await client.post(
            f"/api/events/{event.id}/checkin-ticket", json={"secret": ticket.secret}, headers=headers(organizer)
        )
        assert scanned.json()["email"] == "storm@example.com"
        # Everyone else: the page, who's going, and the list refused.
        for who in (storm, None):
            asking = headers(who) if who else {}
            for path in (f"/api/events/{event.id}", f"/api/events/{event.id}/going"):
                answer = await client.get(path, headers=asking)
                assert answer.status_code == 200 and "@example.com" not in answer.text
        assert (await client.get(f"/api/events/{event.id}/attendees", headers=headers(storm))).status_code == 403
        async with client.app.state.sessionmaker() as session:  # type: ignore[attr-defined]
            columns = await session.scalars(
                text("SELECT column_name FROM information_schema.columns WHERE table_name = 'profile'")
            )
            assert "email" not in set(columns)

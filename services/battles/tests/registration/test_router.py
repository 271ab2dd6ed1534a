"""Registration alone: the refusals and their texts, signatures, caps and the wait list (under concurrency),
unregistering (the wait list moving up), hidden lists, and the admins' catalogue."""

from __future__ import annotations

import asyncio
import csv
import io
from datetime import datetime, timedelta
from typing import Any

import httpx
from battle.cast import EVENT_ADMIN, EVENT_ID, HOST, JUDGE, ORG_ID, ORGANIZER, STRANGER
from battle.factories import (
    OLD,
    add_studio,
    check_in,
    create_battle,
    create_event,
    create_org,
    create_profiles,
    headers,
)
from sqlalchemy import select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import Entry, EventView, Signature
from battles.registration.entrance import Entrance
from contracts.events import AttendeeCheckedIn
from kit.db import utcnow
from kit.testing import collect_events, eventually, publish
from kit.testing.plugin import AppClient


def entrance_of(client: httpx.AsyncClient) -> Entrance:
    found: Entrance = client.app.state.entrance  # type: ignore[attr-defined]
    return found


async def register(client: httpx.AsyncClient, battle_id: int, user_id: int) -> httpx.Response:
    return await client.post(f"/api/battles/{battle_id}/dancer", headers=headers(user_id))


class TestRegister:
    async def test_registered_and_announced(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        await create_event(session)
        await create_profiles(session, 10)
        await add_studio(session, 10, 3, "Floor Lab")
        await add_studio(session, 10, 4, "Draft Studio", published=False)
        battle = await create_battle(client)
        response = await register(client, battle["id"], 10)
        assert response.status_code == 200, response.text
        page = response.json()
        assert page["isRegistered"] and page["canUnregister"] and page["permissions"]["registered"]
        assert page["permissions"]["registerButtonVisible"] is False
        (row,) = page["participants"]
        assert (row["id"], row["dancerName"], row["name"], row["avatar"], row["randId"]) == (
            10,
            "Dancer 10",
            "Dancer 10",
            "avatar-10",
            None,
        )
        assert row["studios"] == [{"id": 3, "name": "Floor Lab", "image": None}]
        assert row["confirmed"] is True and row["checkedIn"] is False
        assert page["counters"] == {"registered": 1, "checkedIn": 0, "waitList": 0}
        again = await register(client, battle["id"], 10)
        assert again.status_code == 200 and len(again.json()["participants"]) == 1
        (registered,) = await collect_events(nats_url, "battles.participant.registered", count=2, timeout=2)
        assert registered.data == {
            "battleId": battle["id"],
            "eventId": EVENT_ID,
            "userId": 10,
            "crewId": None,
            "hidden": False,
        }
        assert set(registered.topics) >= {f"battle:{battle['id']}", "user:10"}

    async def test_guests_and_crew_battles(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        battle = await create_battle(client, crewSize=3)
        assert (await client.post(f"/api/battles/{battle['id']}/dancer")).status_code == 401
        await create_profiles(session, 10)
        crew_battle = await register(client, battle["id"], 10)
        assert crew_battle.status_code == 400
        assert crew_battle.json()["error"]["message"] == "This is a crew battle: register a crew."

    async def test_a_checked_in_dancer_gets_the_next_number_at_once(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session, period="now")
        await create_profiles(session, 10, 11, 12)
        await check_in(session, 10)
        await check_in(session, 12, OLD)  # a check-in date in 1999 does not count
        battle = await create_battle(client)
        for user_id in (11, 10, 12):
            await register(client, battle["id"], user_id)
        page = (await client.get(f"/api/battles/{battle['id']}")).json()
        assert {p["id"]: p["randId"] for p in page["participants"]} == {11: None, 10: 1, 12: None}
        assert {p["id"]: p["checkedIn"] for p in page["participants"]} == {11: False, 10: True, 12: False}
        assert page["counters"]["checkedIn"] == 1


class TestRefusals:
    async def reason(self, client: httpx.AsyncClient, battle_id: int, user_id: int) -> str | None:
        page = (await client.get(f"/api/battles/{battle_id}", headers=headers(user_id))).json()
        refused = await register(client, battle_id, user_id)
        reason = page["permissions"]["registerButtonDisableReason"]
        if reason is None:
            assert refused.status_code == 200 and page["permissions"]["registerButtonEnabled"]
        else:
            assert refused.status_code == 400 and refused.json()["error"]["message"] == reason
            assert page["permissions"]["registerButtonEnabled"] is False
            after = (await client.get(f"/api/battles/{battle_id}", headers=headers(user_id))).json()
            assert after["isRegistered"] is False
        return reason

    async def test_signatures(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_org(session, agreement=True, waiver=True)
        await create_profiles(session, 10)
        battle = await create_battle(client)
        assert battle["hasAgreement"] and battle["hasWaiver"]
        assert battle["orgLegalDocs"]["agreement"] == "<p>Rules</p>"
        assert await self.reason(client, battle["id"], 10) == "Sign the agreement and the waiver to register."
        signed = await client.post(f"/api/battles/{battle['id']}/sign-agreement", headers=headers(10))
        assert signed.status_code == 200 and signed.json()["orgLegalDocs"]["agreementSignedAt"] is not None
        assert await self.reason(client, battle["id"], 10) == "Sign the waiver to register."
        await client.post(f"/api/battles/{battle['id']}/sign-waiver", headers=headers(10))
        assert await self.reason(client, battle["id"], 10) is None

    async def test_the_documents_are_offered_to_whoever_could_register(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session)
        await create_org(session, agreement=True, waiver=True)
        await create_profiles(session, 10, ORGANIZER, JUDGE)
        battle = await create_battle(client)
        await client.post(
            f"/api/battles/{battle['id']}/role", json={"userId": JUDGE, "role": "judge"}, headers=headers(ORGANIZER)
        )

        def offered(page: dict[str, Any]) -> tuple[bool, bool]:
            return page["permissions"]["showAgreement"], page["permissions"]["showWaiver"]

        async def page_of(user_id: int | None) -> dict[str, Any]:
            extra = headers(user_id) if user_id is not None else {}
            return (await client.get(f"/api/battles/{battle['id']}", headers=extra)).json()

        assert offered(await page_of(10)) == (True, True)  # a dancer who must sign
        assert offered(await page_of(None)) == (True, True)  # a guest (signing leads to Login)
        assert offered(await page_of(ORGANIZER)) == (False, False)  # the event's staff cannot register
        assert offered(await page_of(JUDGE)) == (False, False)
        await client.post(f"/api/battles/{battle['id']}/sign-agreement", headers=headers(10))
        await client.post(f"/api/battles/{battle['id']}/sign-waiver", headers=headers(10))
        assert (await register(client, battle["id"], 10)).status_code == 200
        assert offered(await page_of(10)) == (True, True)  # registered: their signatures stay shown
        over = utcnow() - timedelta(days=1)
        await session.execute(update(EventView).where(EventView.id == EVENT_ID).values(starts_at=over, ends_at=over))
        await session.commit()
        assert offered(await page_of(None)) == (False, False)  # the event is over

    async def test_only_the_agreement_and_old_signatures(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session)
        await create_org(session, agreement=True)
        await create_profiles(session, 10)
        battle = await create_battle(client)
        session.add(Signature(battle_id=battle["id"], user_id=10, agreement_signed_at=OLD))
        await session.commit()
        page = (await client.get(f"/api/battles/{battle['id']}", headers=headers(10))).json()
        assert page["orgLegalDocs"]["agreementSignedAt"] is None
        assert await self.reason(client, battle["id"], 10) == "Sign the agreement to register."
        no_waiver = await client.post(f"/api/battles/{battle['id']}/sign-waiver", headers=headers(10))
        assert no_waiver.status_code == 400

    async def test_the_waiver_only(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_org(session, waiver=True)
        await create_profiles(session, 10)
        battle = await create_battle(client)
        assert await self.reason(client, battle["id"], 10) == "Sign the waiver to register."

    async def test_members_only(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_org(session, members=(11,))
        await create_profiles(session, 10, 11)
        battle = await create_battle(client, orgId=ORG_ID, organizationCompetitorsOnly=True)
        assert (
            await self.reason(client, battle["id"], 10)
            == "Only members of Breaking League can register for this battle."
        )
        assert await self.reason(client, battle["id"], 11) is None

    async def test_judges_and_staff(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_profiles(session, JUDGE, ORGANIZER, EVENT_ADMIN, HOST)
        battle = await create_battle(client)
        await client.post(
            f"/api/battles/{battle['id']}/role", json={"userId": JUDGE, "role": "judge"}, headers=headers(ORGANIZER)
        )
        assert await self.reason(client, battle["id"], JUDGE) == "Judges of this battle cannot register for it."
        for staff in (ORGANIZER, EVENT_ADMIN, HOST):
            assert (
                await self.reason(client, battle["id"], staff) == "The event's staff cannot register for its battles."
            )

    async def test_event_over_and_incomplete_profile(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session, period="past")
        await create_profiles(session, 10, 11, names={11: None})
        battle = await create_battle(client)
        assert await self.reason(client, battle["id"], 10) == "Registration is closed: the event is over."
        guest = (await client.get(f"/api/battles/{battle['id']}")).json()["permissions"]
        assert guest["registerButtonDisableReason"] == "Registration is closed: the event is over."
        await session.execute(text("UPDATE event_view SET starts_at = now() + interval '1 day', ends_at = NULL"))
        await session.commit()
        assert await self.reason(client, battle["id"], 11) == "Complete your profile to register."

    async def test_check_in_cap(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        await create_event(session, period="now")
        await create_profiles(session, 10, 11, 12, 13)
        battle = await create_battle(client, participationCapType="checkIn", limit=2)
        for user_id in (10, 11, 12):
            assert (await register(client, battle["id"], user_id)).status_code == 200
        base = utcnow() - timedelta(minutes=30)
        for offset, user_id in ((2, 10), (1, 11), (0, 12)):
            await publish(nats_url, checked_in(user_id, base + timedelta(minutes=offset)))

        async def settled() -> dict[str, Any] | None:
            page = (await client.get(f"/api/battles/{battle['id']}", headers=headers(13))).json()
            return page if page["counters"]["checkedIn"] == 3 else None

        page = await eventually(settled)
        # The first two checked in compete, in registration order; the third waits.
        assert [p["id"] for p in page["participants"]] == [11, 12]
        assert [p["id"] for p in page["waitList"]] == [10]
        assert page["isLimitExceeded"] is True
        assert await self.reason(client, battle["id"], 13) == "The check-in cap of 2 is reached."


def checked_in(user_id: int, at: datetime) -> AttendeeCheckedIn:
    return AttendeeCheckedIn(event_id=EVENT_ID, user_id=user_id, checked_in_at=at.isoformat(), checked_in=1, total=1)


class TestRegistrationCap:
    async def test_concurrent_registrations_never_exceed_the_cap(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        await create_event(session)
        dancers = list(range(10, 52))
        await create_profiles(session, *dancers)
        battle = await create_battle(client, participationCapType="registration", limit=8)
        responses = await asyncio.gather(*(register(client, battle["id"], d) for d in dancers))
        assert all(r.status_code == 200 for r in responses), [r.text for r in responses if r.status_code != 200]
        page = (await client.get(f"/api/battles/{battle['id']}", headers=headers(ORGANIZER))).json()
        competing = [p["id"] for p in page["participants"]]
        waiting = [p["id"] for p in page["waitList"]]
        assert len(competing) == 8 and len(waiting) == len(dancers) - 8
        assert sorted(competing + waiting) == dancers  # everyone once
        assert page["counters"] == {"registered": 8, "checkedIn": 0, "waitList": len(dancers) - 8}
        assert page["isLimitExceeded"] is True
        # Arrival order: the wait list is in the order the server took them (its sequence), competitors first.
        seqs = dict(
            (await session.execute(select(Entry.user_id, Entry.seq).where(Entry.battle_id == battle["id"]))).all()
        )
        order = sorted(dancers, key=lambda d: seqs[d])
        assert competing == order[:8] and waiting == order[8:]

    async def test_a_rush_larger_than_the_pool_is_entered_in_groups(
        self, session: AsyncSession, app_with: AppClient, nats_url: str
    ) -> None:
        """Registrations arriving while others are entered wait without holding a connection and are entered
        together (docs/decisions.md, "A registration rush"): 40 at once on a pool of 3 connections (none beyond)
        are entered in fewer transactions than dancers, each once, under the cap, each announced once."""
        await create_event(session)
        dancers = list(range(10, 50))
        await create_profiles(session, *dancers)
        async with app_with(db_pool_size=3, db_max_overflow=0) as small:
            battle = await create_battle(small, participationCapType="registration", limit=8)
            responses = await asyncio.gather(*(register(small, battle["id"], d) for d in dancers))
            assert all(r.status_code == 200 for r in responses), {r.text for r in responses if r.status_code != 200}
            assert all(r.json()["isRegistered"] for r in responses)
            assert entrance_of(small).groups < len(dancers)
        entries = (await session.execute(select(Entry.user_id, Entry.seq, Entry.waitlisted))).all()
        assert sorted(e.user_id for e in entries) == dancers
        in_order = sorted(entries, key=lambda e: e.seq)
        assert [e.seq for e in in_order] == list(range(1, len(dancers) + 1))  # no number skipped or given twice
        assert [e.waitlisted for e in in_order] == [False] * 8 + [True] * (len(dancers) - 8)
        announced = await collect_events(nats_url, "battles.participant.registered", count=len(dancers))
        assert sorted(e.data["userId"] for e in announced) == dancers

    async def test_a_place_freed_moves_the_first_waiting_up(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        await create_event(session)
        await create_profiles(session, 10, 11, 12, 13)
        battle = await create_battle(client, participationCapType="registration", limit=2)
        for user_id in (10, 11, 12, 13):
            await register(client, battle["id"], user_id)
        page = (await client.get(f"/api/battles/{battle['id']}", headers=headers(12))).json()
        assert [p["id"] for p in page["waitList"]] == [12, 13] and page["isRegistered"]
        left = await client.delete(f"/api/battles/{battle['id']}/dancer", headers=headers(10))
        assert left.status_code == 200
        page = left.json()
        assert [p["id"] for p in page["participants"]] == [11, 12] and [p["id"] for p in page["waitList"]] == [13]
        (promoted,) = await collect_events(nats_url, "battles.waitlist.promoted", count=1)
        assert promoted.data == {
            "battleId": battle["id"],
            "eventId": EVENT_ID,
            "userId": 12,
            "crewId": None,
            "battleTitle": "Battle",
            "hidden": False,
        }
        (gone,) = await collect_events(nats_url, "battles.participant.unregistered", count=1)
        assert gone.data["userId"] == 10
        not_in = await client.delete(f"/api/battles/{battle['id']}/dancer", headers=headers(10))
        assert (
            not_in.status_code == 400 and not_in.json()["error"]["message"] == "You are not registered for this battle."
        )

    async def test_a_new_cap_moves_entries_by_arrival(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        await create_event(session)
        await create_profiles(session, 10, 11, 12)
        battle = await create_battle(client, participationCapType="registration", limit=1)
        for user_id in (10, 11, 12):
            await register(client, battle["id"], user_id)
        path = f"/api/battles/{battle['id']}"
        body = {"title": "Battle", "participationCapType": "registration", "limit": 2}
        raised = (await client.put(path, json=body, headers=headers(ORGANIZER))).json()
        assert [p["id"] for p in raised["participants"]] == [10, 11] and [p["id"] for p in raised["waitList"]] == [12]
        (promoted,) = await collect_events(nats_url, "battles.waitlist.promoted", count=1)
        assert promoted.data["userId"] == 11
        lowered = (await client.put(path, json=body | {"limit": 1}, headers=headers(ORGANIZER))).json()
        assert [p["id"] for p in lowered["participants"]] == [10]
        no_cap = (
            await client.put(path, json=body | {"participationCapType": "none"}, headers=headers(ORGANIZER))
        ).json()
        assert [p["id"] for p in no_cap["participants"]] == [10, 11, 12] and no_cap["isLimitExceeded"] is False
        promotions = await collect_events(nats_url, "battles.waitlist.promoted", count=3)
        assert [e.data["userId"] for e in promotions] == [11, 11, 12]  # raised, then lifted (11 and 12 move up)

    async def test_no_leaving_once_the_event_is_over(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_profiles(session, 10)
        battle = await create_battle(client)
        await register(client, battle["id"], 10)
        await session.execute(
            text("UPDATE event_view SET starts_at = now() - interval '2 days', ends_at = now() - interval '1 day'")
        )
        await session.commit()
        page = (await client.get(f"/api/battles/{battle['id']}", headers=headers(10))).json()
        assert page["canUnregister"] is False
        refused = await client.delete(f"/api/battles/{battle['id']}/dancer", headers=headers(10))
        assert (
            refused.status_code == 400
            and refused.json()["error"]["message"] == "Registration is closed: the event is over."
        )


class TestHidden:
    async def test_only_admins_see_hidden_lists(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_profiles(session, 10)
        battle = await create_battle(client, hideParticipants=True)
        await register(client, battle["id"], 10)
        for viewer in ({}, headers(STRANGER), headers(10)):
            page = (await client.get(f"/api/battles/{battle['id']}", headers=viewer)).json()
            assert page["isHiddenParticipants"] is True and page["participants"] == [] and page["waitList"] == []
            assert page["counters"]["registered"] == 1
        for admin in (ORGANIZER, EVENT_ADMIN, HOST):
            page = (await client.get(f"/api/battles/{battle['id']}", headers=headers(admin))).json()
            assert page["isHiddenParticipants"] is False and [p["id"] for p in page["participants"]] == [10]


class TestAdminCatalogue:
    async def test_register_dancers_who_signed(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        await create_event(session)
        await create_org(session, agreement=True, waiver=True)
        await create_profiles(session, 10, 11)
        battle = await create_battle(client)
        path = f"/api/admin/battles/{battle['id']}/register"
        assert (await client.post(path, json={"userIds": [10]})).status_code == 401
        assert (await client.post(path, json={"userIds": [10]}, headers=headers(STRANGER))).status_code == 403
        assert (await client.post(path, json={"userIds": []}, headers=headers(HOST))).status_code == 400
        await client.post(f"/api/battles/{battle['id']}/sign-agreement", headers=headers(10))
        await client.post(f"/api/battles/{battle['id']}/sign-waiver", headers=headers(10))
        await client.post(f"/api/admin/battles/{battle['id']}/sign-agreement/11", headers=headers(HOST))
        await client.post(f"/api/admin/battles/{battle['id']}/sign-waiver/11", headers=headers(HOST))
        response = await client.post(path, json={"userIds": [10, 11, 10]}, headers=headers(HOST))
        assert response.status_code == 200, response.text
        rows = response.json()["participants"]
        assert [p["id"] for p in rows] == [10, 11]
        assert all(p["agreementSigned"] and p["waiverSigned"] for p in rows)
        signers = (
            await session.execute(
                select(Signature.user_id, Signature.agreement_signed_by, Signature.waiver_signed_by).order_by(
                    Signature.user_id
                )
            )
        ).all()
        assert [tuple(r) for r in signers] == [(10, 10, 10), (11, HOST, HOST)]
        staff = await client.post(path, json={"userIds": [EVENT_ADMIN]}, headers=headers(HOST))
        assert staff.status_code == 400
        assert len(await collect_events(nats_url, "battles.participant.registered", count=2)) == 2

    async def test_nobody_is_registered_while_one_has_not_signed(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session)
        await create_org(session, agreement=True, waiver=True)
        await create_profiles(session, 10, 11, 12, names={11: "Zed"})
        battle = await create_battle(client)
        bid = battle["id"]
        path = f"/api/admin/battles/{bid}/register"
        for user_id in (10, 12):
            await client.post(f"/api/admin/battles/{bid}/sign-agreement/{user_id}", headers=headers(HOST))
            await client.post(f"/api/admin/battles/{bid}/sign-waiver/{user_id}", headers=headers(HOST))
        for signed, message in (
            ((), "Zed has not signed the agreement and the waiver."),
            (("agreement",), "Zed has not signed the waiver."),
        ):
            for document in signed:
                await client.post(f"/api/battles/{bid}/sign-{document}", headers=headers(11))
            refused = await client.post(path, json={"userIds": [10, 11, 12]}, headers=headers(HOST))
            assert refused.status_code == 400 and refused.json()["error"]["message"] == message
            assert (await session.scalars(select(Entry.id).where(Entry.battle_id == bid))).all() == []
        # a signature dated on or before 2000 counts as unsigned
        await session.execute(update(Signature).where(Signature.user_id == 11).values(agreement_signed_at=OLD))
        await session.commit()
        await client.post(f"/api/battles/{bid}/sign-waiver", headers=headers(11))
        refused = await client.post(path, json={"userIds": [11]}, headers=headers(HOST))
        assert refused.json()["error"]["message"] == "Zed has not signed the agreement."
        await client.post(f"/api/battles/{bid}/sign-agreement", headers=headers(11))
        done = await client.post(path, json={"userIds": [10, 11, 12]}, headers=headers(HOST))
        assert done.status_code == 200 and [p["id"] for p in done.json()["participants"]] == [10, 11, 12]

    async def test_only_the_documents_the_organization_has(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session)
        await create_org(session, waiver=True)
        await create_profiles(session, 10)
        battle = await create_battle(client)
        path = f"/api/admin/battles/{battle['id']}/register"
        refused = await client.post(path, json={"userIds": [10]}, headers=headers(HOST))
        assert refused.json()["error"]["message"] == "Dancer 10 has not signed the waiver."
        await client.post(f"/api/admin/battles/{battle['id']}/sign-waiver/10", headers=headers(HOST))
        assert (await client.post(path, json={"userIds": [10]}, headers=headers(HOST))).status_code == 200

    async def test_the_csv_names_who_signed_and_when(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_org(session, agreement=True, waiver=True)
        await create_profiles(session, 10, 11, HOST, names={HOST: "Host Person"})
        battle = await create_battle(client)
        bid = battle["id"]
        await client.post(f"/api/battles/{bid}/sign-agreement", headers=headers(10))
        await client.post(f"/api/battles/{bid}/sign-waiver", headers=headers(10))
        await client.post(f"/api/admin/battles/{bid}/sign-agreement/11", headers=headers(HOST))
        await client.post(f"/api/admin/battles/{bid}/sign-waiver/11", headers=headers(HOST))
        await client.post(f"/api/admin/battles/{bid}/register", json={"userIds": [10, 11]}, headers=headers(HOST))
        response = await client.get(f"/api/battles/{bid}/download", headers=headers(ORGANIZER))
        rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
        signatures = {s.user_id: s for s in (await session.scalars(select(Signature))).all()}
        assert [r["Dancer name"] for r in rows] == ["Dancer 10", "Dancer 11"]
        for row, user_id, signer in ((rows[0], 10, "Dancer 10"), (rows[1], 11, "Host Person")):
            assert row["Agreement signed by"] == signer and row["Waiver signed by"] == signer
            assert row["Agreement signed"] == signatures[user_id].agreement_signed_at.isoformat().replace("+00:00", "Z")
            assert row["Waiver signed"] == signatures[user_id].waiver_signed_at.isoformat().replace("+00:00", "Z")

    async def test_unregister_one(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_profiles(session, 10)
        battle = await create_battle(client)
        await register(client, battle["id"], 10)
        path = f"/api/admin/battles/{battle['id']}/unregister"
        assert (await client.post(path, json={"userId": 10, "crewId": 0}, headers=headers(STRANGER))).status_code == 403
        done = await client.post(path, json={"userId": 10, "crewId": 0}, headers=headers(EVENT_ADMIN))
        assert done.status_code == 200 and done.json()["participants"] == []
        missing = await client.post(path, json={"userId": 10, "crewId": None}, headers=headers(EVENT_ADMIN))
        assert missing.status_code == 404

    async def test_sign_for_a_dancer(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        """An admin signs for a dancer not registered yet (the add-competitors flow); the record names the admin.
        A dancer's own signature is not replaced by one on their behalf."""
        await create_event(session)
        await create_org(session, agreement=True)
        await create_profiles(session, 10, 11)
        battle = await create_battle(client)
        path = f"/api/admin/battles/{battle['id']}/sign-agreement/10"
        assert (await client.post(path, headers=headers(STRANGER))).status_code == 403
        assert (await client.post(path, headers=headers(10))).status_code == 403
        signed = await client.post(path, headers=headers(HOST))
        assert signed.status_code == 200 and signed.json()["date"].endswith("Z")
        row = await session.get(Signature, (battle["id"], 10))
        assert row is not None and row.agreement_signed_by == HOST and row.waiver_signed_by is None
        assert row.agreement_signed_at is not None and signed.json()["date"].startswith(
            row.agreement_signed_at.isoformat()[:19]
        )
        waiver = await client.post(f"/api/admin/battles/{battle['id']}/sign-waiver/10", headers=headers(HOST))
        assert waiver.status_code == 400 and waiver.json()["error"]["message"] == "This battle has no waiver to sign."
        own = await client.post(f"/api/battles/{battle['id']}/sign-agreement", headers=headers(11))
        own_date = own.json()["orgLegalDocs"]["agreementSignedAt"]
        again = await client.post(f"/api/admin/battles/{battle['id']}/sign-agreement/11", headers=headers(ORGANIZER))
        assert again.status_code == 200 and again.json()["date"] == own_date
        session.expire_all()
        mine = await session.get(Signature, (battle["id"], 11))
        assert mine is not None and mine.agreement_signed_by == 11
        assert (await session.scalars(select(Entry.id))).all() == []

    async def test_the_picker(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_profiles(session, 10, 11, 12, JUDGE, EVENT_ADMIN, HOST, ORGANIZER, names={11: "zed", 12: "Amy"})
        battle = await create_battle(client)
        await register(client, battle["id"], 10)
        await client.post(
            f"/api/battles/{battle['id']}/role", json={"userId": JUDGE, "role": "judge"}, headers=headers(ORGANIZER)
        )
        path = f"/api/admin/battles/{battle['id']}/users"
        assert (await client.get(path, headers=headers(STRANGER))).status_code == 403
        found = (await client.get(path, headers=headers(ORGANIZER))).json()
        assert [u["id"] for u in found["data"]] == [12, 11] and found["total"] == 2
        assert found["data"][0] == {
            "id": 12,
            "dancerName": "Amy",
            "avatar": "avatar-12",
            "confirmed": True,
            "agreementSignedAt": None,
            "waiverSignedAt": None,
        }
        keyword = (await client.get(path, params={"k": "ZE"}, headers=headers(ORGANIZER))).json()
        assert [u["id"] for u in keyword["data"]] == [11]
        paged = (await client.get(path, params={"pp": 1, "p": 1}, headers=headers(ORGANIZER))).json()
        assert [u["id"] for u in paged["data"]] == [11] and paged["total"] == 2

    async def test_the_picker_says_who_signed(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_org(session, agreement=True, waiver=True)
        await create_profiles(session, 10, 11)
        battle = await create_battle(client)
        signed = await client.post(f"/api/admin/battles/{battle['id']}/sign-waiver/11", headers=headers(HOST))
        found = (await client.get(f"/api/admin/battles/{battle['id']}/users", headers=headers(HOST))).json()
        dates = {u["id"]: (u["agreementSignedAt"], u["waiverSignedAt"]) for u in found["data"]}
        assert dates == {10: (None, None), 11: (None, signed.json()["date"])}

"""The projections fed by other services' events (published to NATS as those services do): applied once, an older
announcement arriving late changes nothing."""

from __future__ import annotations

from datetime import timedelta

import httpx
from battle.cast import EVENT_ID, ORG_ID, ORGANIZER, STRANGER
from battle.factories import announced_event, create_battle, create_event, create_profiles, headers
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import CheckIn, EventView, Org, StudioMembership
from contracts.events import (
    AttendeeCheckedIn,
    AttendeeUnchecked,
    EventCreated,
    EventDeleted,
    EventUpdated,
    StaffAdded,
    StaffRemoved,
)
from contracts.orgs import MemberAdded, OrganizationUpdated, RoleAdded, RoleRemoved
from contracts.studios import MemberAdded as StudioMemberAdded
from kit.db import utcnow
from kit.events import Envelope
from kit.testing import collect_events, eventually, publish


class TestEvents:
    async def test_an_event_then_its_staff(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        await publish(nats_url, announced_event(EventCreated, "Queens Jam"))

        async def known() -> EventView | None:
            session.expire_all()
            return await session.get(EventView, EVENT_ID)

        await eventually(known)
        # The organizer edits at once; a stranger becomes an admin, then is removed.
        assert (await client.post(f"/api/events/{EVENT_ID}/add-battle", headers=headers(ORGANIZER))).status_code == 201
        await publish(nats_url, StaffAdded(event_id=EVENT_ID, user_id=STRANGER, role="admin", org_id=ORG_ID))

        async def may_add() -> bool:
            response = await client.post(f"/api/events/{EVENT_ID}/add-battle", headers=headers(STRANGER))
            return response.status_code == 201

        await eventually(may_add)
        await publish(nats_url, StaffRemoved(event_id=EVENT_ID, user_id=STRANGER, role="admin", org_id=ORG_ID))

        async def may_not() -> bool:
            response = await client.post(f"/api/events/{EVENT_ID}/add-battle", headers=headers(STRANGER))
            return response.status_code == 403

        await eventually(may_not)

    async def test_a_late_older_update_changes_nothing_and_deleted_hides(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        now = utcnow()
        await publish(nats_url, Envelope.of(announced_event(EventUpdated, "New"), occurred_at=now))
        await publish(
            nats_url, Envelope.of(announced_event(EventUpdated, "Old"), occurred_at=now - timedelta(minutes=1))
        )
        await publish(
            nats_url, Envelope.of(announced_event(EventUpdated, "Later"), occurred_at=now + timedelta(seconds=1))
        )

        async def latest() -> bool:
            session.expire_all()
            found = await session.get(EventView, EVENT_ID)
            return found is not None and found.title == "Later"

        await eventually(latest)
        battle = await create_battle(client)
        await publish(
            nats_url, Envelope.of(announced_event(EventDeleted, "Later"), occurred_at=now + timedelta(seconds=2))
        )

        async def hidden() -> bool:
            return (await client.get(f"/api/battles/{battle['id']}")).status_code == 404

        await eventually(hidden)


class TestCheckIns:
    async def test_numbers_in_check_in_order_applied_once(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        await create_event(session, period="now")
        await create_profiles(session, 10, 11)
        battle = await create_battle(client)
        for user_id in (10, 11):
            await client.post(f"/api/battles/{battle['id']}/dancer", headers=headers(user_id))
        at = utcnow().isoformat()
        first = await publish(
            nats_url, AttendeeCheckedIn(event_id=EVENT_ID, user_id=11, checked_in_at=at, checked_in=1, total=2)
        )
        await publish(nats_url, first, msg_id="redelivered")  # the same event delivered twice
        await publish(
            nats_url, AttendeeCheckedIn(event_id=EVENT_ID, user_id=10, checked_in_at=at, checked_in=2, total=2)
        )

        async def numbers() -> dict[int, int | None] | None:
            page = (await client.get(f"/api/battles/{battle['id']}")).json()
            found = {p["id"]: p["randId"] for p in page["participants"]}
            return found if None not in found.values() else None

        assert await eventually(numbers) == {11: 1, 10: 2}
        changed = await collect_events(nats_url, "battles.battle.changed", count=2)
        assert changed[0].data == {"id": battle["id"], "eventId": EVENT_ID}

    async def test_an_older_uncheck_arriving_late_is_ignored(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        await create_event(session, period="now")
        now = utcnow()
        checked = AttendeeCheckedIn(event_id=EVENT_ID, user_id=10, checked_in_at=now.isoformat(), checked_in=1, total=1)
        unchecked = AttendeeUnchecked(event_id=EVENT_ID, user_id=10, checked_in_at=None, checked_in=0, total=1)
        await publish(nats_url, Envelope.of(checked, occurred_at=now))
        await publish(nats_url, Envelope.of(unchecked, occurred_at=now - timedelta(minutes=1)))
        await publish(nats_url, Envelope.of(checked, occurred_at=now - timedelta(minutes=2)))

        async def applied() -> CheckIn | None:
            session.expire_all()
            found = await session.get(CheckIn, (EVENT_ID, 10))
            return found if found is not None and found.checked_in_at is not None else None

        await eventually(applied)
        await eventually(lambda: _count_processed(session, 3))
        session.expire_all()
        found = await session.get(CheckIn, (EVENT_ID, 10))
        assert found is not None and found.checked_in_at is not None


async def _count_processed(session: AsyncSession, count: int) -> bool:
    found = await session.scalar(text("SELECT count(*) FROM processed_message WHERE consumer LIKE '%check-ins'"))
    return (found or 0) >= count


class TestOrganizationsAndStudios:
    async def test_documents_members_and_studios(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        document = {"title": "Agreement", "subtitle": "", "version": "1", "text": "<p>Be nice</p>"}
        await publish(
            nats_url,
            OrganizationUpdated(id=ORG_ID, name="League", image="i", status="published", agreement=document, waiver={}),
        )
        await publish(nats_url, MemberAdded(org_id=ORG_ID, user_id=10, org_name="League", org_image="i"))
        await publish(
            nats_url,
            StudioMemberAdded(
                studio_id=3,
                user_id=10,
                role="student",
                studio_name="Floor Lab",
                studio_image=None,
                studio_status="published",
            ),
        )

        async def applied() -> bool:
            session.expire_all()
            org = await session.get(Org, ORG_ID)
            studio = (await session.scalars(select(StudioMembership))).first()
            return org is not None and bool(org.agreement) and studio is not None

        await eventually(applied)
        await create_event(session)
        await create_profiles(session, 10, 11)
        battle = await create_battle(client, organizationCompetitorsOnly=True)
        assert (
            battle["hasAgreement"]
            and not battle["hasWaiver"]
            and battle["orgLegalDocs"]["agreement"] == "<p>Be nice</p>"
        )
        await client.post(f"/api/battles/{battle['id']}/sign-agreement", headers=headers(10))
        page = (await client.post(f"/api/battles/{battle['id']}/dancer", headers=headers(10))).json()
        assert page["participants"][0]["studios"] == [{"id": 3, "name": "Floor Lab", "image": None}]
        outsider = await client.post(f"/api/battles/{battle['id']}/dancer", headers=headers(11))
        assert outsider.json()["error"]["message"] == "Only members of League can register for this battle."


class TestOrganizationAdmins:
    async def test_an_organizations_admins_edit_its_events_battles(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        await create_event(session)
        path = f"/api/events/{EVENT_ID}/add-battle"
        assert (await client.post(path, headers=headers(STRANGER))).status_code == 403
        role = {"org_id": ORG_ID, "user_id": STRANGER, "org_name": "League", "org_image": None}
        await publish(nats_url, RoleAdded(role="promoter", **role))
        await publish(nats_url, RoleAdded(role="admin", **role))

        async def may_add() -> bool:
            return (await client.post(path, headers=headers(STRANGER))).status_code == 201

        await eventually(may_add)
        await publish(nats_url, RoleRemoved(role="admin", **role))

        async def may_not() -> bool:
            return (await client.post(path, headers=headers(STRANGER))).status_code == 403

        await eventually(may_not)

"""The organizations projection, fed by orgs events published to NATS: the chip on the page and the rights."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
from event.cast import ORG_ADMIN
from event.factories import create_event, headers
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.orgs import OrganizationCreated, OrganizationUpdated, RoleAdded, RoleRemoved
from kit.events import Envelope
from kit.testing import eventually, publish


async def status_of(client: httpx.AsyncClient, event_id: int, who: int) -> int:
    response = await client.post(f"/api/events/{event_id}", json={"title": "Edited"}, headers=headers(who))
    return response.status_code


class TestOrgProjection:
    async def test_an_org_admin_edits_the_orgs_events_until_removed(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await create_event(session, org_id=12)
        assert await status_of(client, event.id, ORG_ADMIN) == 403
        role = {"org_id": 12, "user_id": ORG_ADMIN, "org_name": "Floor Lords", "org_image": None, "role": "admin"}
        await publish(nats_url, RoleAdded(**role))

        async def allowed() -> bool:
            return await status_of(client, event.id, ORG_ADMIN) == 200

        await eventually(allowed)
        await publish(nats_url, RoleRemoved(**role))

        async def refused() -> bool:
            return await status_of(client, event.id, ORG_ADMIN) == 403

        await eventually(refused)

    async def test_a_promoter_may_put_an_event_under_the_org(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await create_event(session)
        await publish(nats_url, OrganizationCreated(id=12, name="Floor Lords", image=None, status="draft"))
        await publish(
            nats_url, RoleAdded(org_id=12, user_id=1, org_name="Floor Lords", org_image=None, role="promoter")
        )

        async def moved() -> bool:
            response = await client.post(f"/api/events/{event.id}", json={"orgId": 12}, headers=headers(1))
            return response.status_code == 200

        await eventually(moved)

    async def test_the_page_shows_the_orgs_current_name_and_image(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await create_event(session, org_id=12)
        await publish(nats_url, OrganizationCreated(id=12, name="Floor Lords", image=None, status="draft"))
        await publish(
            nats_url,
            OrganizationUpdated(id=12, name="Floor Kings", image="img-12", status="published", agreement={}, waiver={}),
        )

        async def renamed() -> bool:
            org = (await client.get(f"/api/events/{event.id}")).json()["org"]
            return bool(org == {"id": 12, "name": "Floor Kings", "image": "img-12"})

        await eventually(renamed)

    async def test_an_older_update_redelivered_after_a_newer_one_changes_nothing(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await create_event(session, org_id=12)
        now = datetime.now(UTC)

        def updated(name: str) -> OrganizationUpdated:
            return OrganizationUpdated(id=12, name=name, image=None, status="published", agreement={}, waiver={})

        await publish(nats_url, Envelope.of(updated("Floor Kings"), occurred_at=now))
        await publish(nats_url, Envelope.of(updated("Floor Lords"), occurred_at=now - timedelta(minutes=1)))
        # A marker after both: once it shows, the older update has been handled too.
        await publish(nats_url, OrganizationCreated(id=13, name="Marker", image=None, status="draft"))
        marker = await create_event(session, org_id=13)

        async def handled() -> bool:
            return bool((await client.get(f"/api/events/{marker.id}")).json()["org"]["name"] == "Marker")

        await eventually(handled)
        org = (await client.get(f"/api/events/{event.id}")).json()["org"]
        assert org == {"id": 12, "name": "Floor Kings", "image": None}

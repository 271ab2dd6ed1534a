from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import nats
from factories import create_account
from sqlalchemy.ext.asyncio import AsyncSession

from kit.bus import ensure_stream
from kit.events import Envelope
from kit.testing import eventually

NOW = datetime.now(UTC)


async def publish(nats_url: str, event_type: str, data: dict[str, Any], at: datetime = NOW) -> None:
    """As the organizations service's relay would: an envelope on the ORGS stream."""
    nc = await nats.connect(nats_url)
    try:
        js = nc.jetstream()
        await ensure_stream(js, "orgs")
        envelope = Envelope(type=event_type, source="orgs", occurred_at=at, data=data)
        await js.publish(event_type, envelope.to_json(), headers={"Nats-Msg-Id": str(envelope.id)})
    finally:
        await nc.close()


def role(org_id: int, user_id: int, role: str, name: str = "Floor Wars", image: str = "org-img") -> dict[str, Any]:
    return {"orgId": org_id, "userId": user_id, "role": role, "orgName": name, "orgImage": image}


def member(org_id: int, user_id: int, name: str = "Floor Wars", image: str | None = "org-img") -> dict[str, Any]:
    return {"orgId": org_id, "userId": user_id, "orgName": name, "orgImage": image}


async def organizations(client: httpx.AsyncClient, profile_id: int) -> list[dict[str, Any]]:
    return (await client.get(f"/api/user/{profile_id}")).json()["organizations"]


class TestOrganizationsOfAProfile:
    async def test_roles_and_memberships_fill_the_list(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, profile = await create_account(session)
        await publish(nats_url, "orgs.role.added", role(7, profile.id, "admin"))
        await publish(nats_url, "orgs.member.added", member(9, profile.id, name="Area 51", image=None))

        async def both() -> bool:
            return len(await organizations(client, profile.id)) == 2

        await eventually(both)
        assert await organizations(client, profile.id) == [
            {"id": 9, "name": "Area 51", "image": None},
            {"id": 7, "name": "Floor Wars", "image": "org-img"},
        ]

    async def test_removal_takes_it_off_and_a_late_older_event_does_not_undo_it(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, profile = await create_account(session)
        await publish(nats_url, "orgs.member.added", member(4, profile.id), at=NOW)
        await publish(nats_url, "orgs.member.removed", member(4, profile.id), at=NOW + timedelta(seconds=5))
        await publish(nats_url, "orgs.member.added", member(4, profile.id), at=NOW + timedelta(seconds=1))
        await publish(nats_url, "orgs.role.added", role(5, profile.id, "promoter"), at=NOW + timedelta(seconds=6))

        async def settled() -> bool:
            return [o["id"] for o in await organizations(client, profile.id)] == [5]

        await eventually(settled)

    async def test_one_role_removed_another_kept(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, profile = await create_account(session)
        await publish(nats_url, "orgs.role.added", role(3, profile.id, "admin"))
        await publish(nats_url, "orgs.member.added", member(3, profile.id))
        await publish(nats_url, "orgs.role.removed", role(3, profile.id, "admin"), at=NOW + timedelta(seconds=1))
        await publish(nats_url, "orgs.role.added", role(8, profile.id, "promoter"), at=NOW + timedelta(seconds=2))

        async def settled() -> bool:
            return [o["id"] for o in await organizations(client, profile.id)] == [3, 8]

        await eventually(settled)

    async def test_a_renamed_organization_shows_its_new_name(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, profile = await create_account(session)
        await publish(nats_url, "orgs.member.added", member(2, profile.id, name="Old"))
        await publish(
            nats_url,
            "orgs.org.updated",
            {"id": 2, "name": "New", "image": "new-img", "status": "published", "agreement": {}, "waiver": {}},
            at=NOW + timedelta(seconds=1),
        )

        async def renamed() -> bool:
            return await organizations(client, profile.id) == [{"id": 2, "name": "New", "image": "new-img"}]

        await eventually(renamed)

    async def test_the_user_search_filters_by_the_projection(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, inside = await create_account(session, "in@example.com", dancer_name="Inside")
        await create_account(session, "out@example.com", dancer_name="Outside")
        await publish(nats_url, "orgs.role.added", role(11, inside.id, "promoter"))

        async def filtered() -> bool:
            items = (await client.get("/api/users?orgs=11")).json()["items"]
            return [i["dancerName"] for i in items] == ["Inside"]

        await eventually(filtered)

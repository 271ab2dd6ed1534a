"""The projection of identity's profiles, fed by identity.profile.* events published to NATS."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
from orgs.factories import ADMIN, create_org
from profiles.factories import profile_event, publish
from sqlalchemy.ext.asyncio import AsyncSession

from kit.metrics import CONSUMER_MESSAGES
from kit.testing import eventually


async def admin_names(client: httpx.AsyncClient, org_id: int) -> list[str | None]:
    return [a["dancerName"] for a in (await client.get(f"/api/orgs/{org_id}")).json()["admins"]]


class TestProjection:
    async def test_created_updated_and_released_set_names_and_avatars(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org = await create_org(session, admins=[ADMIN])
        await publish(nats_url, profile_event("created", ADMIN, None))
        await publish(nats_url, profile_event("updated", ADMIN, "Bboy Storm"))
        await eventually(lambda: _names_are(client, org.id, ["Bboy Storm"]))
        admin = (await client.get(f"/api/orgs/{org.id}")).json()["admins"][0]
        assert admin == {"id": ADMIN, "dancerName": "Bboy Storm", "avatar": f"avatar-{ADMIN}"}
        await publish(nats_url, profile_event("released", ADMIN, "Storm"))
        await eventually(lambda: _names_are(client, org.id, ["Storm"]))

    async def test_an_older_version_never_overwrites_a_newer_one(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org = await create_org(session, admins=[ADMIN])
        now = datetime.now(UTC)
        applied = CONSUMER_MESSAGES.labels("orgs-profiles", "applied")._value.get()
        await publish(nats_url, profile_event("updated", ADMIN, "New name", occurred_at=now))
        await publish(nats_url, profile_event("updated", ADMIN, "Old name", occurred_at=now - timedelta(seconds=30)))
        await eventually(lambda: _applied_above(applied + 1))
        assert await admin_names(client, org.id) == ["New name"]

    async def test_a_profile_never_seen_is_shown_without_a_name_when_identity_is_unreachable(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session, admins=[ADMIN], members=[7])
        response = await client.get(f"/api/orgs/{org.id}")
        assert response.status_code == 200
        assert response.json()["admins"] == [{"id": ADMIN, "dancerName": None, "avatar": None}]
        assert (await client.get(f"/api/orgs/{org.id}/members")).json() == [
            {"id": 7, "dancerName": None, "avatar": None}
        ]


async def _names_are(client: httpx.AsyncClient, org_id: int, names: list[str | None]) -> bool:
    return await admin_names(client, org_id) == names


async def _applied_above(value: float) -> bool:
    return CONSUMER_MESSAGES.labels("orgs-profiles", "applied")._value.get() > value

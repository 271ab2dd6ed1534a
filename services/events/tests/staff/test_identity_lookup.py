"""A staff member must exist: one the projection has never seen is asked of the real identity service, served
on a port."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from event.cast import ORGANIZER
from event.factories import create_event, headers

from kit.testing.plugin import AppClient
from kit.testing.served import ServedIdentity, served_identity


@pytest.fixture
async def identity(pg_server_url: str, nats_url: str, clean_state: None) -> AsyncIterator[ServedIdentity]:
    async with served_identity(pg_server_url, nats_url) as served:
        yield served


async def test_staff_must_exist(app_with: AppClient, identity: ServedIdentity) -> None:
    await identity.signup("first@example.com", "First")  # profile 1: the organizer
    storm = await identity.signup("storm@example.com", "Bboy Storm")
    async with app_with(identity_url=identity.url) as client:
        async with client.app.state.sessionmaker() as session:  # type: ignore[attr-defined]
            event = await create_event(session)
        path = f"/api/events/{event.id}/role"
        unknown = await client.post(path, json={"userId": 999999, "role": "dj"}, headers=headers(ORGANIZER))
        assert unknown.status_code == 404 and unknown.json()["error"]["message"] == "User not found"
        known = await client.post(path, json={"userId": storm, "role": "dj"}, headers=headers(ORGANIZER))
        assert known.status_code == 200
        assert known.json()["djs"] == [{"id": storm, "dancerName": "Bboy Storm", "avatar": f"avatar-{storm}"}]
        page = (await client.get(f"/api/events/{event.id}")).json()
        assert page["staff"]["djs"] == known.json()["djs"]


async def test_a_new_organizer_is_named_on_their_first_event(app_with: AppClient, identity: ServedIdentity) -> None:
    """identity's events are held back here (its relay is off): the name comes from the lookup at creation."""
    organizer = await identity.signup("first@example.com", "Bgirl First")
    async with app_with(identity_url=identity.url) as client:
        created = await client.post("/api/events", headers=headers(organizer))
        assert created.status_code == 201
        page = (await client.get(f"/api/events/{created.json()['id']}", headers=headers(organizer))).json()
    assert page["staff"]["organizer"] == {"id": organizer, "dancerName": "Bgirl First", "avatar": f"avatar-{organizer}"}

"""A staff member must exist: one the projection has never seen is asked of the real identity service, served
on a port."""

from __future__ import annotations

from collections.abc import AsyncIterator

import asyncpg
import httpx
import pytest
from event.factories import ORGANIZER, create_event, headers

from kit.db import asyncpg_dsn
from kit.local import free_port
from kit.testing import migrated_database, serve_app
from kit.testing.plugin import AppClient


@pytest.fixture
async def identity_url(pg_server_url: str, nats_url: str, clean_state: None) -> AsyncIterator[tuple[str, str]]:
    identity_app = pytest.importorskip("identity.app")
    identity_config = pytest.importorskip("identity.config")
    tokens = pytest.importorskip("identity.auth.tokens")
    async with migrated_database(pg_server_url, "identity") as database_url:
        settings = identity_config.Settings(
            database_url=database_url,
            nats_url=nats_url,
            env="test",
            log_json=False,
            jwt_private_key=tokens.generate_private_key_pem(),
            run_workers=False,  # identity's own events stay in its outbox: this service sees only the lookup
        )
        port = free_port()
        async with serve_app(identity_app.create_app(settings), port):
            yield f"http://127.0.0.1:{port}", database_url


async def signup(url: str, database_url: str, email: str, dancer_name: str) -> int:
    async with httpx.AsyncClient(base_url=url) as http:
        response = await http.post("/api/auth/signup", json={"email": email, "password": "correct horse 1"})
        assert response.status_code == 201, response.text
        profile_id = int(response.json()["user"]["id"])
    conn = await asyncpg.connect(asyncpg_dsn(database_url))
    try:
        await conn.execute("UPDATE profile SET dancer_name = $1, avatar = 'av' WHERE id = $2", dancer_name, profile_id)
    finally:
        await conn.close()
    return profile_id


async def test_staff_must_exist(app_with: AppClient, identity_url: tuple[str, str]) -> None:
    url, database_url = identity_url
    await signup(url, database_url, "first@example.com", "First")  # profile 1: the organizer
    storm = await signup(url, database_url, "storm@example.com", "Bboy Storm")
    async with app_with(identity_url=url) as client:
        async with client.app.state.sessionmaker() as session:  # type: ignore[attr-defined]
            event = await create_event(session)
        path = f"/api/events/{event.id}/role"
        unknown = await client.post(path, json={"userId": 999999, "role": "dj"}, headers=headers(ORGANIZER))
        assert unknown.status_code == 404 and unknown.json()["error"]["message"] == "User not found"
        known = await client.post(path, json={"userId": storm, "role": "dj"}, headers=headers(ORGANIZER))
        assert known.status_code == 200
        assert known.json()["djs"] == [{"id": storm, "dancerName": "Bboy Storm", "avatar": "av"}]
        page = (await client.get(f"/api/events/{event.id}")).json()
        assert page["staff"]["djs"] == known.json()["djs"]


async def test_a_new_organizer_is_named_on_their_first_event(
    app_with: AppClient, identity_url: tuple[str, str]
) -> None:
    """identity's events are held back here (its relay is off): the name comes from the lookup at creation."""
    url, database_url = identity_url
    organizer = await signup(url, database_url, "first@example.com", "Bgirl First")
    async with app_with(identity_url=url) as client:
        created = await client.post("/api/events", headers=headers(organizer))
        assert created.status_code == 201
        page = (await client.get(f"/api/events/{created.json()['id']}", headers=headers(organizer))).json()
    assert page["staff"]["organizer"] == {"id": organizer, "dancerName": "Bgirl First", "avatar": "av"}

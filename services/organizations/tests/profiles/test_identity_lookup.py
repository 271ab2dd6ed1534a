"""A profile the projection has never seen is read from the real identity service, served on a port: one
batched request per page, kept in the projection afterwards."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import asyncpg
import httpx
import pytest
from fastapi import FastAPI
from orgs.factories import ADMIN, create_org, create_profiles, headers
from sqlalchemy import select

from kit.db import asyncpg_dsn
from kit.local import free_port
from kit.testing import migrated_database, serve_app
from kit.testing.plugin import AppClient
from organizations.models import Profile


@dataclass
class Identity:
    url: str
    database_url: str

    async def signup(self, email: str, dancer_name: str) -> int:
        """A real account and profile; the name is written straight to identity's database (onboarding is
        identity's business, not this test's)."""
        async with httpx.AsyncClient(base_url=self.url) as http:
            response = await http.post("/api/auth/signup", json={"email": email, "password": "correct horse 1"})
            assert response.status_code == 201, response.text
            profile_id = int(response.json()["user"]["id"])
        await self.rename(profile_id, dancer_name)
        return profile_id

    async def rename(self, profile_id: int, dancer_name: str) -> None:
        conn = await asyncpg.connect(asyncpg_dsn(self.database_url))
        try:
            await conn.execute(
                "UPDATE profile SET dancer_name = $1, avatar = $2 WHERE id = $3",
                dancer_name,
                f"avatar-{profile_id}",
                profile_id,
            )
        finally:
            await conn.close()


@pytest.fixture
async def identity(pg_server_url: str, nats_url: str, clean_state: None) -> AsyncIterator[Identity]:
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
            # No relay: identity's profile events stay in its outbox, so this service sees only the lookup.
            run_workers=False,
        )
        port = free_port()
        async with serve_app(identity_app.create_app(settings), port):
            yield Identity(f"http://127.0.0.1:{port}", database_url)


@pytest.fixture
async def orgs(app_with: AppClient, identity: Identity) -> AsyncIterator[httpx.AsyncClient]:
    async with app_with(identity_url=identity.url) as c:
        yield c


@pytest.fixture
def orgs_app(orgs: httpx.AsyncClient) -> FastAPI:
    return orgs.app  # type: ignore[attr-defined,no-any-return]


def identity_requests(app: FastAPI) -> list[httpx.Request]:
    """The requests this service's identity client sends from now on."""
    sent: list[httpx.Request] = []

    async def record(request: httpx.Request) -> None:
        sent.append(request)

    app.state.identity.http.event_hooks["request"].append(record)
    return sent


class TestLookup:
    async def test_unknown_profiles_of_a_page_are_read_in_one_request_and_kept(
        self, orgs: httpx.AsyncClient, orgs_app: FastAPI, identity: Identity
    ) -> None:
        storm = await identity.signup("storm@example.com", "Bboy Storm")
        rain = await identity.signup("rain@example.com", "Bgirl Rain")
        async with orgs_app.state.sessionmaker() as session:
            org = await create_org(session, members=[storm, rain, 424242])
        sent = identity_requests(orgs_app)
        members = (await orgs.get(f"/api/orgs/{org.id}/members")).json()
        assert {m["id"]: m["dancerName"] for m in members} == {storm: "Bboy Storm", rain: "Bgirl Rain", 424242: None}
        assert len(sent) == 1 and sent[0].url.path == "/internal/profiles"
        assert sorted(int(i) for i in sent[0].url.params["ids"].split(",")) == sorted([storm, rain, 424242])
        async with orgs_app.state.sessionmaker() as session:
            kept = (await session.scalars(select(Profile.id).order_by(Profile.id))).all()
        assert kept == sorted([storm, rain])
        # Known now: the next page is served from the projection (identity's later changes come as events).
        await identity.rename(storm, "Renamed")
        again = (await orgs.get(f"/api/orgs/{org.id}/members")).json()
        assert {m["id"]: m["dancerName"] for m in again}[storm] == "Bboy Storm"
        assert len(sent) == 2  # only the id identity does not know is asked again

    async def test_unknown_members_of_the_leaderboard_are_named_by_identity_and_kept(
        self, orgs: httpx.AsyncClient, orgs_app: FastAPI, identity: Identity
    ) -> None:
        """The leaderboard reads on kit.rows; names the projection lacks still come from identity, once."""
        storm = await identity.signup("storm@example.com", "Bboy Storm")
        async with orgs_app.state.sessionmaker() as session:
            org = await create_org(session, members=[storm, 424242])
        sent = identity_requests(orgs_app)
        board = (await orgs.get(f"/api/orgs/{org.id}/leaderboard")).json()
        assert board == [
            {"id": storm, "dancerName": "Bboy Storm", "avatar": f"avatar-{storm}"},
            {"id": 424242, "dancerName": None, "avatar": None},
        ]
        assert len(sent) == 1
        async with orgs_app.state.sessionmaker() as session:
            assert (await session.scalars(select(Profile.id))).all() == [storm]

    async def test_admins_of_the_organization_page_come_from_identity(
        self, orgs: httpx.AsyncClient, orgs_app: FastAPI, identity: Identity
    ) -> None:
        storm = await identity.signup("storm@example.com", "Bboy Storm")
        known = 500  # an id identity has not handed out in this test
        async with orgs_app.state.sessionmaker() as session:
            await create_profiles(session, (known, "Known Admin"))
            org = await create_org(session, admins=[known, storm])
        body = (await orgs.get(f"/api/orgs/{org.id}")).json()
        assert {a["id"]: a["dancerName"] for a in body["admins"]} == {known: "Known Admin", storm: "Bboy Storm"}

    async def test_a_role_or_membership_for_a_user_identity_does_not_know_is_404(
        self, orgs: httpx.AsyncClient, orgs_app: FastAPI, identity: Identity
    ) -> None:
        await identity.signup("first@example.com", "First")  # profile 1 is ADMIN, the caller
        storm = await identity.signup("storm@example.com", "Bboy Storm")
        async with orgs_app.state.sessionmaker() as session:
            org = await create_org(session)
        unknown = await orgs.post(
            f"/api/orgs/{org.id}/role", json={"userId": 999999, "role": "promoter"}, headers=headers(ADMIN)
        )
        assert unknown.status_code == 404 and unknown.json()["error"]["message"] == "User not found"
        assert (await orgs.post(f"/api/orgs/{org.id}/members/999999", headers=headers(ADMIN))).status_code == 404
        known = await orgs.post(
            f"/api/orgs/{org.id}/role", json={"userId": storm, "role": "promoter"}, headers=headers(ADMIN)
        )
        assert known.status_code == 200
        assert known.json()["promoters"] == [{"id": storm, "dancerName": "Bboy Storm", "avatar": f"avatar-{storm}"}]

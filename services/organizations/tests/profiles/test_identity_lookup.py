"""A profile the projection has never seen is read from the real identity service, served on a port: one
batched request per page, kept in the projection afterwards."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from fastapi import FastAPI
from orgs.factories import ADMIN, create_org, create_profiles, headers
from sqlalchemy import select

from kit.testing.plugin import AppClient
from kit.testing.served import ServedIdentity, served_identity
from organizations.models import Profile


@pytest.fixture
async def identity(pg_server_url: str, nats_url: str, clean_state: None) -> AsyncIterator[ServedIdentity]:
    async with served_identity(pg_server_url, nats_url) as served:
        yield served


@pytest.fixture
async def orgs(app_with: AppClient, identity: ServedIdentity) -> AsyncIterator[httpx.AsyncClient]:
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
        self, orgs: httpx.AsyncClient, orgs_app: FastAPI, identity: ServedIdentity
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
        self, orgs: httpx.AsyncClient, orgs_app: FastAPI, identity: ServedIdentity
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
        self, orgs: httpx.AsyncClient, orgs_app: FastAPI, identity: ServedIdentity
    ) -> None:
        storm = await identity.signup("storm@example.com", "Bboy Storm")
        known = 500  # an id identity has not handed out in this test
        async with orgs_app.state.sessionmaker() as session:
            await create_profiles(session, (known, "Known Admin"))
            org = await create_org(session, admins=[known, storm])
        body = (await orgs.get(f"/api/orgs/{org.id}")).json()
        assert {a["id"]: a["dancerName"] for a in body["admins"]} == {known: "Known Admin", storm: "Bboy Storm"}

    async def test_a_role_or_membership_for_a_user_identity_does_not_know_is_404(
        self, orgs: httpx.AsyncClient, orgs_app: FastAPI, identity: ServedIdentity
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

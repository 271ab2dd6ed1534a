from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from factories import PASSWORD, add_profile, create_account, headers_for
from jose import jwt
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from identity.models import Account, Organization, OrgMembership, Profile
from kit.testing import as_user, collect_events

VALID = {
    "fullName": "Ana  Ruiz",
    "dancerName": "Bgirl Ana",
    "birthday": "10/18/1993",
    "country": "united states",
    "city": "Queens",
    "state": "NY",
}


def user_body(**changes: Any) -> dict[str, Any]:
    return VALID | changes


async def signup(client: httpx.AsyncClient, email: str = "owner@example.com") -> tuple[dict[str, Any], str, str]:
    """A real account: (user, access token, refresh cookie)."""
    response = await client.post("/api/auth/signup", json={"email": email, "password": PASSWORD})
    assert response.status_code == 201, response.text
    body = response.json()
    return body["user"], body["accessToken"], response.cookies["cypher_refresh"]


async def refreshed_claims(client: httpx.AsyncClient, cookie: str) -> tuple[dict[str, Any], str]:
    client.cookies.clear()
    client.cookies.set("cypher_refresh", cookie)
    response = await client.post("/api/auth/refresh")
    assert response.status_code == 200, response.text
    client.cookies.clear()
    return jwt.get_unverified_claims(response.json()["accessToken"]), response.cookies["cypher_refresh"]


def principal_of(claims: dict[str, Any], acting: int | None = None) -> dict[str, str]:
    """What the gateway forwards for a verified access token."""
    pids = tuple(claims["pids"])
    return as_user(int(claims["sub"]), acting or claims["mpid"], profile_ids=pids, admin=claims["adm"])


class TestPublicView:
    async def test_a_stranger_sees_no_email_and_no_private_stats(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        owner, profile = await create_account(
            session, "owner@example.com", events_attended=7, battles_won=2, privacy={"battlesWon": False}
        )
        stranger, stranger_profile = await create_account(session, "stranger@example.com")
        response = await client.get(f"/api/user/{profile.id}", headers=headers_for(stranger, stranger_profile))
        assert response.status_code == 200
        user = response.json()
        assert "aEmail" not in user and "battlesWon" not in user
        assert user["eventsAttended"] == 7 and user["canEdit"] is False and user["profiles"] == []
        assert user["birthday"] == "04/12/1995" and user["privacy"]["battlesWon"] is False

    async def test_a_guest_sees_the_same_public_view(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, profile = await create_account(session, privacy={"eventsAttended": False})
        user = (await client.get(f"/api/user/{profile.id}")).json()
        assert "aEmail" not in user and "eventsAttended" not in user and user["canEdit"] is False

    async def test_the_owner_sees_everything(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        account, profile = await create_account(session, "owner@example.com", privacy={"battlesWon": False})
        other = await add_profile(session, account, dancer_name="Alter Ego")
        user = (await client.get(f"/api/user/{profile.id}", headers=headers_for(account, profile, other))).json()
        assert user["aEmail"] == "owner@example.com" and user["battlesWon"] == 0 and user["canEdit"] is True
        assert [(p["id"], p["isMain"]) for p in user["profiles"]] == [(profile.id, True), (other.id, False)]

    async def test_only_the_owner_learns_how_the_account_signs_in(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        with_password, profile = await create_account(session, "owner@example.com")
        passwordless, link_profile = await create_account(session, "link@example.com", password=None)
        mine = (await client.get("/api/user", headers=headers_for(with_password, profile))).json()
        theirs = (await client.get("/api/user", headers=headers_for(passwordless, link_profile))).json()
        assert mine["hasPassword"] is True and theirs["hasPassword"] is False
        public = (await client.get(f"/api/user/{profile.id}", headers=headers_for(passwordless, link_profile))).json()
        assert "hasPassword" not in public

    async def test_one_statement_with_the_organizations_by_name_and_the_owners_profiles(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Any
    ) -> None:
        account, profile = await create_account(session, "owner@example.com")
        other = await add_profile(session, account, dancer_name="Alter Ego")
        now = datetime.now(UTC)
        session.add_all(
            [
                Organization(id=1, name="b crew", image=None, changed_at=now),
                Organization(id=2, name="A crew", image="img-a", changed_at=now),
                Organization(id=3, name="Left", image=None, changed_at=now),
                OrgMembership(org_id=1, profile_id=profile.id, role="member", active=True, changed_at=now),
                OrgMembership(org_id=2, profile_id=profile.id, role="member", active=True, changed_at=now),
                OrgMembership(org_id=2, profile_id=profile.id, role="admin", active=True, changed_at=now),
                OrgMembership(org_id=3, profile_id=profile.id, role="member", active=False, changed_at=now),
            ]
        )
        await session.commit()
        with count_queries() as statements:
            mine = (await client.get(f"/api/user/{profile.id}", headers=headers_for(account, profile, other))).json()
            public = (await client.get(f"/api/user/{profile.id}")).json()
        assert len(statements) == 2  # one each
        crews = [{"id": 2, "name": "A crew", "image": "img-a"}, {"id": 1, "name": "b crew", "image": None}]
        assert mine["organizations"] == public["organizations"] == crews
        assert [p["dancerName"] for p in mine["profiles"]] == [profile.dancer_name, "Alter Ego"]
        assert public["profiles"] == [] and "aEmail" not in public
        # A save answers through the same statement on its own session: the same view, with the save in it.
        saved = await client.post("/api/user", json=user_body(), headers=headers_for(account, profile, other))
        assert saved.status_code == 200, saved.text
        assert saved.json()["organizations"] == crews
        assert [p["dancerName"] for p in saved.json()["profiles"]] == ["Bgirl Ana", "Alter Ego"]

    async def test_missing_profile_is_404(self, client: httpx.AsyncClient) -> None:
        response = await client.get("/api/user/999")
        assert response.status_code == 404 and response.json()["error"]["message"] == "User not found"


class TestCurrentUser:
    async def test_is_the_acting_profile(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        account, main = await create_account(session)
        other = await add_profile(session, account, dancer_name="Second")
        response = await client.get("/api/user", headers=headers_for(account, other, main))
        assert response.json()["id"] == other.id and response.json()["aEmail"] == account.email

    async def test_guest_is_401(self, client: httpx.AsyncClient) -> None:
        assert (await client.get("/api/user")).status_code == 401

    async def test_a_profile_no_longer_on_the_account_is_403(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        """A token issued before a release still lists the released profile; the database decides."""
        account, _ = await create_account(session, "a@example.com")
        _, elsewhere = await create_account(session, "b@example.com")
        response = await client.get("/api/user", headers=as_user(account.id, elsewhere.id))
        assert response.status_code == 403


class TestSaveUser:
    async def test_saves_the_acting_profile_and_answers_it(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str, image_id: str
    ) -> None:
        account, profile = await create_account(session, dancer_name=None)
        body = user_body(
            id=profile.id,
            avatar=image_id,
            card=image_id,
            socials={"facebook": "@ana", "youtube": "UCana", "website": "ana.dance", "email": "ana@x.io"},
            privacy={"eventsAttended": False},
            isPatron=True,  # read-only: ignored
            eventsAttended=999,
        )
        response = await client.post("/api/user", json=body, headers=headers_for(account, profile))
        assert response.status_code == 200, response.text
        user = response.json()
        assert user["dancerName"] == "Bgirl Ana" and user["fullName"] == "Ana Ruiz"
        assert user["country"] == "United States" and user["state"] == "NY" and user["birthday"] == "10/18/1993"
        assert user["card"] == image_id and user["avatar"] == image_id and user["isPatron"] is False
        assert user["eventsAttended"] == 0 and user["privacy"]["eventsAttended"] is False
        assert user["socials"] == {
            "email": "ana@x.io",
            "facebook": "https://facebook.com/ana",
            "instagram": "",
            "twitter": "",
            "youtube": "https://youtube.com/channel/UCana",
            "website": "https://ana.dance",
        }
        again = (await client.get(f"/api/user/{profile.id}", headers=headers_for(account, profile))).json()
        assert again == user
        updated = await collect_events(nats_url, "identity.profile.updated", count=1)
        assert updated[0].data == {
            "id": profile.id,
            "accountId": account.id,
            "dancerName": "Bgirl Ana",
            "avatar": image_id,
            "country": "United States",
            "city": "Queens",
            "state": "NY",
        }

    async def test_state_is_cleared_outside_australia_canada_and_the_us(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        account, profile = await create_account(session)
        body = user_body(country="France", city="Paris", state="IDF")
        user = (await client.post("/api/user", json=body, headers=headers_for(account, profile))).json()
        assert user["country"] == "France" and user["state"] is None

    async def test_socials_and_privacy_stay_when_absent(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        account, profile = await create_account(
            session, socials={"instagram": "https://instagram.com/x"}, privacy={"battlesWon": False}
        )
        user = (await client.post("/api/user", json=user_body(), headers=headers_for(account, profile))).json()
        assert user["socials"]["instagram"] == "https://instagram.com/x" and user["privacy"]["battlesWon"] is False

    async def test_a_link_on_the_site_is_saved_on_its_host(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        account, profile = await create_account(session)
        socials = {
            "facebook": "https://www.facebook.com/ana/",
            "instagram": "http://instagram.com/bgirl.ana",
            "twitter": "https://x.com/ana",
            "youtube": "@ana",
            "website": "http://ana.dance/about",
            "email": " ana@x.io ",
        }
        body = user_body(socials=socials)
        user = (await client.post("/api/user", json=body, headers=headers_for(account, profile))).json()
        assert user["socials"] == {
            "email": "ana@x.io",
            "facebook": "https://facebook.com/ana",
            "instagram": "https://instagram.com/bgirl.ana",
            "twitter": "https://twitter.com/ana",
            "youtube": "https://youtube.com/@ana",
            "website": "http://ana.dance/about",
        }

    @pytest.mark.parametrize(
        ("socials", "field", "message"),
        [
            (
                {"instagram": "https://evil.example/x"},
                "socials.instagram",
                "Enter an Instagram name or an instagram.com link",
            ),
            ({"facebook": "floor lords"}, "socials.facebook", "Enter a Facebook name or a facebook.com link"),
            ({"website": "javascript:alert(1)"}, "socials.website", "Enter a website address"),
        ],
    )
    async def test_a_social_link_that_is_not_one_is_refused(
        self, client: httpx.AsyncClient, session: AsyncSession, socials: dict[str, str], field: str, message: str
    ) -> None:
        account, profile = await create_account(session, socials={"instagram": "https://instagram.com/x"})
        body = user_body(socials=socials)
        response = await client.post("/api/user", json=body, headers=headers_for(account, profile))
        assert response.status_code == 400
        assert response.json()["error"] == {"code": "invalid", "message": message, "field": field}
        saved = (await client.get(f"/api/user/{profile.id}", headers=headers_for(account, profile))).json()
        assert saved["socials"]["instagram"] == "https://instagram.com/x"

    @pytest.mark.parametrize(
        ("changes", "field", "message"),
        [
            ({"dancerName": "  "}, "dancerName", "Dancer name is required"),
            ({"dancerName": None, "fullName": ""}, "dancerName", "Dancer name is required"),
            ({"fullName": ""}, "fullName", "Full name is required"),
            ({"birthday": "1993-10-18"}, "birthday", "Date format mm/dd/yyyy"),
            ({"birthday": "13/18/1993"}, "birthday", "Date format mm/dd/yyyy"),
            ({"birthday": None}, "birthday", "Date format mm/dd/yyyy"),
            ({"birthday": "01/01/1900"}, "birthday", "Please enter a correct date"),
            ({"birthday": "02/30/1999"}, "birthday", "Please enter a correct date"),
            ({"country": ""}, "country", "Country is required"),
            ({"country": "Atlantis"}, "country", "Please choose a country from the list"),
            ({"city": " "}, "city", "City is required"),
            ({"country": "Canada", "state": ""}, "state", "State is required"),
            ({"country": "Australia", "state": None}, "state", "State is required"),
        ],
    )
    async def test_server_side_rules(
        self, client: httpx.AsyncClient, session: AsyncSession, changes: dict[str, Any], field: str, message: str
    ) -> None:
        account, profile = await create_account(session)
        response = await client.post("/api/user", json=user_body(**changes), headers=headers_for(account, profile))
        assert response.status_code == 400
        assert response.json()["error"] == {"code": "invalid", "message": message, "field": field}

    async def test_the_current_year_is_not_a_birthday(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        from datetime import UTC, datetime

        account, profile = await create_account(session)
        body = user_body(birthday=f"01/01/{datetime.now(UTC).year}")
        response = await client.post("/api/user", json=body, headers=headers_for(account, profile))
        assert response.json()["error"]["message"] == "Please enter a correct date"

    async def test_a_stranger_cannot_save_another_profile(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        _, victim = await create_account(session, "victim@example.com", dancer_name="Victim")
        stranger, own = await create_account(session, "stranger@example.com")
        response = await client.post("/api/user", json=user_body(id=victim.id), headers=headers_for(stranger, own))
        assert response.status_code == 403
        # Even with a forged acting profile, the database says whose it is.
        forged = await client.post("/api/user", json=user_body(), headers=as_user(stranger.id, victim.id))
        assert forged.status_code == 403
        await session.refresh(victim)
        assert victim.dancer_name == "Victim"

    async def test_only_the_acting_profile_is_saved(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        account, main = await create_account(session, dancer_name="Main")
        other = await add_profile(session, account, dancer_name="Other")
        response = await client.post("/api/user", json=user_body(id=main.id), headers=headers_for(account, other, main))
        assert response.status_code == 403
        saved = await client.post("/api/user", json=user_body(), headers=headers_for(account, other, main))
        assert saved.json()["id"] == other.id
        await session.refresh(main)
        assert main.dancer_name == "Main"

    async def test_guest_is_401(self, client: httpx.AsyncClient) -> None:
        assert (await client.post("/api/user", json=user_body())).status_code == 401


class TestAddProfile:
    async def test_creates_another_profile_and_the_next_refresh_carries_it(
        self, client: httpx.AsyncClient, nats_url: str
    ) -> None:
        user, _, cookie = await signup(client)
        claims, cookie = await refreshed_claims(client, cookie)
        response = await client.post("/api/user/profiles", json=VALID, headers=principal_of(claims))
        assert response.status_code == 200, response.text
        created = response.json()
        assert created["tokenRefresh"] is True and created["id"] != user["id"]
        assert created["dancerName"] == "Bgirl Ana" and created["canEdit"] is True
        assert [(p["id"], p["isMain"]) for p in created["profiles"]] == [(user["id"], True), (created["id"], False)]
        claims, _ = await refreshed_claims(client, cookie)
        assert claims["pids"] == [user["id"], created["id"]] and claims["mpid"] == user["id"]
        events = await collect_events(nats_url, "identity.profile.created", count=2)
        assert events[-1].data["id"] == created["id"] and events[-1].data["dancerName"] == "Bgirl Ana"

    async def test_follows_the_onboarding_rules(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        account, profile = await create_account(session)
        response = await client.post(
            "/api/user/profiles", json=user_body(dancerName=""), headers=headers_for(account, profile)
        )
        assert response.status_code == 400 and response.json()["error"]["message"] == "Dancer name is required"

    async def test_guest_is_401(self, client: httpx.AsyncClient) -> None:
        assert (await client.post("/api/user/profiles", json=VALID)).status_code == 401


class TestUpdateProfile:
    async def test_saves_one_of_the_accounts_profiles_by_id(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        account, main = await create_account(session)
        other = await add_profile(session, account, dancer_name="Old")
        response = await client.put(
            "/api/user/profiles", json=user_body(id=other.id, dancerName="New"), headers=headers_for(account, main)
        )
        assert response.status_code == 200 and response.json()["id"] == other.id
        assert response.json()["dancerName"] == "New"

    async def test_a_stranger_gets_403_and_a_missing_id_404(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        _, victim = await create_account(session, "victim@example.com")
        stranger, own = await create_account(session, "stranger@example.com")
        forbidden = await client.put(
            "/api/user/profiles", json=user_body(id=victim.id), headers=headers_for(stranger, own)
        )
        assert forbidden.status_code == 403
        missing = await client.put("/api/user/profiles", json=user_body(id=9999), headers=headers_for(stranger, own))
        assert missing.status_code == 404

    async def test_guest_is_401(self, client: httpx.AsyncClient) -> None:
        assert (await client.put("/api/user/profiles", json=user_body(id=1))).status_code == 401


class TestSetMain:
    async def test_moves_the_main_mark_and_the_next_refresh_carries_it(self, client: httpx.AsyncClient) -> None:
        user, _, cookie = await signup(client)
        claims, cookie = await refreshed_claims(client, cookie)
        second = (await client.post("/api/user/profiles", json=VALID, headers=principal_of(claims))).json()
        claims, cookie = await refreshed_claims(client, cookie)
        response = await client.put(f"/api/user/{second['id']}/set-main", headers=principal_of(claims))
        assert response.status_code == 200, response.text
        body = response.json()
        assert body["tokenRefresh"] is True and body["data"]["id"] == second["id"]
        assert {p["id"]: p["isMain"] for p in body["data"]["profiles"]} == {user["id"]: False, second["id"]: True}
        claims, _ = await refreshed_claims(client, cookie)
        assert claims["mpid"] == second["id"] and claims["pids"][0] == second["id"]

    async def test_a_stranger_cannot(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        victim_account, _ = await create_account(session, "victim@example.com")
        victim_other = await add_profile(session, victim_account)
        stranger, own = await create_account(session, "stranger@example.com")
        response = await client.put(f"/api/user/{victim_other.id}/set-main", headers=headers_for(stranger, own))
        assert response.status_code == 403
        await session.refresh(victim_other)
        assert victim_other.is_main is False

    async def test_guest_is_401(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, profile = await create_account(session)
        assert (await client.put(f"/api/user/{profile.id}/set-main")).status_code == 401


class TestRelease:
    async def test_the_profile_leaves_for_a_new_account(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        user, _, cookie = await signup(client)
        claims, cookie = await refreshed_claims(client, cookie)
        second = (await client.post("/api/user/profiles", json=VALID, headers=principal_of(claims))).json()
        claims, cookie = await refreshed_claims(client, cookie)
        response = await client.post(
            "/api/user/release",
            json={"id": second["id"], "email": " Ana@Example.com ", "password": "another secret"},
            headers=principal_of(claims),
        )
        assert response.status_code == 200, response.text
        assert response.json() == {"data": {"id": second["id"]}, "tokenRefresh": True}
        # The old account's next token no longer lists it; the new account signs in with it as main.
        claims, _ = await refreshed_claims(client, cookie)
        assert claims["pids"] == [user["id"]]
        login = await client.post("/api/auth/login", json={"email": "ana@example.com", "password": "another secret"})
        assert login.status_code == 200
        assert login.json()["user"]["id"] == second["id"] and login.json()["user"]["dancerName"] == "Bgirl Ana"
        assert [p["isMain"] for p in login.json()["user"]["profiles"]] == [True]
        released = await collect_events(nats_url, "identity.profile.released", count=1)
        new_account = await session.scalar(select(Account).where(Account.email == "ana@example.com"))
        assert new_account is not None and released[0].data["accountId"] == new_account.id

    async def test_a_main_profile_cannot_be_released(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        account, main = await create_account(session)
        response = await client.post(
            "/api/user/release",
            json={"id": main.id, "email": "new@example.com", "password": "a long password"},
            headers=headers_for(account, main),
        )
        assert response.status_code == 400
        assert response.json()["error"]["message"] == "The main profile cannot be released"

    async def test_the_email_must_be_free(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        account, main = await create_account(session, "one@example.com")
        other = await add_profile(session, account)
        await create_account(session, "taken@example.com")
        response = await client.post(
            "/api/user/release",
            json={"id": other.id, "email": "TAKEN@example.com", "password": "a long password"},
            headers=headers_for(account, main, other),
        )
        assert response.status_code == 409
        assert response.json()["error"]["message"] == "The email address is already in use by another account."
        await session.refresh(other)
        assert other.account_id == account.id

    @pytest.mark.parametrize(
        ("email", "password", "message"),
        [
            ("", "a long password", "All fields are required"),
            ("new@example.com", "", "All fields are required"),
            ("not an email", "a long password", "Invalid e-mail"),
            ("new@example.com", "short", "Password must be at least 8 characters"),
        ],
    )
    async def test_email_and_password_rules(
        self, client: httpx.AsyncClient, session: AsyncSession, email: str, password: str, message: str
    ) -> None:
        account, main = await create_account(session)
        other = await add_profile(session, account)
        response = await client.post(
            "/api/user/release",
            json={"id": other.id, "email": email, "password": password},
            headers=headers_for(account, main, other),
        )
        assert response.status_code == 400 and response.json()["error"]["message"] == message

    async def test_a_stranger_cannot_release(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        victim, _ = await create_account(session, "victim@example.com")
        victim_other = await add_profile(session, victim)
        stranger, own = await create_account(session, "stranger@example.com")
        response = await client.post(
            "/api/user/release",
            json={"id": victim_other.id, "email": "thief@example.com", "password": "a long password"},
            headers=headers_for(stranger, own),
        )
        assert response.status_code == 403
        assert await session.scalar(select(Account).where(Account.email == "thief@example.com")) is None

    async def test_guest_is_401(self, client: httpx.AsyncClient) -> None:
        response = await client.post("/api/user/release", json={"id": 1, "email": "a@b.co", "password": "x" * 10})
        assert response.status_code == 401


class TestPatron:
    async def test_a_platform_admin_sets_the_flag(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        admin, admin_profile = await create_account(session, "admin@example.com", admin=True)
        _, dancer = await create_account(session, "dancer@example.com")
        response = await client.put(
            f"/api/admin/users/{dancer.id}/patron",
            json={"isPatron": True},
            headers=headers_for(admin, admin_profile, admin=True),
        )
        assert response.status_code == 200 and response.json()["data"]["isPatron"] is True
        assert (await client.get(f"/api/user/{dancer.id}")).json()["isPatron"] is True

    async def test_anyone_else_is_403_and_a_guest_401(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        user, profile = await create_account(session, "user@example.com")
        path = f"/api/admin/users/{profile.id}/patron"
        assert (await client.put(path, json={"isPatron": True}, headers=headers_for(user, profile))).status_code == 403
        # A token still claiming an admin flag the database no longer has.
        stale = headers_for(user, profile, admin=True)
        assert (await client.put(path, json={"isPatron": True}, headers=stale)).status_code == 403
        assert (await client.put(path, json={"isPatron": True})).status_code == 401
        await session.refresh(profile)
        assert profile.is_patron is False


class TestInternalLookup:
    async def test_answers_the_profiles_that_exist(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, one = await create_account(session, "one@example.com", dancer_name="One", avatar="a1")
        _, two = await create_account(session, "two@example.com", dancer_name="Two", country="France", state=None)
        response = await client.get(f"/internal/profiles?ids={two.id},{one.id},999,x")
        assert response.status_code == 200
        assert response.json() == [
            {
                "id": one.id,
                "dancerName": "One",
                "avatar": "a1",
                "country": "United States",
                "city": "Brooklyn",
                "state": "NY",
            },
            {"id": two.id, "dancerName": "Two", "avatar": None, "country": "France", "city": "Brooklyn", "state": None},
        ]

    async def test_no_ids_no_profiles_and_a_cap(self, client: httpx.AsyncClient) -> None:
        assert (await client.get("/internal/profiles")).json() == []
        too_many = ",".join(str(i) for i in range(1, 202))
        assert (await client.get(f"/internal/profiles?ids={too_many}")).status_code == 400


async def _profile_count(session: AsyncSession) -> int:
    return len((await session.scalars(select(Profile))).all())

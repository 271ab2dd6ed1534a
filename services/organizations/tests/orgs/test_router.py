from __future__ import annotations

from datetime import date
from typing import Any

import httpx
import pytest
from org_events.factories import create_events
from orgs.factories import ADMIN, PLATFORM_ADMIN, PROMOTER, STRANGER, create_org, create_profiles, headers
from sqlalchemy.ext.asyncio import AsyncSession

from kit.db import utcnow
from kit.testing import collect_events
from organizations.models import BattleResult, LeaderboardAward

WHOLE = {
    "name": "Floor Lords",
    "description": "<p>Since <b>1999</b></p>",
    "founded": "05/17/1999",
    "rankingDisabled": False,
    "socials": {"facebook": "floorlords", "instagram": "@floorlords", "twitter": "", "youtube": "", "website": ""},
    "agreement": {"title": "", "subtitle": "", "version": "", "text": "<p></p>"},
    "waiver": {"title": "Waiver", "subtitle": "Read me", "version": "1", "text": "<p>I agree</p>"},
}


class TestCreate:
    async def test_creates_an_empty_draft_with_the_caller_as_admin(self, client: httpx.AsyncClient) -> None:
        response = await client.post("/api/orgs", headers=headers(ADMIN))
        assert response.status_code == 201
        org_id = response.json()["id"]
        org = (await client.get(f"/api/orgs/{org_id}", headers=headers(ADMIN))).json()
        assert org["status"] == "draft" and org["name"] == "" and org["canEdit"] is True
        assert [a["id"] for a in org["admins"]] == [ADMIN] and org["promoters"] == []
        assert org["rankingDisabled"] is True  # absent means disabled: a new organization starts so
        assert org["agreement"] == {} and org["waiver"] == {}
        assert org["totalMembers"] == 0 and org["totalEvents"] == 0 and org["totalPoints"] == 0

    async def test_publishes_created_and_the_admin_role(self, client: httpx.AsyncClient, nats_url: str) -> None:
        org_id = (await client.post("/api/orgs", headers=headers(ADMIN))).json()["id"]
        events = {e.type: e for e in await collect_events(nats_url, "orgs.>", count=2)}
        created, role = events["orgs.org.created"], events["orgs.role.added"]
        assert created.data == {"id": org_id, "name": "", "image": None, "status": "draft"}
        assert created.topics == [f"org:{org_id}"]
        assert role.data == {"orgId": org_id, "userId": ADMIN, "role": "admin", "orgName": "", "orgImage": None}
        assert role.topics == [f"org:{org_id}", f"user:{ADMIN}"]


class TestView:
    async def test_a_published_organization_is_public(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session, promoters=[PROMOTER], members=[10, 11])
        await create_profiles(session, (ADMIN, "Bboy Admin"), (PROMOTER, "Bgirl Promo"))
        body = (await client.get(f"/api/orgs/{org.id}")).json()
        assert body["name"] == "Floor Lords" and body["status"] == "published"
        assert body["admins"] == [{"id": ADMIN, "dancerName": "Bboy Admin", "avatar": f"avatar-{ADMIN}"}]
        assert body["promoters"] == [{"id": PROMOTER, "dancerName": "Bgirl Promo", "avatar": f"avatar-{PROMOTER}"}]
        assert body["totalMembers"] == 2 and body["canEdit"] is False and body["canCreateEvents"] is False
        assert body["createdAt"].endswith("Z") or "+00:00" in body["createdAt"]

    async def test_can_edit_for_admins_and_platform_admins_only(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session, promoters=[PROMOTER])
        flags = {}
        for who, hdrs in {
            "admin": headers(ADMIN),
            "promoter": headers(PROMOTER),
            "stranger": headers(STRANGER),
            "platform": headers(PLATFORM_ADMIN, admin=True),
            "guest": {},
        }.items():
            body = (await client.get(f"/api/orgs/{org.id}", headers=hdrs)).json()
            flags[who] = (body["canEdit"], body["canCreateEvents"])
        assert flags == {
            "admin": (True, True),
            "promoter": (False, True),
            "stranger": (False, False),
            "platform": (True, True),
            "guest": (False, False),
        }

    async def test_a_draft_is_found_only_by_its_editors(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session, status="draft", promoters=[PROMOTER])
        for hdrs in ({}, headers(STRANGER), headers(PROMOTER)):
            for path in ("", "/members", "/leaderboard"):
                response = await client.get(f"/api/orgs/{org.id}{path}", headers=hdrs)
                assert response.status_code == 404, (hdrs, path)
                assert response.json()["error"]["message"] == "Organization not found"
            assert (await client.get(f"/api/media?o={org.id}", headers=hdrs)).status_code == 404
        assert (await client.get(f"/api/orgs/{org.id}", headers=headers(ADMIN))).status_code == 200
        assert (await client.get(f"/api/orgs/{org.id}", headers=headers(PLATFORM_ADMIN, admin=True))).status_code == 200

    async def test_unknown_organization_is_404(self, client: httpx.AsyncClient) -> None:
        response = await client.get("/api/orgs/999")
        assert response.status_code == 404

    async def test_total_points_count_the_members_points(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session, members=[10, 11])
        session.add(BattleResult(battle_id=1, organization_id=org.id, start_date=date(2026, 1, 1), set_at=utcnow()))
        await session.flush()
        for user_id, points in ((10, 100), (11, 50), (12, 75)):  # 12 is not a member
            session.add(
                LeaderboardAward(
                    battle_id=1, user_id=user_id, organization_id=org.id, year=2026, place="Top 4", points=points
                )
            )
        await session.commit()
        body = (await client.get(f"/api/orgs/{org.id}")).json()
        assert body["totalPoints"] == 150 and body["totalMembers"] == 2


class TestSave:
    async def test_saves_the_whole_organization(
        self, client: httpx.AsyncClient, session: AsyncSession, image_id: str
    ) -> None:
        org = await create_org(session, status="draft", name="")
        response = await client.post(f"/api/orgs/{org.id}", json=WHOLE | {"image": image_id}, headers=headers(ADMIN))
        assert response.status_code == 200, response.text
        body = response.json()
        assert body["name"] == "Floor Lords" and body["image"] == image_id
        assert body["description"] == "<p>Since <b>1999</b></p>"
        assert body["founded"] == "05/17/1999" and body["rankingDisabled"] is False
        assert body["socials"] == {
            "facebook": "https://facebook.com/floorlords",
            "instagram": "https://instagram.com/floorlords",
            "twitter": "",
            "youtube": "",
            "website": "",
        }
        assert body["agreement"] == {}  # only empty markup: saved empty
        assert body["waiver"] == {"title": "Waiver", "subtitle": "Read me", "version": "1", "text": "<p>I agree</p>"}
        assert body["status"] == "draft"
        again = (await client.get(f"/api/orgs/{org.id}", headers=headers(ADMIN))).json()
        assert again == body

    async def test_name_is_required(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        for name in ("", "   ", None):
            response = await client.post(f"/api/orgs/{org.id}", json=WHOLE | {"name": name}, headers=headers(ADMIN))
            assert response.status_code == 400
            assert response.json()["error"] == {"code": "invalid", "message": "Name is required", "field": "name"}
        missing = {k: v for k, v in WHOLE.items() if k != "name"}
        assert (await client.post(f"/api/orgs/{org.id}", json=missing, headers=headers(ADMIN))).status_code == 400

    @pytest.mark.parametrize(
        ("founded", "message"),
        [
            ("1999-05-17", "Date format mm/dd/yyyy"),
            ("13/01/2000", "Date format mm/dd/yyyy"),
            ("02/30/2020", "Please enter a correct date"),  # the right shape, but no such day
            ("01/01/1899", "Date format mm/dd/yyyy"),
            ("01/01/2099", "Please enter a correct date"),
        ],
    )
    async def test_founded_must_be_a_past_mm_dd_yyyy(
        self, client: httpx.AsyncClient, session: AsyncSession, founded: str, message: str
    ) -> None:
        org = await create_org(session)
        response = await client.post(f"/api/orgs/{org.id}", json=WHOLE | {"founded": founded}, headers=headers(ADMIN))
        assert response.status_code == 400
        assert response.json()["error"]["message"] == message and response.json()["error"]["field"] == "founded"

    async def test_founded_may_be_cleared(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        body = (await client.post(f"/api/orgs/{org.id}", json=WHOLE | {"founded": ""}, headers=headers(ADMIN))).json()
        assert body["founded"] is None

    async def test_description_is_sanitised(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        dirty = (
            '<p onclick="steal()">Hi<script>alert(1)</script></p><img src=x onerror="alert(2)">'
            '<a href="javascript:alert(3)">x</a><a href="https://ok.example">ok</a>'
        )
        body = (
            await client.post(f"/api/orgs/{org.id}", json=WHOLE | {"description": dirty}, headers=headers(ADMIN))
        ).json()
        description = body["description"]
        for bad in ("script", "alert", "onerror", "onclick", "<img", "javascript"):
            assert bad not in description
        assert description.startswith("<p>Hi</p>")
        assert '<a href="https://ok.example" rel="noopener noreferrer nofollow">ok</a>' in description

    async def test_agreement_text_is_sanitised_and_blank_documents_saved_empty(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session)
        payload = WHOLE | {
            "agreement": {"title": "Rules", "text": "<p>Be kind<script>x()</script></p>"},
            "waiver": {"title": "  ", "subtitle": "", "version": None, "text": "<p><br></p>"},
        }
        body = (await client.post(f"/api/orgs/{org.id}", json=payload, headers=headers(ADMIN))).json()
        assert body["agreement"] == {"title": "Rules", "subtitle": "", "version": "", "text": "<p>Be kind</p>"}
        assert body["waiver"] == {}

    async def test_fields_left_out_keep_their_value(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        await client.post(f"/api/orgs/{org.id}", json=WHOLE, headers=headers(ADMIN))
        body = (await client.post(f"/api/orgs/{org.id}", json={"name": "Renamed"}, headers=headers(ADMIN))).json()
        assert body["name"] == "Renamed" and body["founded"] == "05/17/1999"
        assert body["socials"]["facebook"] == "https://facebook.com/floorlords"
        assert body["rankingDisabled"] is False

    async def test_ranking_disabled_null_means_disabled(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        body = (
            await client.post(f"/api/orgs/{org.id}", json=WHOLE | {"rankingDisabled": None}, headers=headers(ADMIN))
        ).json()
        assert body["rankingDisabled"] is True

    async def test_a_social_link_to_another_site_is_refused(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session)
        payload = WHOLE | {"socials": {"instagram": "https://evil.example/floorlords"}}
        response = await client.post(f"/api/orgs/{org.id}", json=payload, headers=headers(ADMIN))
        assert response.status_code == 400
        assert response.json()["error"] == {
            "code": "invalid",
            "message": "Enter an Instagram name or an instagram.com link",
            "field": "socials.instagram",
        }

    async def test_platform_admin_may_save(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        response = await client.post(f"/api/orgs/{org.id}", json=WHOLE, headers=headers(PLATFORM_ADMIN, admin=True))
        assert response.status_code == 200

    async def test_publishes_updated_with_agreement_and_waiver(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str, image_id: str
    ) -> None:
        org = await create_org(session)
        await client.post(f"/api/orgs/{org.id}", json=WHOLE | {"image": image_id}, headers=headers(ADMIN))
        (updated,) = await collect_events(nats_url, "orgs.org.updated", count=1)
        assert updated.topics == [f"org:{org.id}"]
        assert updated.data == {
            "id": org.id,
            "name": "Floor Lords",
            "image": image_id,
            "status": "published",
            "agreement": {},
            "waiver": {"title": "Waiver", "subtitle": "Read me", "version": "1", "text": "<p>I agree</p>"},
        }


class TestPublish:
    async def test_publish_turns_a_draft_published(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org = await create_org(session, status="draft", name="Floor Lords")
        response = await client.post(f"/api/orgs/{org.id}/publish", headers=headers(ADMIN))
        assert response.status_code == 200 and response.json()["status"] == "published"
        assert (await client.get(f"/api/orgs/{org.id}")).status_code == 200  # now public
        (published,) = await collect_events(nats_url, "orgs.org.published", count=1)
        assert published.data == {"id": org.id, "name": "Floor Lords", "image": None, "status": "published"}
        again = await client.post(f"/api/orgs/{org.id}/publish", headers=headers(ADMIN))
        assert again.status_code == 200
        assert len(await collect_events(nats_url, "orgs.org.published", count=2, timeout=1)) == 1

    async def test_a_nameless_draft_cannot_be_published(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session, status="draft", name="")
        response = await client.post(f"/api/orgs/{org.id}/publish", headers=headers(ADMIN))
        assert response.status_code == 400 and response.json()["error"]["message"] == "Name is required"

    async def test_saving_with_status_published_publishes(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session, status="draft", name="")
        body = (
            await client.post(f"/api/orgs/{org.id}", json=WHOLE | {"status": "published"}, headers=headers(ADMIN))
        ).json()
        assert body["status"] == "published"

    async def test_a_published_organization_stays_published(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session)
        response = await client.post(f"/api/orgs/{org.id}", json=WHOLE | {"status": "draft"}, headers=headers(ADMIN))
        assert response.status_code == 409
        assert response.json()["error"]["message"] == "A published organization cannot go back to draft"


class TestList:
    async def test_without_u_lists_published_organizations_by_name(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_org(session, name="zulu crew", members=[10, 11, 12])
        await create_org(session, name="Alpha Crew")
        await create_org(session, name="Hidden", status="draft")
        body = (await client.get("/api/orgs")).json()
        assert [(i["name"], i["membersCount"]) for i in body["items"]] == [("Alpha Crew", 0), ("zulu crew", 3)]
        assert set(body["items"][0]) == {"id", "name", "image", "membersCount", "status", "current", "future", "past"}
        assert body["totalCurrent"] == 0 and body["totalFuture"] == 0 and body["totalPast"] == 0

    async def test_u_lists_the_users_organizations_and_drafts_only_for_the_caller(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_org(session, name="Admin of", admins=[5])
        await create_org(session, name="Promoter of", admins=[ADMIN], promoters=[5])
        await create_org(session, name="Member of", admins=[ADMIN], members=[5])
        await create_org(session, name="Draft of", admins=[5], status="draft")
        await create_org(session, name="Not mine", admins=[ADMIN])
        own = (await client.get("/api/orgs?u=5", headers=headers(5))).json()
        assert [i["name"] for i in own["items"]] == ["Admin of", "Draft of", "Member of", "Promoter of"]
        seen_by_other = (await client.get("/api/orgs?u=5", headers=headers(STRANGER))).json()
        assert [i["name"] for i in seen_by_other["items"]] == ["Admin of", "Member of", "Promoter of"]
        by_guest = (await client.get("/api/orgs?u=5")).json()
        assert len(by_guest["items"]) == 3

    async def test_u_0_is_everyones_published_organizations(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_org(session, name="Mine", admins=[5])
        await create_org(session, name="Theirs", admins=[ADMIN])
        await create_org(session, name="My draft", admins=[5], status="draft")
        response = await client.get("/api/orgs?u=0&pp=100", headers=headers(5))
        assert response.status_code == 200
        assert [i["name"] for i in response.json()["items"]] == ["Mine", "Theirs"]
        assert (await client.get("/api/orgs?u=-1")).status_code == 400

    async def test_k_is_a_case_insensitive_part_of_the_name(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_org(session, name="Rock Steady Crew")
        await create_org(session, name="Ready Rock")
        await create_org(session, name="100% Breaking")
        await create_org(session, name="Flow")
        assert [i["name"] for i in (await client.get("/api/orgs?k=ROCK")).json()["items"]] == [
            "Ready Rock",
            "Rock Steady Crew",
        ]
        assert [i["name"] for i in (await client.get("/api/orgs", params={"k": "0%"})).json()["items"]] == [
            "100% Breaking"
        ]
        assert (await client.get("/api/orgs", params={"k": "_"})).json()["items"] == []

    async def test_pages_and_totals_over_every_match(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        for n in range(5):
            org = await create_org(session, name=f"Crew {n}")
            await create_events(session, org.id, now=1, future=2, past=n)
        first = (await client.get("/api/orgs?p=0&pp=2")).json()
        last = (await client.get("/api/orgs?p=2&pp=2")).json()
        beyond = (await client.get("/api/orgs?p=9&pp=2")).json()
        assert [i["name"] for i in first["items"]] == ["Crew 0", "Crew 1"]
        assert [i["name"] for i in last["items"]] == ["Crew 4"]
        assert [i["past"] for i in last["items"]] == [4]
        for page in (first, last, beyond):
            assert (page["totalCurrent"], page["totalFuture"], page["totalPast"]) == (5, 10, 10)
        assert beyond["items"] == []

    async def test_pp_is_capped_at_100(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        for n in range(3):
            await create_org(session, name=f"Crew {n}")
        response = await client.get("/api/orgs?pp=1000")
        assert response.status_code == 200 and len(response.json()["items"]) == 3

    async def test_a_list_is_one_statement(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Any
    ) -> None:
        for n in range(30):
            await create_org(session, name=f"Crew {n:02}", admins=[5], members=[n + 100, n + 200])
        with count_queries() as statements:
            body = (await client.get("/api/orgs?u=5&k=crew", headers=headers(5))).json()
        assert len(body["items"]) == 30 and body["items"][0]["membersCount"] == 2
        assert len(statements) == 1, statements


WRITES = [
    ("POST", "/api/orgs/{id}", WHOLE),
    ("POST", "/api/orgs/{id}/publish", None),
    ("POST", "/api/orgs/{id}/role", {"userId": 7, "role": "promoter"}),
    ("DELETE", "/api/orgs/{id}/role", {"userId": ADMIN, "role": "admin"}),
    ("POST", "/api/orgs/{id}/members/7", None),
    ("DELETE", "/api/orgs/{id}/members/7", None),
    ("POST", "/api/media", {"link": "dQw4w9WgXcQ", "orgId": "{id}"}),
    ("DELETE", "/api/media/{media}", None),
]


class TestWhoMayWrite:
    """Every write: a guest 401, a signed-in stranger (or a promoter) 403, for a draft and a published one."""

    async def _arrange(self, session: AsyncSession, status: str) -> tuple[int, int]:
        from organizations.models import Media

        org = await create_org(session, status=status, promoters=[PROMOTER])
        media = Media(link="dQw4w9WgXcQ", name="", user_id=ADMIN, organization_id=org.id)
        session.add(media)
        await session.commit()
        return org.id, media.id

    @staticmethod
    def _request(method: str, path: str, body: object, org_id: int, media_id: int) -> dict[str, object]:
        import json

        url = path.replace("{id}", str(org_id)).replace("{media}", str(media_id))
        content = json.dumps(body).replace('"{id}"', str(org_id)) if body is not None else None
        return {"method": method, "url": url, "content": content, "headers": {"content-type": "application/json"}}

    @pytest.mark.parametrize(("method", "path", "body"), WRITES)
    @pytest.mark.parametrize("status", ["draft", "published"])
    async def test_guest_401_stranger_and_promoter_403(
        self, client: httpx.AsyncClient, session: AsyncSession, method: str, path: str, body: object, status: str
    ) -> None:
        org_id, media_id = await self._arrange(session, status)
        request = self._request(method, path, body, org_id, media_id)
        guest = await client.request(**request)  # type: ignore[arg-type]
        assert guest.status_code == 401, guest.text
        for who in (STRANGER, PROMOTER):
            request["headers"] = {"content-type": "application/json"} | headers(who)  # type: ignore[operator]
            response = await client.request(**request)  # type: ignore[arg-type]
            assert response.status_code == 403, (who, response.text)
            assert response.json()["error"]["code"] == "forbidden"

    async def test_creating_needs_sign_in(self, client: httpx.AsyncClient) -> None:
        assert (await client.post("/api/orgs")).status_code == 401

    @pytest.mark.parametrize(("method", "path", "body"), WRITES)
    async def test_the_admin_and_a_platform_admin_may(
        self, client: httpx.AsyncClient, session: AsyncSession, method: str, path: str, body: object
    ) -> None:
        for who in (headers(ADMIN), headers(PLATFORM_ADMIN, admin=True)):
            org_id, media_id = await self._arrange(session, "draft")
            if "role" in path and method == "DELETE":
                await client.post(
                    f"/api/orgs/{org_id}/role", json={"userId": 8, "role": "admin"}, headers=headers(ADMIN)
                )
            request = self._request(method, path, body, org_id, media_id)
            request["headers"] = {"content-type": "application/json"} | who  # type: ignore[operator]
            response = await client.request(**request)  # type: ignore[arg-type]
            assert response.status_code == 200, response.text


class TestInternalRoles:
    async def test_answers_a_users_roles_drafts_included(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session, status="draft", admins=[ADMIN], promoters=[ADMIN, PROMOTER])
        assert (await client.get(f"/internal/orgs/{org.id}/roles/{ADMIN}")).json() == {
            "orgId": org.id,
            "userId": ADMIN,
            "status": "draft",
            "roles": ["admin", "promoter"],
        }
        assert (await client.get(f"/internal/orgs/{org.id}/roles/{PROMOTER}")).json()["roles"] == ["promoter"]
        assert (await client.get(f"/internal/orgs/{org.id}/roles/{STRANGER}")).json()["roles"] == []
        assert (await client.get(f"/internal/orgs/999/roles/{ADMIN}")).status_code == 404

from __future__ import annotations

from typing import Any

import httpx
import pytest
from orgs.factories import ADMIN, PLATFORM_ADMIN, STRANGER, create_org, headers
from sqlalchemy.ext.asyncio import AsyncSession

ID = "dQw4w9WgXcQ"
OTHER = "9bZkp7q19f0"


async def add(client: httpx.AsyncClient, who: dict[str, str] | None = None, **body: Any) -> httpx.Response:
    return await client.post("/api/media", json=body, headers=headers(ADMIN) if who is None else who)


class TestAdd:
    @pytest.mark.parametrize(
        "link",
        [ID, f"https://www.youtube.com/watch?v={ID}&t=3", f"https://youtu.be/{ID}", f"https://youtube.com/shorts/{ID}"],
    )
    async def test_stores_the_video_id_and_answers_the_list(
        self, client: httpx.AsyncClient, session: AsyncSession, link: str
    ) -> None:
        org = await create_org(session)
        response = await add(client, link=link, name="Final", orgId=org.id, userId=999)
        assert response.status_code == 200, response.text
        (media,) = response.json()
        assert media["link"] == ID and media["name"] == "Final" and media["orgId"] == org.id
        assert media["userId"] == ADMIN  # the caller, whatever the body says
        assert media["eventId"] is None and "createdAt" in media

    async def test_refuses_what_is_no_youtube_video(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        response = await add(client, link="https://vimeo.com/123456", orgId=org.id)
        assert response.status_code == 400
        assert response.json()["error"] == {
            "code": "invalid",
            "message": "Enter a YouTube link or video id",
            "field": "link",
        }

    async def test_needs_an_organization_or_an_event(self, client: httpx.AsyncClient) -> None:
        response = await add(client, link=ID)
        assert response.status_code == 400 and response.json()["error"]["code"] == "scope_required"

    async def test_an_unknown_organization_is_404(self, client: httpx.AsyncClient) -> None:
        assert (await add(client, link=ID, orgId=999)).status_code == 404

    async def test_newest_first(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        await add(client, link=ID, name="first", orgId=org.id)
        body = (await add(client, link=OTHER, name="second", orgId=org.id)).json()
        assert [m["name"] for m in body] == ["second", "first"]

    async def test_with_an_id_changes_that_clip(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        (media,) = (await add(client, link=ID, name="first", orgId=org.id)).json()
        body = (await add(client, id=media["id"], link=OTHER, name="renamed", orgId=org.id)).json()
        assert [(m["id"], m["link"], m["name"]) for m in body] == [(media["id"], OTHER, "renamed")]
        assert (await add(client, id=12345, link=OTHER, orgId=org.id)).status_code == 404


class TestEventMedia:
    async def test_an_event_clip_under_an_organization_is_for_its_editors(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session)
        body = (await add(client, link=ID, orgId=org.id, eventId=77)).json()
        assert [(m["orgId"], m["eventId"]) for m in body] == [(org.id, 77)]
        assert [m["link"] for m in (await client.get("/api/media?e=77")).json()] == [ID]
        assert (await add(client, headers(STRANGER), link=ID, orgId=org.id, eventId=77)).status_code == 403

    async def test_an_event_clip_without_organization_is_for_platform_admins(self, client: httpx.AsyncClient) -> None:
        assert (await add(client, link=ID, eventId=77)).status_code == 403
        response = await add(client, headers(PLATFORM_ADMIN, admin=True), link=ID, eventId=77)
        assert response.status_code == 200 and [m["eventId"] for m in response.json()] == [77]


class TestListAndDelete:
    async def test_lists_by_organization_and_by_event(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        other = await create_org(session, name="Other")
        await add(client, link=ID, orgId=org.id)
        await add(client, link=OTHER, orgId=org.id, eventId=5)
        await add(client, link=ID, orgId=other.id)
        assert len((await client.get(f"/api/media?o={org.id}")).json()) == 2
        assert [m["link"] for m in (await client.get("/api/media?e=5")).json()] == [OTHER]
        assert [m["link"] for m in (await client.get(f"/api/media?o={org.id}&e=5")).json()] == [OTHER]
        missing = await client.get("/api/media")
        assert (
            missing.status_code == 400
            and missing.json()["error"]["message"] == "Choose an organization (o) or an event (e)"
        )

    async def test_delete_answers_the_updated_list(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        await add(client, link=ID, name="a", orgId=org.id)
        (second, first) = (await add(client, link=OTHER, name="b", orgId=org.id)).json()
        response = await client.delete(f"/api/media/{second['id']}", headers=headers(ADMIN))
        assert response.status_code == 200 and [m["id"] for m in response.json()] == [first["id"]]
        assert (await client.delete(f"/api/media/{second['id']}", headers=headers(ADMIN))).status_code == 404

    async def test_a_drafts_media_is_hidden_from_others(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session, status="draft")
        await add(client, link=ID, orgId=org.id)
        assert (await client.get(f"/api/media?o={org.id}")).status_code == 404
        assert len((await client.get(f"/api/media?o={org.id}", headers=headers(ADMIN))).json()) == 1

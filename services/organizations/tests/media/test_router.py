from __future__ import annotations

from typing import Any

import httpx
import pytest
from org_events.factories import create_event
from orgs.factories import ADMIN, PLATFORM_ADMIN, PROMOTER, STRANGER, create_org, headers
from sqlalchemy.ext.asyncio import AsyncSession

ID = "dQw4w9WgXcQ"
OTHER = "9bZkp7q19f0"
ORGANIZER, EVENT_ADMIN, HOST = 40, 41, 42


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
    """An event's clips are its editors' to add and delete: the organizer, the event's admins, its
    organization's admins and platform admins, as the events service announced them; hosts, DJs, the
    organization's promoters and strangers get 403, a guest 401."""

    @pytest.mark.parametrize("who", [ORGANIZER, EVENT_ADMIN, ADMIN, PLATFORM_ADMIN])
    async def test_the_events_editors_add_and_delete(
        self, client: httpx.AsyncClient, session: AsyncSession, who: int
    ) -> None:
        org = await create_org(session, promoters=(PROMOTER,))
        await create_event(session, 77, org_id=org.id, organizer_id=ORGANIZER, admins=(EVENT_ADMIN,))
        caller = headers(who, admin=who == PLATFORM_ADMIN)
        body = (await add(client, caller, link=ID, eventId=77)).json()
        # The clip belongs to the event's organization: it shows on the organization's Media tab too.
        assert [(m["orgId"], m["eventId"], m["userId"]) for m in body] == [(org.id, 77, who)]
        assert [m["link"] for m in (await client.get("/api/media?e=77")).json()] == [ID]
        assert [m["eventId"] for m in (await client.get(f"/api/media?o={org.id}")).json()] == [77]
        deleted = await client.delete(f"/api/media/{body[0]['id']}", headers=caller)
        assert deleted.status_code == 200 and deleted.json() == []

    @pytest.mark.parametrize("who", [PROMOTER, STRANGER, HOST])
    async def test_anyone_else_is_refused_and_changes_nothing(
        self, client: httpx.AsyncClient, session: AsyncSession, who: int
    ) -> None:
        org = await create_org(session, promoters=(PROMOTER,))
        await create_event(session, 78, org_id=org.id, organizer_id=ORGANIZER)
        clip = (await add(client, headers(ORGANIZER), link=ID, eventId=78)).json()[0]
        assert (await add(client, headers(who), link=OTHER, eventId=78)).status_code == 403
        assert (await add(client, headers(who), id=clip["id"], link=OTHER, eventId=78)).status_code == 403
        assert (await client.delete(f"/api/media/{clip['id']}", headers=headers(who))).status_code == 403
        assert (await client.post("/api/media", json={"link": ID, "eventId": 78})).status_code == 401
        assert [m["link"] for m in (await client.get("/api/media?e=78")).json()] == [ID]

    async def test_an_event_outside_any_organization(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session, 79, organizer_id=ORGANIZER)
        body = (await add(client, headers(ORGANIZER), link=ID, eventId=79)).json()
        assert [(m["orgId"], m["eventId"]) for m in body] == [(None, 79)]
        assert (await add(client, headers(ADMIN), link=ID, eventId=79)).status_code == 403

    async def test_an_unknown_event_is_404(self, client: httpx.AsyncClient) -> None:
        response = await add(client, headers(PLATFORM_ADMIN, admin=True), link=ID, eventId=404404)
        assert response.status_code == 404 and response.json()["error"]["message"] == "Event not found"

    async def test_a_draft_events_clips_are_its_editors_only(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session, 80, organizer_id=ORGANIZER, status="draft", admins=(EVENT_ADMIN,))
        assert (await add(client, headers(EVENT_ADMIN), link=ID, eventId=80)).status_code == 200
        # Others see no clip of a draft, but no 404 either: the projection may lag the event's publication.
        assert (await client.get("/api/media?e=80")).json() == []
        assert (await client.get("/api/media?e=80", headers=headers(STRANGER))).json() == []
        assert (await add(client, headers(STRANGER), link=ID, eventId=80)).status_code == 404
        assert len((await client.get("/api/media?e=80", headers=headers(ORGANIZER))).json()) == 1


class TestListAndDelete:
    async def test_lists_by_organization_and_by_event(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        other = await create_org(session, name="Other")
        await create_event(session, 5, org_id=org.id)
        await add(client, link=ID, orgId=org.id)
        await add(client, link=OTHER, eventId=5)
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

"""The event's API: the draft, the page, the save and its rules, publishing, deleting, carpets."""

from __future__ import annotations

from typing import Any

import httpx
from event.cast import DJ, EVENT_ADMIN, HOST, ORG_ADMIN, ORGANIZER, PLATFORM_ADMIN, PROMOTER, STRANGER
from event.factories import create_event, create_org, create_profiles, headers
from sqlalchemy.ext.asyncio import AsyncSession

from events.events import rules
from events.events.schemas import Event as EventModel
from kit.testing import collect_events


def message(response: httpx.Response) -> str:
    return str(response.json()["error"]["message"])


async def save(client: httpx.AsyncClient, event_id: int, body: dict[str, Any], who: int = ORGANIZER) -> httpx.Response:
    return await client.post(f"/api/events/{event_id}", json=body, headers=headers(who, admin=who == PLATFORM_ADMIN))


class TestCreate:
    async def test_a_draft_with_the_caller_as_organizer(self, client: httpx.AsyncClient, nats_url: str) -> None:
        response = await client.post("/api/events", headers=headers(ORGANIZER))
        assert response.status_code == 201
        event_id = response.json()["id"]
        body = (await client.get(f"/api/events/{event_id}", headers=headers(ORGANIZER))).json()
        assert body["status"] == "draft" and body["staff"]["organizer"]["id"] == ORGANIZER
        assert body["permissions"]["canEdit"] is True and body["orgId"] == 0 and body["timeZone"] == "UTC"
        assert body["permissions"]["hasTicket"] is False
        (created,) = await collect_events(nats_url, "events.event.created", count=1)
        assert created.data["id"] == event_id and created.data["organizerId"] == ORGANIZER
        assert created.topics == [f"event:{event_id}"]

    async def test_a_guest_may_not(self, client: httpx.AsyncClient) -> None:
        assert (await client.post("/api/events")).status_code == 401


class TestPage:
    async def test_the_whole_entity(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_org(session, 12)
        await create_profiles(session, (ORGANIZER, "Organizer"), (DJ, "Deejay"))
        event = await create_event(
            session, org_id=12, djs=[DJ], lat=40.7, lng=-74.0, start="2030-01-05T12:00", end="2030-01-05T18:00"
        )
        response = await client.get(f"/api/events/{event.id}")
        assert response.status_code == 200
        body = response.json()
        EventModel.model_validate(body)  # the answer is what the documented model says
        assert body | {"createdAt": None} == {
            "id": event.id,
            "title": "Battle of the Year",
            "image": None,
            "dateStart": "2030-01-05T12:00",
            "dateEnd": "2030-01-05T18:00",
            "timeZone": "America/New_York",
            "startsAt": "2030-01-05T17:00:00Z",
            "endsAt": "2030-01-05T23:00:00Z",
            "dateFlat": "01/05/2030",
            "timeFlat": "12:00 PM - 6:00 PM EST",
            "status": "published",
            "period": "future",
            "isFinished": False,
            "locationAddress": "",
            "coordinates": {"lat": 40.7, "lng": -74.0},
            "locationNotFound": False,
            "website": "",
            "description": "",
            "orgId": 12,
            "org": {"id": 12, "name": "Floor Lords", "image": "org-img"},
            "tiers": [],
            "carpets": [],
            "staff": {
                "organizer": {"id": ORGANIZER, "dancerName": "Organizer", "avatar": f"avatar-{ORGANIZER}"},
                "admins": [],
                "hosts": [],
                "djs": [{"id": DJ, "dancerName": "Deejay", "avatar": f"avatar-{DJ}"}],
            },
            "battles": [],
            "scoreboardLogo": None,
            "scoreboardBgImage": None,
            "createdAt": None,
            "cancelledAt": None,
            "permissions": {
                "canEdit": False,
                "hasTicket": False,
                "canLeaveFeedback": False,
                "canLike": False,
                "checkedIn": False,
                "showCheckin": False,
            },
            "isFree": True,
            "tickets": [],
            "whoIsGoing": [],
            "countGoing": 0,
            "isLiked": False,
            "countLikes": 0,
            "canLike": False,
            "canLeaveFeedback": False,
            "canReviewFeedback": False,
            "countFeedbacks": 0,
            "feedback": None,
            "totalAverageRating": None,
            "totalTimeliness": None,
            "totalCommunication": None,
            "totalVenue": None,
            "totalVibe": None,
            "totalMusicSound": None,
        }
        assert body["createdAt"].endswith("Z")

    async def test_past_and_finished(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session, start="2020-01-05T12:00", end="2020-01-05T18:00")
        body = (await client.get(f"/api/events/{event.id}")).json()
        assert body["period"] == "past" and body["isFinished"] is True

    async def test_a_draft_is_not_found_but_for_its_editors(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        event = await create_event(session, status="draft", admins=[EVENT_ADMIN], hosts=[HOST])
        for who in (None, STRANGER, HOST):
            response = await client.get(f"/api/events/{event.id}", headers=headers(who) if who else {})
            assert response.status_code == 404 and message(response) == "Event not found"
        for who in (ORGANIZER, EVENT_ADMIN):
            assert (await client.get(f"/api/events/{event.id}", headers=headers(who))).status_code == 200
        response = await client.get(f"/api/events/{event.id}", headers=headers(PLATFORM_ADMIN, admin=True))
        assert response.status_code == 200 and response.json()["permissions"]["canEdit"] is True

    async def test_an_unknown_event(self, client: httpx.AsyncClient) -> None:
        response = await client.get("/api/events/999")
        assert response.status_code == 404 and message(response) == "Event not found"
        assert (await client.get("/api/events/abc")).status_code == 404  # the kit: a malformed path id is not found

    async def test_one_statement(self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Any) -> None:
        await create_org(session, 12, admins=[ORG_ADMIN])
        event = await create_event(session, org_id=12, admins=[EVENT_ADMIN], hosts=[HOST], djs=[DJ])
        await save(client, event.id, {"tiers": [{"title": "A"}], "carpets": [{"name": "Main"}]})
        with count_queries() as statements:
            body = (await client.get(f"/api/events/{event.id}", headers=headers(ORG_ADMIN))).json()
        assert body["permissions"]["canEdit"] is True and len(body["staff"]["hosts"]) == 1
        assert len(body["tiers"]) == 1 and len(body["carpets"]) == 1
        assert len(statements) == 1, statements


WHOLE: dict[str, Any] = {
    "title": "  Battle of the Year ",
    "orgId": 0,
    "locationAddress": "Paris, France",
    "coordinates": {"lat": 48.8566, "lng": 2.3522},
    "website": "cypher.dance",
    "description": '<p onclick="x">Come <b>dance</b><script>alert(1)</script></p>',
    "dateStart": "2030-07-01T14:00",
    "dateEnd": "2030-07-02T02:00",
    "tiers": [{"title": "General", "cost": 2000, "description": "Entry"}, {"title": "Kids", "cost": 50}],
    "carpets": [{"name": "Main"}, {"name": ""}],
}


class TestSave:
    async def test_the_whole_event(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session, status="draft", title="", start=None, end=None)
        response = await save(client, event.id, WHOLE)
        assert response.status_code == 200, response.text
        body = response.json()
        EventModel.model_validate(body)
        assert body["title"] == "Battle of the Year" and body["website"] == "https://cypher.dance"
        assert body["description"] == "<p>Come <b>dance</b></p>"
        assert body["timeZone"] == "Europe/Paris" and body["startsAt"] == "2030-07-01T12:00:00Z"
        assert body["dateFlat"] == "07/01/2030 - 07/02/2030" and body["timeFlat"] == "2:00 PM - 2:00 AM CEST"
        assert [(t["title"], t["cost"], t["description"]) for t in body["tiers"]] == [
            ("General", 2000, "Entry"),
            ("Kids", 100, ""),  # the 0-1 rule
        ]
        assert [c["name"] for c in body["carpets"]] == ["Main", "Carpet 2"]
        assert (await client.get(f"/api/events/{event.id}", headers=headers(ORGANIZER))).json() == body

    async def test_tiers_and_carpets_keep_their_ids(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        first = (await save(client, event.id, WHOLE)).json()
        general, kids = first["tiers"]
        main = first["carpets"][0]
        body = {
            "tiers": [{"id": kids["id"], "title": "Kids", "cost": 0}],
            "carpets": [{"id": main["id"], "name": "Floor"}],
        }
        second = (await save(client, event.id, body)).json()
        assert [{k: t[k] for k in ("id", "title", "cost", "description")} for t in second["tiers"]] == [
            {"id": kids["id"], "title": "Kids", "cost": 0, "description": ""}
        ]
        assert second["carpets"] == [{"id": main["id"], "name": "Floor"}]
        assert second["title"] == "Battle of the Year"  # a field left out keeps its value

    async def test_null_optional_texts_are_empty(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        """As the wizard sends them: a tier never given a description, no website, no description."""
        event = await create_event(session, status="draft")
        body = {
            "website": None,
            "description": None,
            "tiers": [{"title": "General", "cost": 2000, "description": None}],
        }
        response = await save(client, event.id, body)
        assert response.status_code == 200, response.text
        saved = response.json()
        assert saved["tiers"][0]["description"] == "" and saved["website"] == "" and saved["description"] == ""

    async def test_title_at_most_150(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        assert (await save(client, event.id, {"title": "a" * 150})).status_code == 200
        response = await save(client, event.id, {"title": "a" * 151})
        assert response.status_code == 400 and message(response) == rules.TITLE_TOO_LONG
        assert response.json()["error"]["field"] == "title"

    async def test_ten_tiers_at_most(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        tiers = [{"title": f"T{n}", "cost": n * 100} for n in range(11)]
        assert len((await save(client, event.id, {"tiers": tiers[:10]})).json()["tiers"]) == 10
        response = await save(client, event.id, {"tiers": tiers})
        assert response.status_code == 400 and message(response) == rules.TOO_MANY_TIERS

    async def test_costs(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        body = (await save(client, event.id, {"tiers": [{"cost": c} for c in (0, 1, 99, 100, 101)]})).json()
        assert [t["cost"] for t in body["tiers"]] == [0, 100, 100, 100, 101]
        for bad in (-1, 1.5, "ten"):
            response = await save(client, event.id, {"tiers": [{"cost": bad}]})
            assert response.status_code == 400, bad
        assert message(await save(client, event.id, {"tiers": [{"cost": -5}]})) == rules.COST_NEGATIVE

    async def test_website_https_only(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        response = await save(client, event.id, {"website": "http://cypher.dance"})
        assert response.status_code == 400 and message(response) == rules.WEBSITE_HTTPS
        assert (await save(client, event.id, {"website": ""})).json()["website"] == ""

    async def test_bad_dates_and_coordinates(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        response = await save(client, event.id, {"dateStart": "06/01/2030"})
        assert response.status_code == 400 and message(response) == rules.DATE_FORMAT
        assert (await save(client, event.id, {"coordinates": {"lat": 91, "lng": 0}})).status_code == 400

    async def test_end_before_start_is_allowed(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        response = await save(client, event.id, {"dateStart": "2030-06-02T12:00", "dateEnd": "2030-06-01T12:00"})
        assert response.status_code == 200 and response.json()["dateEnd"] == "2030-06-01T12:00"

    async def test_clearing_the_coordinates_puts_the_event_in_utc(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        event = await create_event(session)
        body = (await save(client, event.id, {"coordinates": None})).json()
        assert body["timeZone"] == "UTC" and body["coordinates"] is None
        assert body["startsAt"] == "2030-06-01T12:00:00Z"

    async def test_images_must_exist(self, client: httpx.AsyncClient, session: AsyncSession, image_id: str) -> None:
        event = await create_event(session)
        body = (await save(client, event.id, {"image": image_id, "scoreboardLogo": image_id})).json()
        assert body["image"] == image_id and body["scoreboardLogo"] == image_id
        response = await save(client, event.id, {"scoreboardBgImage": "A" * 22})
        assert response.status_code == 400 and response.json()["error"]["field"] == "scoreboardBgImage"

    async def test_org_of_the_caller_only(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_org(session, 12, promoters=[ORGANIZER])
        await create_org(session, 13, admins=[STRANGER])
        event = await create_event(session)
        assert (await save(client, event.id, {"orgId": 12})).json()["orgId"] == 12
        response = await save(client, event.id, {"orgId": 13})
        assert response.status_code == 403 and message(response) == rules.ORG_NOT_ALLOWED
        response = await save(client, event.id, {"orgId": 99})
        assert response.status_code == 400 and message(response) == rules.ORG_NOT_FOUND
        assert (await save(client, event.id, {"orgId": 13}, who=PLATFORM_ADMIN)).json()["orgId"] == 13
        body = (await save(client, event.id, {"orgId": 0})).json()
        assert body["orgId"] == 0 and body["org"] is None

    async def test_publishes_one_update_per_save(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await create_event(session)
        await save(client, event.id, WHOLE)
        updated = await collect_events(nats_url, "events.event.updated", count=2, timeout=1.5)
        assert len(updated) == 1
        assert updated[0].topics == [f"event:{event.id}"]
        assert updated[0].data | {"id": 0} == {
            "id": 0,
            "orgId": None,
            "organizerId": ORGANIZER,
            "title": "Battle of the Year",
            "image": None,
            "status": "published",
            "startsAt": "2030-07-01T12:00:00Z",
            "endsAt": "2030-07-02T00:00:00Z",
            "timeZone": "Europe/Paris",
            "locationAddress": "Paris, France",
            "lat": 48.8566,
            "lng": 2.3522,
            "cancelledAt": None,
        }
        carpets = await collect_events(nats_url, "events.carpets.updated", count=2, timeout=1.5)
        assert len(carpets) == 1 and [c["name"] for c in carpets[0].data["carpets"]] == ["Main", "Carpet 2"]


class TestWhoMayWrite:
    async def test_editors(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_org(session, 12, admins=[ORG_ADMIN], promoters=[PROMOTER])
        event = await create_event(session, org_id=12, admins=[EVENT_ADMIN], hosts=[HOST], djs=[DJ])
        for who in (ORGANIZER, EVENT_ADMIN, ORG_ADMIN, PLATFORM_ADMIN):
            assert (await save(client, event.id, {"title": f"By {who}"}, who=who)).status_code == 200, who
        for who in (HOST, DJ, PROMOTER, STRANGER):
            assert (await save(client, event.id, {"title": "No"}, who=who)).status_code == 403, who

    async def test_guests_get_401_on_every_write(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        for method, path, body in (
            ("POST", "", {"title": "x"}),
            ("POST", "/publish", None),
            ("POST", "/delete", None),
            ("POST", "/role", {"userId": 2, "role": "dj"}),
            ("DELETE", "/role", {"userId": 2, "role": "dj"}),
            ("POST", "/carpets", {"carpets": []}),
        ):
            response = await client.request(method, f"/api/events/{event.id}{path}", json=body)
            assert response.status_code == 401, path
            response = await client.request(
                method, f"/api/events/{event.id}{path}", json=body, headers=headers(STRANGER)
            )
            assert response.status_code == 403, path


class TestPublish:
    async def test_needs_dates(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session, status="draft", end=None)
        response = await client.post(f"/api/events/{event.id}/publish", headers=headers(ORGANIZER))
        assert response.status_code == 400 and message(response) == "Please select an event date"

    async def test_needs_a_name(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session, status="draft", title="")
        response = await client.post(f"/api/events/{event.id}/publish", headers=headers(ORGANIZER))
        assert response.status_code == 400 and message(response) == rules.TITLE_REQUIRED

    async def test_needs_a_place(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        for place in ({}, {"location_address": "Nowhere", "lat": None}, {"location_address": "", "lat": 1, "lng": 2}):
            event = await create_event(session, status="draft", **place)
            response = await client.post(f"/api/events/{event.id}/publish", headers=headers(ORGANIZER))
            assert response.status_code == 400 and message(response) == rules.PLACE_REQUIRED, place
            assert (await client.get(f"/api/events/{event.id}")).status_code == 404  # still a draft

    async def test_publishes_once(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        event = await create_event(session, status="draft", location_address="Paris, France", lat=48.85, lng=2.35)
        for _ in range(2):
            response = await client.post(f"/api/events/{event.id}/publish", headers=headers(ORGANIZER))
            assert response.status_code == 200 and response.json()["status"] == "published"
        assert (await client.get(f"/api/events/{event.id}")).status_code == 200
        published = await collect_events(nats_url, "events.event.published", count=2, timeout=1.5)
        assert len(published) == 1 and published[0].data["status"] == "published"


class TestDelete:
    async def test_a_draft_is_hidden_everywhere_and_published(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await create_event(session, status="draft")
        response = await client.post(f"/api/events/{event.id}/delete", headers=headers(ORGANIZER))
        assert response.status_code == 204
        for who in (None, ORGANIZER):
            response = await client.get(f"/api/events/{event.id}", headers=headers(who) if who else {})
            assert response.status_code == 404
        assert (await save(client, event.id, {"title": "Back"})).status_code == 404
        (deleted,) = await collect_events(nats_url, "events.event.deleted", count=1)
        assert deleted.data["id"] == event.id


class TestCarpets:
    async def test_payload_or_bare_list(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        event = await create_event(session)
        response = await client.post(
            f"/api/events/{event.id}/carpets",
            json={"carpets": [{"name": "Main"}, {"name": ""}]},
            headers=headers(ORGANIZER),
        )
        assert response.status_code == 200
        main, second = response.json()
        assert (main["name"], second["name"]) == ("Main", "Carpet 2")
        response = await client.post(
            f"/api/events/{event.id}/carpets", json=[{"id": second["id"], "name": "Side"}], headers=headers(ORGANIZER)
        )
        assert response.json() == [{"id": second["id"], "name": "Side"}]
        # The same list again changes nothing and publishes nothing.
        await client.post(
            f"/api/events/{event.id}/carpets", json=[{"id": second["id"], "name": "Side"}], headers=headers(ORGANIZER)
        )
        updated = await collect_events(nats_url, "events.carpets.updated", count=3, timeout=1.5)
        assert [[c["name"] for c in e.data["carpets"]] for e in updated] == [["Main", "Carpet 2"], ["Side"]]
        assert (await client.get(f"/api/events/{event.id}")).json()["carpets"] == [{"id": second["id"], "name": "Side"}]

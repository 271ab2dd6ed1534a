"""Likes and feedback: the toggle, who may leave feedback (checked in, finished, not an editor), the stars and the
mean, one per user edited in place, and privacy (only the editors review; the page shows the caller's own)."""

from __future__ import annotations

from typing import Any

import httpx
from attendance.factories import check_in_row, event_at, message
from event.cast import EVENT_ADMIN, HOST, ORGANIZER, STRANGER
from event.factories import create_profiles, headers
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from events.events.schemas import Event as EventModel
from events.feedback import rules
from events.feedback.schemas import FeedbackReview
from events.models import Feedback

DANCER = 20
OTHER = 21
STARS = {"timeliness": 5, "communication": 4.5, "musicSound": 3, "venue": 4, "vibe": 5}


def body(**changes: Any) -> dict[str, Any]:
    return {**STARS, "details": "  Great floor, loud system.  "} | changes


async def checked_in_feedback(session: AsyncSession) -> str:
    """The feedback path of a past event DANCER checked in at."""
    event = await event_at(session, "past")
    await check_in_row(session, event, DANCER)
    return f"/api/events/{event.id}/feedback"


async def stored(session: AsyncSession) -> int:
    return int(await session.scalar(select(func.count()).select_from(Feedback)) or 0)


class TestLike:
    async def test_a_toggle(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await event_at(session, "future")
        path = f"/api/events/{event.id}/like"
        assert (await client.post(path)).status_code == 401
        first = await client.post(path, headers=headers(DANCER))
        assert first.status_code == 200 and first.json() == {"isLiked": True, "countLikes": 1}
        assert (await client.post(path, headers=headers(OTHER))).json() == {"isLiked": True, "countLikes": 2}
        page = (await client.get(f"/api/events/{event.id}", headers=headers(DANCER))).json()
        assert page["isLiked"] is True and page["countLikes"] == 2 and page["canLike"] is True
        assert page["permissions"]["canLike"] is True
        assert (await client.post(path, headers=headers(DANCER))).json() == {"isLiked": False, "countLikes": 1}
        page = (await client.get(f"/api/events/{event.id}", headers=headers(DANCER))).json()
        assert page["isLiked"] is False and page["countLikes"] == 1
        guest = (await client.get(f"/api/events/{event.id}")).json()
        assert guest["canLike"] is False and guest["isLiked"] is False and guest["countLikes"] == 1

    async def test_only_a_published_event(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        draft = await event_at(session, "future", status="draft")
        path = f"/api/events/{draft.id}/like"
        assert (await client.post(path, headers=headers(DANCER))).status_code == 404
        response = await client.post(path, headers=headers(ORGANIZER))
        assert response.status_code == 403 and message(response) == rules.NO_PERMISSION_LIKE
        assert (await client.post("/api/events/999999/like", headers=headers(DANCER))).status_code == 404


class TestLeaveFeedback:
    async def test_checked_in_attendees_of_a_finished_event(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_profiles(session, (DANCER, "Bgirl Dancer"))
        event = await event_at(session, "past")
        await check_in_row(session, event, DANCER)
        page = (await client.get(f"/api/events/{event.id}", headers=headers(DANCER))).json()
        assert page["canLeaveFeedback"] is True and page["permissions"]["canLeaveFeedback"] is True
        assert page["feedback"] is None and page["canReviewFeedback"] is False
        response = await client.post(
            f"/api/events/{event.id}/feedback", json=body(averageRating=1), headers=headers(DANCER)
        )
        assert response.status_code == 200
        saved = response.json()
        assert saved | {"createdAt": None} == {
            "averageRating": 4.3,  # (5 + 4.5 + 3 + 4 + 5) / 5; the sent 1 is ignored
            "timeliness": 5,
            "communication": 4.5,
            "venue": 4,
            "vibe": 5,
            "musicSound": 3,
            "details": "Great floor, loud system.",
            "createdAt": None,
            "userId": DANCER,
            "dancerName": "Bgirl Dancer",
            "avatar": f"avatar-{DANCER}",
            "isLiked": False,
        }
        assert saved["createdAt"].endswith("Z")
        page = (await client.get(f"/api/events/{event.id}", headers=headers(DANCER))).json()
        EventModel.model_validate(page)
        assert page["feedback"] == saved

    async def test_nobody_else(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        past = await event_at(session, "past", admins=[EVENT_ADMIN])
        now = await event_at(session, "now")
        future = await event_at(session, "future")
        for event in (past, now, future):
            await check_in_row(session, event, DANCER)
        await check_in_row(session, past, ORGANIZER)
        await check_in_row(session, past, EVENT_ADMIN)
        assert (await client.post(f"/api/events/{past.id}/feedback", json=body())).status_code == 401
        refused = [
            (past, STRANGER),  # not checked in
            (past, ORGANIZER),  # an editor, although checked in
            (past, EVENT_ADMIN),
            (now, DANCER),  # not finished yet
            (future, DANCER),
        ]
        for event, who in refused:
            response = await client.post(f"/api/events/{event.id}/feedback", json=body(), headers=headers(who))
            assert response.status_code == 403 and message(response) == rules.NO_PERMISSION_LEAVE, (event.id, who)
            page = (await client.get(f"/api/events/{event.id}", headers=headers(who))).json()
            assert page["canLeaveFeedback"] is False
        # Rights come first: a stranger's bad body is still a 403.
        response = await client.post(f"/api/events/{past.id}/feedback", json={}, headers=headers(STRANGER))
        assert response.status_code == 403
        assert await stored(session) == 0

    async def test_every_category_rated_in_halves(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        path = await checked_in_feedback(session)
        for wrong in ({"vibe": 0}, {"vibe": None}, {"venue": 0, "vibe": 0}):
            response = await client.post(path, json=body(**wrong), headers=headers(DANCER))
            assert response.status_code == 400 and message(response) == rules.RATE_ALL
        missing = {k: v for k, v in body().items() if k != "musicSound"}
        response = await client.post(path, json=missing, headers=headers(DANCER))
        assert response.status_code == 400 and message(response) == rules.RATE_ALL
        for wrong in ({"vibe": 4.3}, {"vibe": 6}, {"vibe": 0.5}, {"vibe": -1}):
            response = await client.post(path, json=body(**wrong), headers=headers(DANCER))
            assert response.status_code == 400 and message(response) == rules.STARS
        response = await client.post(path, json=body(vibe="loud"), headers=headers(DANCER))
        assert response.status_code == 400
        response = await client.post(path, json=body(details="x" * 5001), headers=headers(DANCER))
        assert response.status_code == 400
        assert await stored(session) == 0

    async def test_one_per_user_edited_in_place(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        path = await checked_in_feedback(session)
        first = (await client.post(path, json=body(), headers=headers(DANCER))).json()
        second = await client.post(
            path,
            json={"timeliness": 1, "communication": 1, "musicSound": 1, "venue": 1, "vibe": 1.5, "details": " meh "},
            headers=headers(DANCER),
        )
        assert second.status_code == 200
        edited = second.json()
        assert edited["averageRating"] == 1.1 and edited["details"] == "meh" and edited["vibe"] == 1.5
        assert edited["createdAt"] == first["createdAt"]
        assert await stored(session) == 1


class TestReview:
    async def test_editors_see_all_with_the_totals(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_profiles(session, (DANCER, "Bgirl Dancer"), (OTHER, "Bboy Other"))
        event = await event_at(session, "past", admins=[EVENT_ADMIN], hosts=[HOST])
        for who in (DANCER, OTHER):
            await check_in_row(session, event, who)
        path = f"/api/events/{event.id}/feedback"
        await client.post(path, json=body(), headers=headers(DANCER))  # average 4.3
        await client.post(
            path,
            json={"timeliness": 4, "communication": 4, "musicSound": 4, "venue": 4, "vibe": 3.5, "details": ""},
            headers=headers(OTHER),
        )  # average 3.9
        await client.post(f"/api/events/{event.id}/like", headers=headers(OTHER))
        for editor in (ORGANIZER, EVENT_ADMIN):
            response = await client.get(path, headers=headers(editor))
            assert response.status_code == 200
            review = response.json()
            FeedbackReview.model_validate(review)
            assert review | {"feedbacks": None} == {
                "feedbacks": None,
                "countFeedbacks": 2,
                "countLikes": 1,
                "totalAverageRating": 4.1,
                "totalTimeliness": 4.5,
                "totalCommunication": 4.25,
                "totalVenue": 4,
                "totalVibe": 4.25,
                "totalMusicSound": 3.5,
            }
            assert {(f["userId"], f["isLiked"]) for f in review["feedbacks"]} == {(DANCER, False), (OTHER, True)}
        page = (await client.get(f"/api/events/{event.id}", headers=headers(ORGANIZER))).json()
        assert page["canReviewFeedback"] is True and page["countFeedbacks"] == 2
        assert page["totalAverageRating"] == 4.1 and page["totalMusicSound"] == 3.5 and page["feedback"] is None

    async def test_nobody_else_receives_another_users_feedback(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        event = await event_at(session, "past", hosts=[HOST])
        for who in (DANCER, OTHER):
            await check_in_row(session, event, who)
        path = f"/api/events/{event.id}/feedback"
        await client.post(path, json=body(details="only for the organizer"), headers=headers(DANCER))
        assert (await client.get(path)).status_code == 401
        for who in (OTHER, DANCER, HOST, STRANGER):
            response = await client.get(path, headers=headers(who))
            assert response.status_code == 403 and message(response) == rules.NO_PERMISSION_VIEW
        for who in (OTHER, HOST, STRANGER, None):
            page = await client.get(f"/api/events/{event.id}", headers=headers(who) if who else {})
            assert "only for the organizer" not in page.text
            values = page.json()
            assert values["feedback"] is None and values["countFeedbacks"] == 0
            assert values["totalAverageRating"] is None and values["canReviewFeedback"] is False
        own = (await client.get(f"/api/events/{event.id}", headers=headers(DANCER))).json()
        assert own["feedback"]["details"] == "only for the organizer" and own["totalAverageRating"] is None

    async def test_an_editor_before_any_feedback(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await event_at(session, "past")
        review = (await client.get(f"/api/events/{event.id}/feedback", headers=headers(ORGANIZER))).json()
        assert review["feedbacks"] == [] and review["countFeedbacks"] == 0 and review["totalAverageRating"] == 0
        draft = await event_at(session, "past", status="draft")
        assert (await client.get(f"/api/events/{draft.id}/feedback", headers=headers(STRANGER))).status_code == 404

from __future__ import annotations

from fastapi import APIRouter, Response

from events.feedback.schemas import Feedback, FeedbackIn, FeedbackReview, LikeState
from events.feedback.service import feedback_service
from kit.db import SessionDep, reads
from kit.openapi import errors
from kit.principal import UserDep
from kit.rows import answer
from kit.types import Id

router = APIRouter(prefix="/api", tags=["feedback"])


@router.post("/events/{event_id}/like", response_model=LikeState, responses=errors(403, 404))
async def like(event_id: Id, session: SessionDep, principal: UserDep) -> Response:
    """Toggles the caller's like of a published event."""
    return answer(await feedback_service.like(session, event_id, principal))


@router.post("/events/{event_id}/feedback", response_model=Feedback, responses=errors(403, 404))
async def leave_feedback(event_id: Id, body: FeedbackIn, session: SessionDep, principal: UserDep) -> Response:
    """The caller's feedback (new or edited in place), when the event page says canLeaveFeedback."""
    return answer(await feedback_service.save(session, event_id, principal, body))


@router.get("/events/{event_id}/feedback", response_model=FeedbackReview, responses=errors(403, 404))
@reads
async def review_feedback(event_id: Id, session: SessionDep, principal: UserDep) -> Response:
    """Every feedback of the event and its figures: its editors only."""
    return answer(await feedback_service.review(session, event_id, principal))

from __future__ import annotations

from pydantic import Field

from events.feedback import rules
from kit.schemas import Schema
from kit.types import Text


class FeedbackIn(Schema):
    """The five categories (1 to 5 in halves; 0 or missing is unrated), the comments. `averageRating` is taken
    and ignored: the server computes it."""

    average_rating: float | None = None
    timeliness: float | None = None
    communication: float | None = None
    music_sound: float | None = None
    venue: float | None = None
    vibe: float | None = None
    details: Text | None = Field(default=None, max_length=rules.DETAILS_MAX_LENGTH)


class Feedback(Schema):
    average_rating: float
    timeliness: float
    communication: float
    venue: float
    vibe: float
    music_sound: float
    details: str
    created_at: str
    user_id: int
    dancer_name: str | None = None
    avatar: str | None = None
    is_liked: bool


class FeedbackReview(Schema):
    """The editors' Feedback tab: every feedback and the block's figures (means to 2 decimals)."""

    feedbacks: list[Feedback]
    count_feedbacks: int
    count_likes: int
    total_average_rating: float
    total_timeliness: float
    total_communication: float
    total_venue: float
    total_vibe: float
    total_music_sound: float


class LikeState(Schema):
    is_liked: bool
    count_likes: int

"""The Event's like and feedback fields, from the page row's columns (feedback.repository.page_columns and the
caller's check-in). Another user's feedback never appears here: the caller's own, and the editors' totals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from events.feedback import rules
from kit.principal import Principal

TOTALS = {
    "totalAverageRating": "average",
    "totalTimeliness": "timeliness",
    "totalCommunication": "communication",
    "totalVenue": "venue",
    "totalVibe": "vibe",
    "totalMusicSound": "musicSound",
}


def totals(stats: Mapping[str, Any] | None) -> dict[str, float]:
    """The editors' block: each mean to 2 decimals (0 before any feedback)."""
    stats = stats or {}
    return {key: rules.two_decimals(stats.get(name) or 0) for key, name in TOTALS.items()}


def fields(
    row: Mapping[str, Any], principal: Principal, period: str, *, editor: bool
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the Event's keys, its permissions' keys)."""
    signed_in = principal.profile_id is not None
    can_like = rules.can_like(signed_in=signed_in, published=row["status"] == "published")
    can_leave = rules.can_leave_feedback(
        signed_in=signed_in, period=period, checked_in=bool(row["checked_in"]), editor=editor
    )
    stats = row["feedback_stats"] or {}
    event = {
        "isLiked": bool(row["is_liked"]),
        "countLikes": row["count_likes"] or 0,
        "canLike": can_like,
        "canLeaveFeedback": can_leave,
        "canReviewFeedback": editor,
        "countFeedbacks": (stats.get("count") or 0) if editor else 0,
        "feedback": row["own_feedback"],
    } | (totals(stats) if editor else dict.fromkeys(TOTALS))
    return event, {"canLeaveFeedback": can_leave, "canLike": can_like}

"""Events of the studios service (stream STUDIOS)."""

from __future__ import annotations

from typing import ClassVar, Literal

from contracts.base import Event


class MemberChanged(Event):
    """A dancer's role in a studio (battles shows a dancer's studios). `studioStatus`: only a published studio is
    public; a draft's members are announced too, so the consumer decides what to show."""

    studio_id: int
    user_id: int
    role: Literal["admin", "teacher", "student"]
    studio_name: str
    studio_image: str | None
    studio_status: Literal["draft", "published"]

    def topics(self) -> list[str]:
        return [f"studio:{self.studio_id}", f"user:{self.user_id}"]


class MemberAdded(MemberChanged):
    type: ClassVar[str] = "studios.member.added"


class MemberRemoved(MemberChanged):
    """Also for every member of a studio being deleted."""

    type: ClassVar[str] = "studios.member.removed"


# The family consumers subscribe to as one (`Handler(purpose, MEMBER_CHANGES, fn)`).
MEMBER_CHANGES: tuple[type[MemberChanged], ...] = (MemberAdded, MemberRemoved)

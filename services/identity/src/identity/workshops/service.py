"""Home's workshops: the instructors are profiles a platform admin marks (docs/decisions.md, "Members wall and
workshop instructors")."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from identity.profiles.rules import shown_stats
from identity.profiles.schemas import Privacy, Socials
from identity.profiles.service import profile_service
from identity.workshops.repository import workshop_repository
from identity.workshops.schemas import Instructor, InstructorMark
from kit.db import utcnow
from kit.principal import Principal
from kit.rows import Rows

CARD_STATS = ("events_attended", "battles_entered", "battles_won")


class WorkshopService:
    async def instructors(self, rows: Rows) -> list[Instructor]:
        cards = []
        for row in await workshop_repository.instructors(rows):
            privacy = Privacy.model_validate(row["privacy"] or {})
            stats = shown_stats(row, privacy, CARD_STATS, owner=False)
            cards.append(
                Instructor(
                    id=row["id"],
                    dancer_name=row["dancer_name"],
                    avatar=row["avatar"],
                    city=row["city"],
                    state=row["state"],
                    country=row["country"],
                    is_patron=row["is_patron"],
                    socials=Socials.model_construct(**(row["socials"] or {})),  # normalised when saved
                    **stats,
                )
            )
        return cards

    async def set_instructor(
        self, session: AsyncSession, principal: Principal, profile_id: int, value: bool
    ) -> InstructorMark:
        """Marking again keeps the instructor's place (the time first marked); unmarking clears it."""
        profile = await profile_service.for_platform_admin(session, principal, profile_id)
        if not value:
            profile.instructor_at = None
        elif profile.instructor_at is None:
            profile.instructor_at = utcnow()
        await session.flush()
        return InstructorMark(id=profile.id, is_instructor=profile.instructor_at is not None)


workshop_service = WorkshopService()

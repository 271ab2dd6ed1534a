from __future__ import annotations

from sqlalchemy import Integer, bindparam, select

from identity.models import Profile
from kit.rows import Query, Record, Rows

# The most cards Home's workshops section shows: a bounded answer even if admins mark many.
MAX_INSTRUCTORS = 100

INSTRUCTORS = Query(
    select(
        Profile.id,
        Profile.dancer_name,
        Profile.avatar,
        Profile.city,
        Profile.state,
        Profile.country,
        Profile.is_patron,
        Profile.socials,
        Profile.privacy,
        Profile.events_attended,
        Profile.battles_entered,
        Profile.battles_won,
    )
    .where(Profile.instructor_at.is_not(None), Profile.dancer_name.is_not(None), Profile.dancer_name != "")
    .order_by(Profile.instructor_at, Profile.id)
    .limit(bindparam("limit", type_=Integer))
)


class WorkshopRepository:
    async def instructors(self, rows: Rows) -> list[Record]:
        """One statement: the marked, completed profiles in the order they were marked."""
        return await rows.all(INSTRUCTORS, limit=MAX_INSTRUCTORS)


workshop_repository = WorkshopRepository()

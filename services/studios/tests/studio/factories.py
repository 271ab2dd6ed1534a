"""Studios and profiles as tests need them, written straight to the database."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from kit.db import utcnow
from kit.testing import as_user
from studios.models import Profile, Role, Studio, StudioMember

ADMIN = 1  # the profile ids the tests act as (account id = profile id)
STRANGER = 3
PLATFORM_ADMIN = 90


def headers(profile_id: int, *, admin: bool = False) -> dict[str, str]:
    return as_user(profile_id, profile_id, admin=admin)


async def create_studio(
    session: AsyncSession,
    *,
    admins: Iterable[int] = (ADMIN,),
    teachers: Iterable[int] = (),
    students: Iterable[int] = (),
    **overrides: Any,
) -> Studio:
    values: dict[str, Any] = {"name": "Floor Lab", "status": "published"} | overrides
    studio = Studio(**values)
    session.add(studio)
    await session.flush()
    for role, users in ((Role.ADMIN, admins), (Role.TEACHER, teachers), (Role.STUDENT, students)):
        for user_id in users:
            session.add(StudioMember(studio_id=studio.id, user_id=user_id, role=role))
    await session.commit()
    return studio


async def create_profiles(session: AsyncSession, *names: tuple[int, str]) -> None:
    """Profiles in the projection, as identity's events would have left them."""
    for profile_id, name in names:
        session.add(Profile(id=profile_id, dancer_name=name, avatar=f"avatar-{profile_id}", synced_at=utcnow()))
    await session.commit()

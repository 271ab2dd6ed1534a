"""Organizations as tests need them, written straight to the database."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from kit.testing import as_user
from organizations.models import Organization, OrganizationMember, OrganizationRole, Profile, Role

ADMIN = 1  # the profile ids the tests act as (account id = profile id)
PROMOTER = 2
STRANGER = 3
PLATFORM_ADMIN = 90


def headers(profile_id: int, *, admin: bool = False) -> dict[str, str]:
    return as_user(profile_id, profile_id, admin=admin)


async def create_org(
    session: AsyncSession,
    *,
    admins: Iterable[int] = (ADMIN,),
    promoters: Iterable[int] = (),
    members: Iterable[int] = (),
    **overrides: Any,
) -> Organization:
    values: dict[str, Any] = {"name": "Floor Lords", "status": "published"} | overrides
    organization = Organization(**values)
    session.add(organization)
    await session.flush()
    for role, users in ((Role.ADMIN, admins), (Role.PROMOTER, promoters)):
        for user_id in users:
            session.add(OrganizationRole(organization_id=organization.id, user_id=user_id, role=role))
    for user_id in members:
        session.add(OrganizationMember(organization_id=organization.id, user_id=user_id))
    await session.commit()
    return organization


async def create_profiles(session: AsyncSession, *names: tuple[int, str]) -> None:
    """Profiles in the projection, as identity's events would have left them."""
    from kit.db import utcnow

    for profile_id, name in names:
        session.add(Profile(id=profile_id, dancer_name=name, avatar=f"avatar-{profile_id}", synced_at=utcnow()))
    await session.commit()

"""The events the studios service publishes (payload models in `contracts.studios`), written to the outbox in the
caller's transaction."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.studios import MemberChanged
from kit import outbox
from studios.models import Studio


async def member_changed(
    session: AsyncSession, event: type[MemberChanged], studio: Studio, user_id: int, role: str
) -> None:
    """`event` is MemberAdded or MemberRemoved."""
    payload = event(
        studio_id=studio.id,
        user_id=user_id,
        role=role,
        studio_name=studio.name,
        studio_image=studio.image,
        studio_status=studio.status,
    )
    await outbox.add(session, payload)

"""Consumers of identity's profile events: they keep the local projection of (id, dancerName, avatar)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from kit.consumers import Handler
from kit.events import Envelope
from organizations.profiles.service import profile_service

PROFILE_EVENTS = {"identity.profile.created", "identity.profile.updated", "identity.profile.released"}


async def on_profile_changed(session: AsyncSession, envelope: Envelope) -> None:
    if envelope.type in PROFILE_EVENTS:
        await profile_service.apply_event(session, envelope)


handlers = [Handler("profiles", "identity.profile.>", on_profile_changed)]

"""The organizer of a newly published event receives a How To Guide with a QR code of the event's link (the
event page's 'We've emailed you some help' modal speaks of it). The QR image is the events service's
`/api/events/{id}/qr.png` on the public address: mail clients load images by URL, not from data: URIs."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import EventPublished
from identity.config import Settings
from identity.mail.service import mail_service
from kit.consumers import Handler
from kit.events import Envelope


async def send_guide(session: AsyncSession, event: EventPublished, public_url: str) -> None:
    link = f"{public_url}/event/{event.id}"
    await mail_service.queue_to_profile(
        session,
        event.organizer_id,
        "event_guide",
        title=event.title or "your event",
        link=link,
        qr=f"{public_url}/api/events/{event.id}/qr.png",
    )


def guide_handlers(settings: Settings) -> list[Handler[EventPublished]]:
    """Its own durable consumer: one guide per publication (the runner records each envelope it applied)."""

    async def on_published(session: AsyncSession, event: EventPublished, _: Envelope) -> None:
        await send_guide(session, event, settings.public_url)

    return [Handler("event-guide", EventPublished, on_published)]

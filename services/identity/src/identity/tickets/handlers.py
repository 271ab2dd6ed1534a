"""The holder of a newly issued ticket receives it by mail, with its QR code (what staff scan at the door). The
code encodes the ticket's secret, which only this mail and the holder's 'View ticket' carry; it is drawn into
the mail itself (a PNG data URI) rather than linked: a link would put the secret in servers' logs."""

from __future__ import annotations

import segno
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import TicketIssued
from identity.config import Settings
from identity.mail.service import mail_service
from kit.consumers import Handler
from kit.events import Envelope


def money(cents: int) -> str:
    return "Free" if cents == 0 else f"${cents // 100:,}.{cents % 100:02d}"


async def send_ticket(session: AsyncSession, ticket: TicketIssued, public_url: str) -> None:
    await mail_service.queue_to_profile(
        session,
        ticket.user_id,
        "ticket",
        event_title=ticket.event_title or "your event",
        title=ticket.title,
        total=money(ticket.ticket_sum),
        link=f"{public_url}/event/{ticket.event_id}",
        qr=segno.make(ticket.secret, error="m").png_data_uri(scale=6, border=2),
    )


def ticket_handlers(settings: Settings) -> list[Handler[TicketIssued]]:
    """Its own durable consumer: one mail per issued ticket (the runner records each envelope it applied)."""

    async def on_issued(session: AsyncSession, ticket: TicketIssued, _: Envelope) -> None:
        await send_ticket(session, ticket, settings.public_url)

    return [Handler("ticket-mail", TicketIssued, on_issued)]

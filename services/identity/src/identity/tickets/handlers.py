"""The holder of a newly issued ticket receives it by mail, with its QR code (what staff scan at the door). The
code encodes the ticket's secret, which only this mail and the holder's 'View ticket' carry; it is drawn into
the mail itself (a PNG data URI) rather than linked: a link would put the secret in servers' logs."""

from __future__ import annotations

import segno
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import TicketIssued
from identity.config import Settings
from identity.mail.service import mail_service
from identity.models import Account, Profile
from kit.consumers import Handler
from kit.events import Envelope


def money(cents: int) -> str:
    return "Free" if cents == 0 else f"${cents // 100:,}.{cents % 100:02d}"


async def send_ticket(session: AsyncSession, ticket: TicketIssued, public_url: str) -> None:
    found = (
        await session.execute(
            select(Account.email, Profile.dancer_name)
            .join(Profile, Profile.account_id == Account.id)
            .where(Profile.id == ticket.user_id)
        )
    ).first()
    if found is None or not found.email:
        return  # a released profile or an account without mail: nobody to write to
    await mail_service.queue(
        session,
        found.email,
        "ticket",
        name=found.dancer_name or "there",
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

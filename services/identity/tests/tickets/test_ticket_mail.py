"""The holder of an issued ticket gets it by mail with its QR code, once per ticket."""

from __future__ import annotations

import base64
import io
from urllib.parse import unquote

import httpx
import segno
from factories import create_account
from sqlalchemy.ext.asyncio import AsyncSession
from support import Mailbox

from contracts.events import TicketIssued
from identity.tickets.handlers import money
from kit.events import Envelope
from kit.testing import publish

SECRET = "Qk9nV2xq-secret-of-the-ticket_0123456789abcdef"


def issued(user_id: int, ticket_id: int = 7, ticket_sum: int = 1189, title: str = "General") -> Envelope:
    return Envelope.of(
        TicketIssued(
            ticket_id=ticket_id,
            event_id=41,
            user_id=user_id,
            event_title="Floor Wars",
            title=title,
            secret=SECRET,
            ticket_sum=ticket_sum,
        )
    )


class TestTicketMail:
    async def test_the_holder_gets_the_ticket_with_its_qr_code_once(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str, mailbox: Mailbox
    ) -> None:
        _, holder = await create_account(session, "holder@example.com")
        envelope = issued(holder.id)
        await publish(nats_url, envelope)
        await publish(nats_url, envelope, msg_id="a second delivery")
        await publish(nats_url, issued(999_999, ticket_id=8))  # no such profile: nobody to write to
        await publish(nats_url, issued(holder.id, ticket_id=9, ticket_sum=0, title="Free entry"))
        first, second = sorted(await mailbox.wait_for("holder@example.com", count=2), key=lambda m: m["text"])
        assert first["subject"] == "Your Cypher ticket"
        assert '"Floor Wars": Free entry (Free)' in first["text"]
        assert '"Floor Wars": General ($11.89)' in second["text"]
        assert "http://cypher.test/event/41" in second["text"]
        html = unquote(second["html"])
        start = html.index('src="data:image/png;base64,') + len('src="data:image/png;base64,')
        png = base64.b64decode(html[start : html.index('"', start)])
        assert png.startswith(b"\x89PNG")
        expected = io.BytesIO()
        segno.make(SECRET, error="m").save(expected, kind="png", scale=6, border=2)
        assert png == expected.getvalue()  # the QR code of the ticket's secret
        assert SECRET not in second["text"]
        assert len(mailbox.all()) == 2


def test_money() -> None:
    assert money(0) == "Free" and money(1189) == "$11.89" and money(123456) == "$1,234.56" and money(5) == "$0.05"

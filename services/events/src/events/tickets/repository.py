"""Every query of tickets and payments. The two moves that must happen once are single UPDATE ... WHERE
statements on the expected state (`settle`, `issue`): whichever of a confirm, a webhook or a retry runs first
does the work; the others change nothing."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

from sqlalchemy import and_, func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from events.models import Event, EventStaff, OrgRole, Payment, Ticket, Tier

LOCK_SPACE = 0x544B54  # "TKT": a buyer's purchases of one event, one at a time
OPEN = ("pending", "requires_action")


class TicketRepository:
    async def lock_buyer(self, session: AsyncSession, event_id: int, user_id: int) -> None:
        """Two tabs buying at once for the same buyer and event wait for each other (until commit)."""
        key = zlib.crc32(f"{event_id}:{user_id}".encode()) - 2**31
        await session.execute(text("SELECT pg_advisory_xact_lock(:ns, :id)"), {"ns": LOCK_SPACE, "id": key})

    async def event(self, session: AsyncSession, event_id: int) -> Event | None:
        return await session.get(Event, event_id)

    async def tiers(self, session: AsyncSession, event_id: int) -> list[Tier]:
        return list(await session.scalars(select(Tier).where(Tier.event_id == event_id).order_by(Tier.position)))

    async def held(self, session: AsyncSession, event_id: int, user_id: int) -> list[Ticket]:
        """The buyer's live tickets of the event (pending or issued), oldest first."""
        statement = (
            select(Ticket)
            .where(Ticket.event_id == event_id, Ticket.user_id == user_id, Ticket.status.in_(("pending", "issued")))
            .order_by(Ticket.id)
        )
        return list(await session.scalars(statement))

    async def issued(self, session: AsyncSession, event_id: int, user_id: int) -> list[Ticket]:
        statement = (
            select(Ticket)
            .where(Ticket.event_id == event_id, Ticket.user_id == user_id, Ticket.status == "issued")
            .order_by(Ticket.id)
        )
        return list(await session.scalars(statement))

    async def payment(self, session: AsyncSession, payment_id: int) -> Payment | None:
        statement = select(Payment).where(Payment.id == payment_id).execution_options(populate_existing=True)
        return (await session.scalars(statement)).first()

    async def payment_by_ref(self, session: AsyncSession, provider: str, ref: str) -> Payment | None:
        statement = select(Payment).where(Payment.provider == provider, Payment.provider_ref == ref)
        return (await session.scalars(statement.execution_options(populate_existing=True))).first()

    async def ticket_of_payment(self, session: AsyncSession, payment_id: int) -> Ticket | None:
        statement = select(Ticket).where(Ticket.payment_id == payment_id).execution_options(populate_existing=True)
        return (await session.scalars(statement)).first()

    async def ticket_for_update(self, session: AsyncSession, ticket_id: int) -> Ticket | None:
        statement = select(Ticket).where(Ticket.id == ticket_id).with_for_update()
        return (await session.scalars(statement.execution_options(populate_existing=True))).first()

    async def add(self, session: AsyncSession, *rows: Payment | Ticket) -> None:
        session.add_all(rows)
        await session.flush()

    async def settle(
        self, session: AsyncSession, payment_id: int, status: str, message: str = "", amount: int | None = None
    ) -> bool:
        """pending/requires_action -> `status`, once. `amount`, when given, must be the payment's (a webhook
        about another amount changes nothing). True when this call moved it."""
        conditions = [Payment.id == payment_id, Payment.status.in_(OPEN)]
        if amount is not None and not 0 <= amount < 2**31:
            return False  # no payment of ours has such an amount
        if amount is not None:
            conditions.append(Payment.amount_cents == amount)
        result = await session.execute(
            update(Payment)
            .where(and_(*conditions))
            .values(status=status, message=message[:300], updated_at=func.now())
            .returning(Payment.id)
        )
        return result.first() is not None

    async def mark(self, session: AsyncSession, payment_id: int, status: str, *, before: Sequence[str]) -> bool:
        result = await session.execute(
            update(Payment)
            .where(Payment.id == payment_id, Payment.status.in_(before))
            .values(status=status, updated_at=func.now())
            .returning(Payment.id)
        )
        return result.first() is not None

    async def issue(self, session: AsyncSession, payment_id: int) -> Ticket | None:
        """The payment's pending ticket -> issued and paid, once; the ticket when this call issued it."""
        result = await session.execute(
            update(Ticket)
            .where(Ticket.payment_id == payment_id, Ticket.status == "pending")
            .values(status="issued", paid_at=func.now(), updated_at=func.now())
            .returning(Ticket.id)
        )
        ticket_id = result.scalar()
        return await self.ticket(session, ticket_id) if ticket_id is not None else None

    async def close_ticket(self, session: AsyncSession, payment_id: int) -> None:
        """A declined or cancelled payment's pending ticket is cancelled."""
        await session.execute(
            update(Ticket)
            .where(Ticket.payment_id == payment_id, Ticket.status == "pending")
            .values(status="cancelled", updated_at=func.now())
        )

    async def ticket(self, session: AsyncSession, ticket_id: int) -> Ticket | None:
        statement = select(Ticket).where(Ticket.id == ticket_id).execution_options(populate_existing=True)
        return (await session.scalars(statement)).first()

    async def editor_standing(self, session: AsyncSession, event: Event, user_id: int) -> tuple[frozenset[str], bool]:
        """(the user's staff roles on the event, whether they administer its organization)."""
        roles = await session.scalars(
            select(EventStaff.role).where(EventStaff.event_id == event.id, EventStaff.user_id == user_id)
        )
        org_admin = False
        if event.org_id is not None:
            found: Any = await session.scalar(
                select(OrgRole.user_id).where(
                    OrgRole.org_id == event.org_id, OrgRole.user_id == user_id, OrgRole.role == "admin"
                )
            )
            org_admin = found is not None
        return frozenset(roles), org_admin


ticket_repository = TicketRepository()

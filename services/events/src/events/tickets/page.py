"""What tickets add to the event page (events/events/repository.py's statement and view.py's answer): the
sums of each tier's paid tickets (for the editors) and the caller's issued tickets, as columns of the page's one
statement; the tiers' prices, `isFree`, `tickets` and `permissions.hasTicket` from them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import Integer, and_, bindparam, func, literal_column, select
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.sql.elements import Label

from events.models import Event, Ticket
from events.tickets import rules

# A sold ticket of a tier: issued and paid (a card payment succeeded, cash taken at the door, a free tier's
# ticket taken: its sums are 0 but it counts in `sold`).
SOLD = and_(Ticket.status == "issued", Ticket.paid_at.is_not(None))


def page_columns() -> list[Label[Any]]:
    """Bound: `caller_id` (null for a guest), as the page statement's."""
    per_tier = (
        select(
            Ticket.tier_id.label("tier_id"),
            func.sum(Ticket.fees_cents).label("fees"),
            func.sum(Ticket.taxes_cents).label("taxes"),
            func.sum(Ticket.total_cents).label("total"),
            func.count().label("sold"),
        )
        .where(Ticket.event_id == Event.id, SOLD, Ticket.tier_id.is_not(None))
        .group_by(Ticket.tier_id)
        # a derived table: SQLAlchemy would not correlate it and would read every event's tickets
        .correlate(Event)
        .subquery("tier_sums")
    )
    sums = select(
        func.coalesce(
            func.jsonb_object_agg(
                per_tier.c.tier_id,
                func.jsonb_build_object(
                    "fees",
                    per_tier.c.fees,
                    "taxes",
                    per_tier.c.taxes,
                    "total",
                    per_tier.c.total,
                    "sold",
                    per_tier.c.sold,
                ),
            ),
            literal_column("'{}'::jsonb"),
        )
    ).scalar_subquery()
    mine = (
        select(
            func.coalesce(
                func.jsonb_agg(
                    aggregate_order_by(
                        func.jsonb_build_object(
                            "title",
                            Ticket.title,
                            "ticketFees",
                            Ticket.fees_cents,
                            "ticketTaxes",
                            Ticket.taxes_cents,
                            "ticketSum",
                            Ticket.total_cents,
                        ),
                        Ticket.id,
                    )
                ),
                literal_column("'[]'::jsonb"),
            )
        )
        .where(
            Ticket.event_id == Event.id,
            Ticket.user_id == bindparam("caller_id", type_=Integer),
            Ticket.status == "issued",
        )
        .scalar_subquery()
    )
    return [sums.label("tier_sums"), mine.label("my_tickets")]


def page_fields(row: Mapping[str, Any], *, editor: bool) -> dict[str, Any]:
    """`tiers` (with their money), `isFree` and the caller's `tickets`; `hasTicket` goes into permissions."""
    tiers = list(row["tiers"] or ())
    sums = row["tier_sums"] or {}
    mine = list(row["my_tickets"] or ())
    return {
        "tiers": [rules.tier_money(tier, sums.get(str(tier["id"])), editor=editor) for tier in tiers],
        "isFree": rules.is_free(int(tier["cost"] or 0) for tier in tiers),
        "tickets": mine,
    }


def has_ticket(row: Mapping[str, Any]) -> bool:
    return bool(row["my_tickets"])

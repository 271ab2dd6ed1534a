from __future__ import annotations

from events.tickets import rules
from kit.errors import NotFound, ServiceError


class PaymentNotFound(NotFound):
    def __init__(self) -> None:
        super().__init__(rules.PAYMENT_NOT_FOUND, code="payment_not_found")


class TicketNotFound(NotFound):
    def __init__(self) -> None:
        super().__init__(rules.TICKET_NOT_FOUND, code="ticket_not_found")


class ProcessorUnavailable(ServiceError):
    """The processor could not be reached: nothing was decided, the same request may be sent again."""

    status = 503
    code = "payment_processor_unavailable"

    def __init__(self) -> None:
        super().__init__("The payment processor cannot be reached right now. Please try again.")

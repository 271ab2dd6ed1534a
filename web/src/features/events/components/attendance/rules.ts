import type { CypherEvent, Ticket, TicketMethod, Tier } from '../../types'

/** docs/product/tickets-and-checkin.md: the check-in button is throttled at 5000 ms. */
export const CHECKIN_THROTTLE_MS = 5000
/** Stripe: how often and how long the SPA asks our server whether the webhook issued the ticket. */
export const PAYMENT_POLL_MS = 1000
export const PAYMENT_POLL_TRIES = 30

export const ATTENDANCE_TEXTS = {
  buy: 'Buy ticket',
  get: 'Get ticket',
  viewTicket: 'View ticket',
  checkIn: 'Check in',
  checkedIn: 'Checked in',
  ticketsAndCheckins: 'Tickets and check-ins',
  payByCard: 'Pay by card',
  payCash: 'Pay cash at the door',
  confirmPayment: 'Confirm payment',
  cardNumber: 'Card number',
  badCard: 'Enter the card number (12 to 19 digits)',
  stillProcessing: 'Your payment is being processed: the ticket shows under View ticket once it is confirmed.',
  cancelled: 'The payment was cancelled.',
} as const

/** Money of the server (cents) in USD with its cents: '$17.58'. */
export function usd(cents: number | null | undefined): string {
  return `$${((cents ?? 0) / 100).toFixed(2)}`
}

/** An event is free when it has no tiers or their costs sum to 0 (the server says so too: isFree). */
export function eventIsFree(event: { tiers: Pick<Tier, 'cost'>[] } & Partial<Pick<CypherEvent, 'isFree'>>): boolean {
  if (typeof event.isFree === 'boolean') return event.isFree
  return !event.tiers?.length || event.tiers.reduce((sum, tier) => sum + (tier.cost || 0), 0) === 0
}

/** Tickets are sold for a published event that has not ended. */
export function ticketsOnSale(event: Pick<CypherEvent, 'status' | 'isFinished' | 'period'>): boolean {
  return event.status === 'published' && !event.isFinished && event.period !== 'past'
}

export function tierIsFree(tier: Pick<Tier, 'cost' | 'ticketCost'>): boolean {
  return (tier.ticketCost ?? tier.cost ?? 0) === 0
}

/** The per-ticket lines of a tier; the server computed them from its fee and tax table. */
export function tierPrices(tier: Pick<Tier, 'cost' | 'ticketCost' | 'ticketFees' | 'ticketTaxes' | 'ticketTotalSum'>) {
  const cost = tier.ticketCost ?? tier.cost ?? 0
  const fees = tier.ticketFees ?? 0
  const taxes = tier.ticketTaxes ?? 0
  return { cost, fees, taxes, total: tier.ticketTotalSum ?? cost + fees + taxes }
}

/** How a ticket was (or will be) paid, in words. */
export function methodLabel(ticket: Pick<Ticket, 'method' | 'paid'>): string {
  const labels: Record<TicketMethod, string> = {
    card: 'Paid by card',
    cash: ticket.paid ? 'Paid cash at the door' : 'Pay cash at the door',
    free: 'Free',
    staff: 'Given at the door',
  }
  return labels[ticket.method]
}

/** A card number as the test provider takes it: 12 to 19 digits, spaces allowed. */
export function validCardNumber(value: string): boolean {
  return /^\d{12,19}$/.test(value.replace(/\s+/g, ''))
}

/**
 * The Idempotency-Key of a purchase attempt: the same key while the same purchase (tier and method) is retried
 * after a failure that may not have reached the server; a new one once the attempt has an answer (done, declined,
 * refused) or when the user chooses another tier or method (a key reused on another request is refused).
 */
export class AttemptKey {
  private key: string | null = null
  private of: string | null = null

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  for(purchase: string): string {
    if (this.key === null || this.of !== purchase) {
      this.key = this.newKey()
      this.of = purchase
    }
    return this.key
  }

  /** The attempt has its answer: the next one is a new purchase. */
  settle(): void {
    this.key = null
    this.of = null
  }
}

/** A call to run at most once per `ms` (the first goes through at once; those inside the window are dropped). */
export function throttled(ms: number, now: () => number = Date.now) {
  let last = -Infinity
  return (): boolean => {
    const at = now()
    if (at - last < ms) return false
    last = at
    return true
  }
}

/** A failure that may not have reached the server (no answer, time-out, 5xx): retry the same attempt. */
export function isTransient(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined
  return typeof status !== 'number' || status >= 500 || status === 408 || status === 429
}

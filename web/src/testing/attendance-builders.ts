import type { CypherEvent, Feedback, Payment, Ticket } from '@/features/events/types'
import { buildEvent, type EventOverrides } from './builders'

/** A published event happening now, with a free and a paid tier (the server's per-ticket figures), as a guest sees it. */
export function buildLiveEvent(overrides: EventOverrides = {}): CypherEvent {
  return buildEvent({
    title: 'Winter Jam',
    status: 'published',
    period: 'now',
    isFinished: false,
    isFree: false,
    tiers: [
      { id: 1, title: 'Dancers', cost: 0, description: '', ticketCost: 0, ticketFees: 0, ticketTaxes: 0, ticketTotalSum: 0, fees: 0, taxes: 0, totalSum: 0, sold: 0 },
      { id: 2, title: 'VIP', cost: 1500, description: 'Front row', ticketCost: 1500, ticketFees: 125, ticketTaxes: 133, ticketTotalSum: 1758, fees: 0, taxes: 0, totalSum: 0, sold: 0 },
    ],
    permissions: { canEdit: false, canLike: true, canLeaveFeedback: false, checkedIn: false, showCheckin: true, hasTicket: false },
    isLiked: false,
    countLikes: 3,
    canLike: true,
    canLeaveFeedback: false,
    canReviewFeedback: false,
    countFeedbacks: 0,
    feedback: null,
    whoIsGoing: [],
    countGoing: 0,
    tickets: [],
    ...overrides,
  })
}

/** A finished event (its period past). */
export function buildFinishedEvent(overrides: EventOverrides = {}): CypherEvent {
  return buildLiveEvent({ period: 'past', isFinished: true, ...overrides })
}

export function buildTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 70,
    eventId: 42,
    tierId: 2,
    title: 'VIP',
    method: 'card',
    status: 'issued',
    paid: true,
    ticketCost: 1500,
    ticketFees: 125,
    ticketTaxes: 133,
    ticketSum: 1758,
    createdAt: '2026-11-24T20:00:00Z',
    qr: 'data:image/svg+xml;base64,PHN2Zy8+',
    ...overrides,
  }
}

export function buildPayment(overrides: Partial<Payment> = {}): Payment {
  return { id: 90, provider: 'test', status: 'pending', amount: 1758, message: '', clientSecret: null, ...overrides }
}

export function buildFeedback(overrides: Partial<Feedback> = {}): Feedback {
  return {
    averageRating: 4.5,
    timeliness: 4,
    communication: 5,
    venue: 4.5,
    vibe: 5,
    musicSound: 4,
    details: 'Great floor',
    createdAt: '2026-03-07T18:00:00Z',
    userId: 8,
    dancerName: 'B-boy Kid',
    avatar: null,
    isLiked: true,
    ...overrides,
  }
}

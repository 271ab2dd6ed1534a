/**
 * The events payloads (issue 11, seed 001 section 3). Written by hand until the events service's OpenAPI is in
 * proto-contracts/ (then they become aliases of `@contracts/api`, as the organizations' are).
 */

export type EventStatus = 'draft' | 'published'
export type EventPeriod = 'now' | 'future' | 'past'
export type StaffRole = 'admin' | 'host' | 'dj'

export interface StaffUser {
  id: number
  dancerName: string | null
  avatar: string | null
}

export interface Staff {
  organizer: StaffUser | null
  admins: StaffUser[]
  hosts: StaffUser[]
  djs: StaffUser[]
}

export interface Tier {
  id?: number | null
  title: string
  /** cents */
  cost: number
  description: string | null
  /** per ticket, computed by the server from the one fee and tax table (cents; absent on a tier being edited) */
  ticketCost?: number
  ticketFees?: number
  ticketTaxes?: number
  ticketTotalSum?: number
  /** the tier's paid tickets summed, for the event's editors (0 for everyone else) */
  fees?: number
  taxes?: number
  totalSum?: number
  /** how many of the tier's tickets are sold (paid), for the event's editors (0 for everyone else) */
  sold?: number
}

export interface Carpet {
  id?: number | null
  name: string
}

import type { Coordinates } from '@/lib/api/places'

export type { Coordinates }

export interface EventOrg {
  id: number
  name: string
  image: string | null
}

export interface CypherEvent {
  id: number
  title: string
  /** the event's battles, from the events service's projection of the battles service (seed 001, Battle summary) */
  battles?: EventBattleSummary[]
  image: string | null
  /** the venue's wall time, "YYYY-MM-DDTHH:MM" */
  dateStart: string | null
  dateEnd: string | null
  timeZone: string | null
  startsAt: string | null
  endsAt: string | null
  dateFlat: string | null
  timeFlat: string | null
  status: EventStatus
  period: EventPeriod | null
  isFinished: boolean
  locationAddress: string | null
  coordinates: Coordinates | null
  website: string | null
  description: string | null
  /** 0: the platform */
  orgId: number
  org: EventOrg | null
  tiers: Tier[]
  carpets: Carpet[]
  staff: Staff
  scoreboardLogo: string | null
  scoreboardBgImage: string | null
  createdAt: string | null
  /** a published event called off (UTC ISO; null while it is on): it stays readable, shows 'Cancelled' */
  cancelledAt?: string | null
  permissions: EventPermissions
  /* Going to the event (issue 13): absent on an answer of before, so optional. */
  /** no tiers, or tier costs summing to 0 */
  isFree?: boolean
  /** the caller's issued tickets (seed 001's Ticket) */
  tickets?: EventTicketSummary[]
  isLiked?: boolean
  countLikes?: number
  canLike?: boolean
  canLeaveFeedback?: boolean
  canReviewFeedback?: boolean
  /** editors only (else 0) */
  countFeedbacks?: number
  /** the caller's own feedback */
  feedback?: Feedback | null
  whoIsGoing?: GoingUser[]
  countGoing?: number
  /** editors only (null otherwise) */
  totalAverageRating?: number | null
}

/** Seed 001's Event permissions. Only canEdit is older than issue 13. */
export interface EventPermissions {
  canEdit: boolean
  canLeaveFeedback?: boolean
  canLike?: boolean
  checkedIn?: boolean
  /** published and happening now */
  showCheckin?: boolean
  /** the caller holds an issued ticket */
  hasTicket?: boolean
}

/** Seed 001's Ticket, as the Event lists the caller's. Cents. */
export interface EventTicketSummary {
  title: string
  ticketFees: number
  ticketTaxes: number
  ticketSum: number
}

export type TicketMethod = 'card' | 'cash' | 'free' | 'staff'
export type TicketStatus = 'pending' | 'issued' | 'cancelled' | 'refunded'

/** A ticket of POST /api/events/{id}/tickets and GET /api/events/{id}/tickets. Cents. */
export interface Ticket {
  id: number
  eventId: number
  tierId: number | null
  title: string
  method: TicketMethod
  status: TicketStatus
  /** false for cash until staff take the money at the door */
  paid: boolean
  ticketCost: number
  ticketFees: number
  ticketTaxes: number
  ticketSum: number
  createdAt: string
  /** an SVG data URI of the ticket's secret, only while issued */
  qr: string | null
}

export type PaymentStatus = 'pending' | 'requires_action' | 'succeeded' | 'declined' | 'cancelled' | 'refunded'

export interface Payment {
  id: number
  provider: PaymentProvider
  status: PaymentStatus
  /** cents */
  amount: number
  /** the processor's last word (a decline's reason) */
  message: string
  clientSecret: string | null
}

export type PaymentProvider = 'test' | 'stripe'

/** GET /api/payments/config */
export interface PaymentsConfig {
  provider: PaymentProvider
  publishableKey: string | null
  currency: string
}

/** POST /api/events/{id}/tickets: `tierId` null only for a free event without tiers (an RSVP). */
export interface PurchaseRequest {
  tierId: number | null
  method: 'card' | 'cash' | 'free'
}

export interface Purchase {
  ticket: Ticket
  payment: Payment | null
}

/** POST /api/payments/{id}/confirm, the test provider: a card number, or the second step. */
export type PaymentConfirmation = { card: string } | { authenticate: true }

export interface PaymentAnswer {
  payment: Payment
  ticket: Ticket
}

/** The five categories of a feedback (seed 001, Feedback), 1 to 5 in halves. */
export type FeedbackCategory = 'timeliness' | 'communication' | 'venue' | 'vibe' | 'musicSound'

export type FeedbackRatings = Record<FeedbackCategory, number>

export interface Feedback extends FeedbackRatings {
  averageRating: number
  details: string
  createdAt: string
  userId: number
  dancerName: string | null
  avatar: string | null
  isLiked: boolean
}

/** POST /api/events/{id}/feedback (the server computes the average again; a sent one is ignored) */
export interface FeedbackInput extends FeedbackRatings {
  averageRating: number
  details: string
}

/** GET /api/events/{id}/feedback, for the event's editors. */
export interface FeedbackReview {
  feedbacks: Feedback[]
  countFeedbacks: number
  countLikes: number
  totalAverageRating: number | null
  totalTimeliness: number | null
  totalCommunication: number | null
  totalVenue: number | null
  totalVibe: number | null
  totalMusicSound: number | null
}

/** POST /api/events/{id}/like */
export interface LikeAnswer {
  isLiked: boolean
  countLikes: number
}

/** Someone going (ticket holder or checked in): Who's going and its modal. */
export interface GoingUser {
  id: number
  avatar: string | null
  dancerName: string | null
}

/** POST /api/events/{id}: the whole event as the wizard edits it. */
export interface EventUpdate {
  title: string
  image: string | null
  orgId: number
  locationAddress: string | null
  coordinates: Coordinates | null
  website: string | null
  description: string | null
  dateStart: string | null
  dateEnd: string | null
  tiers: Tier[]
  scoreboardLogo: string | null
  scoreboardBgImage: string | null
}

/**
 * An event of GET /api/events. The organization's tab reads the first fields only; the events page also the
 * venue's zone, the instants, the period and the place (the server sends them all).
 */
export type EventListItem = Pick<CypherEvent, 'id' | 'title' | 'image' | 'dateFlat' | 'timeFlat' | 'locationAddress' | 'status'> &
  Partial<
    Pick<
      CypherEvent,
      'period' | 'permissions' | 'orgId' | 'dateStart' | 'dateEnd' | 'timeZone' | 'startsAt' | 'endsAt' | 'isFinished' | 'coordinates' | 'createdAt' | 'cancelledAt'
    >
  >

/** The periods the events page browses (drafts are an organizer's, on their profile and organization). */
export type BrowsePeriod = 'now' | 'future' | 'past'

/** A marker of GET /api/events-map (seed 001 section 3, Map event). */
export interface MapEvent {
  id: number
  image: string | null
  locationAddress: string | null
  coordinates: Coordinates
}

export type MapStats = Record<BrowsePeriod, number>

/** GET /api/events-map: the events in the view (capped by the server) and each tab's count there. */
export interface EventsMapAnswer {
  events: MapEvent[]
  stats: MapStats
}

/** An organization of the events page's filter (GET /api/orgs?k=): its events now, to come and past. */
export interface OrgOption {
  id: number
  name: string
  image?: string | null
  current?: number
  future?: number
  past?: number
}

export interface EventTabs {
  now: number
  past: number
  draft: number
  future: number
}

export type { Place, PlaceSearch } from '@/lib/api/places'

/* Battles in the event (issue 15): the summary the event page shows, and the battle as the wizard edits it. */

/** Seed 001's Battle summary (event context): a chip on the event page, a block in the wizard. */
export interface EventBattleSummary {
  id: number
  title: string
  /** 1 to 10, or 10000 for Unlimited */
  crewSize: number
  isRegistered: boolean
  orgChip: { id: number; image: string | null } | null
}

export type ParticipationCapType = 'none' | 'registration' | 'checkIn'
export type BattleStyle = 'bracket' | 'classic'
export type BracketSize = 32 | 16 | 8 | 4 | 2

export interface BracketLevel {
  name: string
  rounds: number
}

export interface BattlePrize {
  id?: number | null
  /** one of the places (1st Place, 2nd Place, Top 4 ... Top 32) */
  title: string
  /** dollars */
  amount: number
}

export interface BattleJudge {
  id: number
  dancerName: string | null
  avatar: string | null
}

/**
 * GET /api/battles/{id} as the wizard reads it (the battles API contract's Battle; the battle page reads the rest:
 * participants, crews, permissions).
 */
export interface EventBattle {
  id: number
  eventId: number
  title: string
  style: BattleStyle
  crewSize: number
  category?: string
  description: string | null
  prizesDesc: string | null
  prizes: BattlePrize[]
  /** 0: none */
  orgId: number
  organizationCompetitorsOnly: boolean
  orgChip: { id: number; image: string | null; name?: string | null } | null
  hideParticipants: boolean
  participationCapType: ParticipationCapType
  limit: number
  startDate: string | null
  bracketSize: BracketSize
  bracketLevels: BracketLevel[]
  judges: BattleJudge[]
  isLimitExceeded?: boolean
  isRegistered?: boolean
  canEdit?: boolean
}

/** PUT /api/battles/{id}: the wizard's fields. */
export interface BattleUpdate {
  title: string
  crewSize: number
  orgId: number
  organizationCompetitorsOnly: boolean
  description: string
  hideParticipants: boolean
  participationCapType: ParticipationCapType
  limit: number
  style: BattleStyle
  bracketSize: BracketSize
  bracketLevels: BracketLevel[]
  prizesDesc: string
  prizes: { title: string; amount: number }[]
  startDate: string | null
}

/** A carpet's board as the display mode dialog reads it (GET /api/events/{id}/scoreboards; issue 16). */
export interface CarpetBoard {
  carpetId: number
  carpetName: string
  eventId: number
  /** the board's sparring as the sparring screen shows it (a live change patches the id only) */
  sparring: BoardShown | null
}

export interface BoardShown {
  sparringId: number
  battleTitle?: string
  level?: string
  red?: { name: string | null } | null
  blue?: { name: string | null } | null
}

/** A sparring of a battle's bracket, named for the dialog; `open` (both sides set, not finished): it can go on a board. */
export interface BoardSparringOption {
  sparringId: number
  label: string
  open: boolean
}

/** A paid ticket of a cancelled event whose refund failed: still owed (cancelling again retries it). Cents. */
export interface RefundFailure {
  ticketId: number
  userId: number
  amount: number
  message: string
}

/** POST /events/{id}/cancel: the event, the refunds this call made, the ones that failed, the cash to hand back. */
export interface Cancellation {
  event: CypherEvent
  refunded: number
  failed: RefundFailure[]
  cashToReturn: number
}

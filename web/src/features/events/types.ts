/**
 * The events payloads, generated from proto-contracts/ (`npm run gen:types`): aliases, and the wizard's drafts
 * derived from them.
 */
import type {
  Battle,
  BattleUpdate,
  Board,
  Event,
  EventBattle,
  EventsUser,
  EventUpdate,
  FeedbackIn,
  Organization,
  OrganizationListItem,
  Sparring,
  SparringSide,
  Ticket,
  TierIn,
} from '@contracts/api'

export type {
  BattleUpdate,
  Bracket,
  BracketLevel,
  CalendarDays,
  Cancellation,
  Carpet,
  CarpetIn,
  Confirmation,
  EventCreated,
  EventItem,
  Feedback,
  FeedbackIn,
  FeedbackReview,
  LikeState,
  MapAnswer,
  MapEvent,
  MapStats,
  OrganizationList,
  Payment,
  PaymentsConfig,
  PaymentState,
  Permissions,
  PrizeIn,
  Purchase,
  Purchased,
  Staff,
  StaffRole,
  Tabs,
  Ticket,
  Tier,
} from '@contracts/api'
export type { EventPeriod } from '@/lib/event-periods'
export type { Battle } from '@/lib/api/types'
export type { Place } from '@/lib/api/places'

/** GET /api/events/{id} (`Event` would hide the DOM's). */
export type CypherEvent = Event
/** A battle of the event page and the wizard's list (the API's `EventBattle`; the wizard edits the whole `Battle`). */
export type EventBattleSummary = EventBattle
/** Someone the event lists: its staff, who is going. */
export type EventUser = EventsUser

export type TicketMethod = Ticket['method']

/** The five categories of a feedback (docs/product/events.md), 1 to 5 in halves. */
export type FeedbackCategory = Exclude<keyof FeedbackIn, 'averageRating' | 'details'>
export type FeedbackRatings = Record<FeedbackCategory, number>

/** An organization of the events page's filter: from GET /api/orgs?k= (with its counts) or GET /api/orgs/{id}. */
export type OrgOption = Pick<Organization, 'id' | 'name' | 'image'> & Partial<Pick<OrganizationListItem, 'current' | 'future' | 'past'>>

/*
 * The wizard's drafts: POST /api/events/{id} and PUT /api/battles/{id} with every field the wizard edits given
 * (the API lets a save leave any out). A tier's text is null until typed, which the server takes as empty.
 */
export type TierDraft = Omit<TierIn, 'description'> & { description: string | null }
export type EventDraft = Required<Omit<EventUpdate, 'title' | 'orgId' | 'tiers' | 'carpets'>> & {
  title: string
  orgId: number
  tiers: TierDraft[]
}
export type BattleStyle = Battle['style']
export type ParticipationCapType = Battle['participationCapType']
export type BracketSize = NonNullable<BattleUpdate['bracketSize']>
export type BattleJudge = Battle['judges'][number]
export type BattleDraft = { [K in Exclude<keyof BattleUpdate, 'startDate'>]-?: NonNullable<BattleUpdate[K]> } & { startDate: string | null }

/**
 * The boards as the display mode dialog keeps them (GET /api/events/{id}/scoreboards): a board's sparring is the
 * server's, or only its id while a choice is on its way.
 */
export type BoardShown = Pick<Sparring, 'sparringId'> &
  Partial<Pick<Sparring, 'battleTitle' | 'level'>> & { red?: Pick<SparringSide, 'name'> | null; blue?: Pick<SparringSide, 'name'> | null }
export type CarpetBoard = Omit<Board, 'sparring'> & { sparring: BoardShown | null }

/** A sparring of a battle's bracket, named for the dialog; `open` (both sides set, not finished): it can go on a board. */
export interface BoardSparringOption {
  sparringId: number
  label: string
  open: boolean
}

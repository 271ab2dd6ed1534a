import { PLACE_NOT_FOUND } from '@/lib/api/places'
import type { SortDirection } from '@/lib/lists'
import type { Cancellation, CypherEvent, EventDraft, EventPeriod, Tier, TierDraft } from './types'

/** docs/product/events.md. */
export const EVENT_TITLE_MAX_LENGTH = 150
export const MAX_TIERS = 10
export const ORG_EVENTS_PAGE_SIZE = 8
export const ORG_PICKER_PAGE_SIZE = 100
/** the platform option of the organization select */
export const PLATFORM_ORG_ID = 0
export const DEFAULT_TIME = '12:00'

export const WIZARD_STEPS = ['Info', 'Date', 'Tiers', 'Display Mode', 'Battles', 'Total'] as const
export type WizardStep = (typeof WIZARD_STEPS)[number]
export const TOTAL_STEP = WIZARD_STEPS.indexOf('Total')

export const TEXTS = {
  heading: 'Create Event',
  localDate: 'Local date and time *',
  endBeforeStart: "End Date can't be before the Start Date",
  costOptional: 'Cost (optional)',
  visitWebsite: 'Visit website to learn more',
  emailedHelp: "We've emailed you some help",
  free: 'Free',
  locationRequired: 'Location is required',
} as const

/** What still keeps a draft from being published, as the review says it: the place (the server refuses an event
 * without one too), or an address the geocoder could not place (`notFound`: no coordinates, so never on the map);
 * the dates are the server's own message when Publish is pressed. */
export function publishProblems(draft: Pick<EventDraft, 'locationAddress'>, notFound = false): string[] {
  if (!draft.locationAddress?.trim()) return [TEXTS.locationRequired]
  return notFound ? [PLACE_NOT_FOUND] : []
}

/** The step the processing page opens: Total when the event has a title, else Info. */
export function firstStep(event: Pick<CypherEvent, 'title'>): number {
  return event.title?.trim() ? TOTAL_STEP : 0
}

/** The media panel's texts: 'Media', '{event title} Clips'; the delete question names the event's page. */
export function eventMediaTexts(title: string | null | undefined) {
  const name = title?.trim()
  return {
    title: `${name || 'Event'} Clips`,
    pageName: name || 'this event',
    emptyText: 'Clips of this event will show here.',
    editorEmptyText: 'Add the battles and showcases of this event worth watching again.',
  }
}

/** 'Are you sure you want to delete {event title or this event}?' */
export function deleteQuestion(title: string | null | undefined): string {
  return `Are you sure you want to delete ${title?.trim() || 'this event'}?`
}

/** "YYYY-MM-DDTHH:MM" into its date and time (the time 12:00 when there is none). */
export function splitLocal(value: string | null | undefined): { date: string; time: string } {
  if (!value) return { date: '', time: DEFAULT_TIME }
  const [date, time] = value.split('T')
  return { date: date ?? '', time: time ? time.slice(0, 5) : DEFAULT_TIME }
}

/** A date and a time as the API takes them: local wall time without an offset, or null without a date. */
export function joinLocal(date: string, time: string): string | null {
  if (!date) return null
  return `${date}T${time || DEFAULT_TIME}`
}

/** Whether the end is before the start (shown, never blocking). Both are "YYYY-MM-DDTHH:MM": text order is time order. */
export function endBeforeStart(start: string | null | undefined, end: string | null | undefined): boolean {
  if (!start || !end) return false
  return end.slice(0, 16) < start.slice(0, 16)
}

/** Cents from what was typed in dollars (null when it is not a number); the server applies the 0-1 rule. */
export function dollarsToCents(value: string): number | null {
  const text = value.trim()
  if (!text) return 0
  if (!/^\d*(\.\d{0,2})?$/.test(text)) return null
  return Math.round(Number(text) * 100)
}

export function centsToDollars(cents: number | null | undefined): string {
  if (!cents) return '0'
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)
}

/** Free: no tiers, or tier costs summing to 0 (docs/product/events.md). */
export function isFree(tiers: Pick<Tier, 'cost'>[] | null | undefined): boolean {
  return !tiers?.length || tiers.reduce((sum, tier) => sum + (tier.cost || 0), 0) === 0
}

/** The sidebar's cost summary: 'Free', '$amount' or '$min - $max'. */
export function costSummary(tiers: Pick<Tier, 'cost'>[] | null | undefined): string {
  if (!tiers || isFree(tiers)) return TEXTS.free
  const costs = tiers.map((tier) => tier.cost || 0)
  const min = Math.min(...costs)
  const max = Math.max(...costs)
  return min === max ? `$${centsToDollars(min)}` : `$${centsToDollars(min)} - $${centsToDollars(max)}`
}

export function newTier(): TierDraft {
  return { title: '', cost: 0, description: null }
}

/** The tiers the step shows: always at least the first one, which cannot be removed. */
export function tiersForEditing(tiers: TierDraft[] | null | undefined): TierDraft[] {
  return tiers?.length ? tiers : [newTier()]
}

/** What is saved: a tier the user left blank (no title, no cost, no description) is not a tier. */
export function tiersForSave(tiers: TierDraft[]): TierDraft[] {
  return tiers.filter((tier) => tier.title.trim() || tier.cost > 0 || tier.description?.trim())
}

/** 'Carpet N' for the next carpet: one more than the highest number in use, so names never repeat. */
export function nextCarpetName(carpets: { name: string }[]): string {
  const numbers = carpets.map((carpet) => /^Carpet (\d+)$/.exec(carpet.name.trim())?.[1]).filter(Boolean).map(Number)
  const next = Math.max(carpets.length, ...numbers, 0) + 1
  return `Carpet ${next}`
}

export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
}

export function shareLinks(url: string, title: string) {
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    twitter: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
  }
}

/** The whole event as the wizard saves it, from the loaded event. */
export function eventUpdate(event: CypherEvent): EventDraft {
  return {
    title: event.title ?? '',
    image: event.image ?? null,
    orgId: event.orgId ?? PLATFORM_ORG_ID,
    locationAddress: event.locationAddress ?? null,
    coordinates: event.coordinates ?? null,
    website: event.website ?? null,
    description: event.description ?? null,
    dateStart: event.dateStart ? event.dateStart.slice(0, 16) : null,
    dateEnd: event.dateEnd ? event.dateEnd.slice(0, 16) : null,
    tiers: event.tiers ?? [],
    scoreboardLogo: event.scoreboardLogo ?? null,
    scoreboardBgImage: event.scoreboardBgImage ?? null,
  }
}

/** Trimmed and with blank optional fields as null, as the server keeps them. */
export function normaliseUpdate(update: EventDraft): EventDraft {
  return {
    ...update,
    title: update.title.trim(),
    website: update.website?.trim() || null,
    description: update.description?.trim() ? update.description : null,
    tiers: tiersForSave(update.tiers).map((tier) => ({ ...tier, title: tier.title.trim(), description: tier.description?.trim() || null })),
  }
}

export type OrgEventsSortField = 'date' | 'title'

/** GET /api/events `s`: date-asc | date-desc | title-asc | title-desc. */
export function eventSortParam(field: OrgEventsSortField, direction: SortDirection): string {
  return `${field}-${direction}`
}

/* The events page (docs/product/events.md). */

export const EVENTS_PAGE_SIZE = 50
/** the keyword applies after this delay */
export const KEYWORD_DELAY_MS = 1200
/** the organization filter's name search waits this long (not in the product: quick, it is a short list) */
export const ORG_FILTER_DEBOUNCE_MS = 400
export const ORG_FILTER_PAGE_SIZE = 100

export const BROWSE_TEXTS = {
  search: 'Search events',
  empty: 'No Events exist with these parameters',
} as const

export const BROWSE_PERIODS: { key: EventPeriod; label: string }[] = [
  { key: 'now', label: 'Happening now' },
  { key: 'future', label: 'Future events' },
  { key: 'past', label: 'Past events' },
]

/** The events page's views: the child routes shown as tabs. */
export type BrowseView = 'grid' | 'map' | 'calendar'

export function browseView(pathname: string): BrowseView {
  const rest = pathname.replace(/\/+$/, '').split('/')[2]
  return rest === 'map' || rest === 'calendar' ? rest : 'grid'
}

/** The calendar keeps the footer only on windows at least this wide. */
export const CALENDAR_FOOTER_MIN_WIDTH = 960

/** The footer is hidden on the map, and on the calendar of a narrow window (docs/product/events.md). */
export function browseFooterHidden(view: BrowseView, windowWidth: number): boolean {
  return view === 'map' || (view === 'calendar' && windowWidth < CALENDAR_FOOTER_MIN_WIDTH)
}

/** `o` of the URL and the API: organization ids, comma separated; anything else in it is dropped. */
export function parseOrgIds(value: string | null | undefined): number[] {
  if (!value) return []
  const ids = value.split(',').map((part) => part.trim()).filter((part) => /^\d+$/.test(part)).map(Number).filter((id) => id > 0)
  return [...new Set(ids)]
}

export function formatOrgIds(ids: number[]): string | undefined {
  return ids.length ? ids.join(',') : undefined
}

/** The keyword as it is sent: trimmed, absent when blank. */
export function keywordParam(keyword: string | null | undefined): string | undefined {
  return keyword?.trim() || undefined
}

/** The organization filter's search: trimmed (the server compares case-insensitively); absent when blank. */
export function orgSearchParam(text: string): string | undefined {
  return text.trim() || undefined
}

/** The period tabs the grid shows: only those with events, in the product's order. */
export function browsePeriods(counts: Partial<Record<EventPeriod, number>> | null | undefined) {
  return BROWSE_PERIODS.filter((period) => (counts?.[period.key] ?? 0) > 0)
}

/** The tab the grid shows: the chosen one while it has events, else the first that has some (null: none). */
export function currentBrowsePeriod(chosen: EventPeriod | null, counts: Partial<Record<EventPeriod, number>> | null | undefined): EventPeriod | null {
  const periods = browsePeriods(counts)
  if (chosen && periods.some((period) => period.key === chosen)) return chosen
  return periods[0]?.key ?? null
}

/** An organization's counts in the filter: '2 current, 5 future, 12 past'. */
export function orgCounts(org: { current?: number; future?: number; past?: number }): string {
  return `${org.current ?? 0} current, ${org.future ?? 0} future, ${org.past ?? 0} past`
}

/* Cancelling and deleting (docs/decisions.md, *Events: cancelling, deleting, the door list*): a draft is deleted, a
 * published event is cancelled (it stays readable, its paid tickets are refunded, its people told). */

export const CANCEL_TEXTS = {
  action: 'Cancel event',
  confirm: 'Cancel event',
  keep: 'Keep event',
  label: 'Cancelled',
  explanation:
    'The event stays on Cypher marked Cancelled. Every ticket paid by card is refunded, and ticket holders and battle registrants are notified by e-mail. This cannot be undone.',
  retry: 'Retry refunds',
} as const

export function cancelQuestion(title: string | null | undefined): string {
  return `Cancel ${title?.trim() || 'this event'}?`
}

type Lifecycle = { status: string; cancelledAt?: string | null }

/** Only a draft is deleted: a published event has tickets and registrations. */
export const canDelete = (event: Lifecycle) => event.status === 'draft'

/** A published event not cancelled yet. */
export const canCancel = (event: Lifecycle) => event.status === 'published' && !event.cancelledAt

export const isCancelled = (event: { cancelledAt?: string | null }) => Boolean(event.cancelledAt)

/** What cancelling did, in one sentence (the refunds made, the ones still owed, the cash to hand back). */
export function cancellationSummary(result: Pick<Cancellation, 'refunded' | 'failed' | 'cashToReturn'>): string {
  const parts = [`Event cancelled. ${result.refunded === 1 ? '1 card payment' : `${result.refunded} card payments`} refunded.`]
  if (result.failed.length) {
    const owed = result.failed.reduce((sum, failure) => sum + failure.amount, 0)
    parts.push(`${result.failed.length === 1 ? '1 refund' : `${result.failed.length} refunds`} failed ($${centsToDollars(owed)} still owed): retry them.`)
  }
  if (result.cashToReturn) parts.push(`${result.cashToReturn === 1 ? '1 ticket was' : `${result.cashToReturn} tickets were`} paid in cash at the door: hand the money back there.`)
  return parts.join(' ')
}

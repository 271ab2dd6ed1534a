/** The events lists' sub-tabs and sorts (docs/product/accounts-and-profiles.md), shared by every events list. */
import type { Event, Tab } from '@contracts/api'
import type { SortDirection } from './lists'

/** An event's period, as the API answers it (docs/product/events.md). */
export type EventPeriod = Event['period']
/** An events list's sub-tab (GET /events?t=): the periods, and the drafts. */
export type EventTab = Tab
export type EventSortField = 'date' | 'title'

export const EVENT_PERIODS: { key: EventTab; label: string }[] = [
  { key: 'now', label: 'Happening' },
  { key: 'past', label: 'Past' },
  { key: 'future', label: 'Upcoming' },
  { key: 'draft', label: 'Drafts' },
]

export const EVENT_SORT_FIELDS: { key: EventSortField; label: string }[] = [
  { key: 'date', label: 'Date created' },
  { key: 'title', label: 'A-Z' },
]

/** The direction each sub-tab starts with: now asc, past desc, future asc, draft desc. */
export const DEFAULT_EVENT_DIRECTION: Record<EventTab, SortDirection> = {
  now: 'asc',
  past: 'desc',
  future: 'asc',
  draft: 'desc',
}

export type EventCounts = Partial<Record<EventTab, number>>

/** Only the sub-tabs with a count above 0 show (of `periods`, in their order). */
export function visibleEventPeriods(counts: EventCounts, periods: { key: EventTab; label: string }[] = EVENT_PERIODS) {
  return periods.filter((period) => (counts[period.key] ?? 0) > 0)
}

/** The first non-empty sub-tab is selected first; null when there are no events at all. */
export function firstEventPeriod(counts: EventCounts): EventTab | null {
  return visibleEventPeriods(counts)[0]?.key ?? null
}


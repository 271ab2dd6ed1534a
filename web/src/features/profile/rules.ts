import { EVENT_PERIODS, type EventCounts, type EventTab } from '@/lib/event-periods'

/** Badge thresholds of events attended (docs/product/accounts-and-profiles.md): dimmed until reached; the last one carries a crown. */
export const BADGE_THRESHOLDS = [1, 10, 40, 80, 100] as const
export const DIMMED_OPACITY = 0.3

export function badgeEarned(threshold: number, eventsAttended: number | null | undefined): boolean {
  return (eventsAttended ?? 0) >= threshold
}

export const STAT_LABELS = [
  ['eventsAttended', 'Events Attended'],
  ['battlesEntered', 'Battles Entered'],
  ['battlesWon', 'Battles Won'],
  ['eventsDj', "Events DJ'd"],
  ['battlesJudged', 'Battles Judged'],
] as const

export type StatKey = (typeof STAT_LABELS)[number][0]

/** The stats to show: each only when the server sent it (a private one is left out of the payload). */
export function visibleStats(user: Partial<Record<StatKey, number | null>>) {
  return STAT_LABELS.filter(([key]) => user[key] !== undefined && user[key] !== null).map(([key, label]) => ({
    key,
    label,
    value: user[key] as number,
  }))
}

/**
 * The Events tab (docs/product/accounts-and-profiles.md): 5 a page with pagination; the 'Happening now' list
 * has no pagination (the product's 100, lowered to the events service's page cap of 50).
 */
export const PROFILE_EVENTS_PAGE_SIZE = 5
export const HAPPENING_NOW_SIZE = 50

/** The sub-tabs in the product's order (now, past, draft, future); draft only for the profile's owner. */
export function profilePeriods(owner: boolean) {
  const byKey = new Map(EVENT_PERIODS.map((period) => [period.key, period]))
  const keys: EventTab[] = owner ? ['now', 'past', 'draft', 'future'] : ['now', 'past', 'future']
  return keys.map((key) => byKey.get(key) as (typeof EVENT_PERIODS)[number])
}

/** The sub-tab shown first: the first with events, else the first. */
export function firstProfilePeriod(counts: EventCounts, owner: boolean): EventTab {
  const periods = profilePeriods(owner)
  return (periods.find((period) => (counts[period.key] ?? 0) > 0) ?? periods[0]).key
}

export function pageCount(count: number | undefined, size = PROFILE_EVENTS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil((count ?? 0) / size))
}

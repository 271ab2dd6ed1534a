/** docs/product/events.md, Home: Home features 3 events. */
export const FEATURED_EVENTS = 3

/** What a featured card shows of a list item of GET /api/events (the server formats date and time). */
export interface FeaturedEvent {
  id: number
  title: string
  image: string | null
  dateFlat: string | null
  timeFlat: string | null
  locationAddress: string | null
}

/**
 * Featured Events are "the first 3 events, tab now or future, sorted date ascending": the list answers one tab
 * at a time, so Home asks for both at once (3 each) and shows those happening now first, then the next ones.
 */
export function featuredEvents(now: readonly FeaturedEvent[], future: readonly FeaturedEvent[]): FeaturedEvent[] {
  const seen = new Set<number>()
  return [...now, ...future].filter((event) => !seen.has(event.id) && seen.add(event.id)).slice(0, FEATURED_EVENTS)
}

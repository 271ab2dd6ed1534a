/** The members wall's rules (docs/product/accounts-and-profiles.md), pure and tested. */

export const MEMBERS_PAGE_SIZE = 50
export const MEMBERS_SEARCH_DEBOUNCE_MS = 600
export const MEMBERS_EMPTY = 'No members exist with these parameters'

export type MembersSort = 'name-asc' | 'name-desc'
export const MEMBERS_SORTS: { value: MembersSort; label: string }[] = [
  { value: 'name-asc', label: 'A-Z' },
  { value: 'name-desc', label: 'Z-A' },
]

/** The search box's label and placeholder: how many cards the search runs over (before the count: none). */
export function searchLabel(count: number | undefined): string {
  return count === undefined ? 'Search cards' : `Search ${count} cards`
}

/** The location chips, kept in the page's query so a filtered wall can be shared and Back undoes a change. */
export const LOCATION_KEYS = ['country', 'state', 'city'] as const
export type LocationKey = (typeof LOCATION_KEYS)[number]
export type LocationFilter = Partial<Record<LocationKey, string>>

const KIND: Record<LocationKey, string> = { country: 'Country', state: 'State', city: 'City' }

export interface LocationChip {
  key: LocationKey
  value: string
  /** the remove button's accessible name */
  removeLabel: string
}

/** The filter as the query holds it: trimmed, blank values left out. */
export function locationOf(query: URLSearchParams): LocationFilter {
  const filter: LocationFilter = {}
  for (const key of LOCATION_KEYS) {
    const value = query.get(key)?.trim()
    if (value) filter[key] = value
  }
  return filter
}

/** One chip per value, country first, then state and city. */
export function locationChips(filter: LocationFilter): LocationChip[] {
  return LOCATION_KEYS.flatMap((key) => {
    const value = filter[key]
    return value ? [{ key, value, removeLabel: `Remove ${KIND[key].toLowerCase()} ${value}` }] : []
  })
}

/** The query with the location replaced (other parameters kept). */
export function withLocation(query: URLSearchParams, filter: LocationFilter): URLSearchParams {
  const next = new URLSearchParams(query)
  for (const key of LOCATION_KEYS) {
    const value = filter[key]?.trim()
    if (value) next.set(key, value)
    else next.delete(key)
  }
  return next
}

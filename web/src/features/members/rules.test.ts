import { describe, expect, it } from 'vitest'
import { MEMBERS_EMPTY, MEMBERS_PAGE_SIZE, MEMBERS_SEARCH_DEBOUNCE_MS, locationChips, locationOf, searchLabel, withLocation } from './rules'

describe('members rules', () => {
  it("keeps the seed's constants and texts", () => {
    expect(MEMBERS_PAGE_SIZE).toBe(50)
    expect(MEMBERS_SEARCH_DEBOUNCE_MS).toBe(600)
    expect(MEMBERS_EMPTY).toBe('No members exist with these parameters')
  })

  it("labels the search 'Search {count} cards' once the count is known", () => {
    expect(searchLabel(undefined)).toBe('Search cards')
    expect(searchLabel(0)).toBe('Search 0 cards')
    expect(searchLabel(1234)).toBe('Search 1234 cards')
  })

  it('reads the chips from the query, trimmed, blank ones left out, country first', () => {
    const filter = locationOf(new URLSearchParams('city=%20Brooklyn%20&state=&country=United%20States&k=x'))
    expect(filter).toEqual({ country: 'United States', city: 'Brooklyn' })
    expect(locationChips(filter)).toEqual([
      { key: 'country', value: 'United States', removeLabel: 'Remove country United States' },
      { key: 'city', value: 'Brooklyn', removeLabel: 'Remove city Brooklyn' },
    ])
  })

  it('replaces the location in the query and keeps the rest', () => {
    const next = withLocation(new URLSearchParams('country=France&city=Paris&x=1'), { country: 'Canada', state: ' Ontario ', city: '' })
    expect(next.toString()).toBe('country=Canada&x=1&state=Ontario')
  })
})

import { describe, expect, it } from 'vitest'
import { COUNTRIES, findCountry, needsState, searchCountries } from './countries'

const names = (query: string) => searchCountries(query).map((country) => country.name)

describe('country search', () => {
  it("finds United States for 'us' and 'u.s'", () => {
    expect(names('us')).toContain('United States')
    expect(names('u.s')).toContain('United States')
    expect(names('U.S')).toContain('United States')
  })
  it('searches by substring, ignoring case and accents', () => {
    expect(names('kingdom')).toEqual(['United Kingdom'])
    expect(names('cote')).toContain("Côte d'Ivoire")
    expect(names('HOLLAND')).toEqual(['Netherlands'])
  })
  it('finds nothing for nonsense (the list then reads Country not found)', () => {
    expect(names('zzz')).toEqual([])
  })
  it('gives the whole list for an empty query', () => {
    expect(searchCountries('  ')).toHaveLength(COUNTRIES.length)
  })
})

describe('states', () => {
  it('only Australia, Canada and the United States use one', () => {
    expect(COUNTRIES.filter((country) => country.hasStates).map((country) => country.name)).toEqual([
      'Australia',
      'Canada',
      'United States',
    ])
    expect(needsState('Canada')).toBe(true)
    expect(needsState('France')).toBe(false)
    expect(needsState(null)).toBe(false)
    expect(findCountry('united states')?.code).toBe('US')
  })
})

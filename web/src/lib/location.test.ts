import { describe, expect, it } from 'vitest'
import { LOCATION_MESSAGES, locationErrors, locationForSave, stateOf, withCountry } from './location'

const place = (country: string | null, city = '', state = '') => ({ country, city, state })

describe('a location', () => {
  it('needs a country and a city, and a state only in Australia, Canada and the United States', () => {
    expect(locationErrors(place(null))).toEqual({ country: 'Country is required', city: 'City is required' })
    expect(locationErrors(place('France', 'Paris'))).toEqual({})
    expect(locationErrors(place('France', '  '))).toEqual({ city: 'City is required' })
    expect(locationErrors(place('Canada', 'Montreal'))).toEqual({ state: 'State is required' })
    expect(locationErrors(place('Australia', 'Sydney', ' '))).toEqual({ state: 'State is required' })
    expect(locationErrors(place('United States', 'Austin', 'Texas'))).toEqual({})
  })
  it('takes the messages a form uses ("" marks a field without words)', () => {
    expect(locationErrors(place('Canada'), { ...LOCATION_MESSAGES, city: '', state: '' })).toEqual({ city: '', state: '' })
  })
  it('clears city and state when the country changes, and nothing for the same country', () => {
    const values = { ...place('United States', 'Austin', 'Texas'), dancerName: 'Ana' }
    expect(withCountry(values, 'Canada')).toEqual({ country: 'Canada', city: '', state: '', dancerName: 'Ana' })
    expect(withCountry(values, 'United States')).toBe(values)
  })
  it('saves the state only where the country uses one, everything trimmed', () => {
    expect(locationForSave(place('France', ' Paris ', 'Île'))).toEqual({ country: 'France', city: 'Paris', state: null })
    expect(locationForSave(place('Canada', 'Montreal', ' Quebec '))).toEqual({ country: 'Canada', city: 'Montreal', state: 'Quebec' })
    expect(stateOf(place('Germany', '', 'Bavaria'))).toBeNull()
  })
})

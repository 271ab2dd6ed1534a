import { describe, expect, it } from 'vitest'
import { firstNonzeroPeriod, geolocationToast, mapSort, mapTabStep } from './rules'

describe('the events map rules', () => {
  it('selects the first tab with a nonzero count, in the order now, future, past', () => {
    expect(firstNonzeroPeriod({ now: 0, future: 0, past: 4 })).toBe('past')
    expect(firstNonzeroPeriod({ now: 0, future: 2, past: 4 })).toBe('future')
    expect(firstNonzeroPeriod({ now: 0, future: 0, past: 0 })).toBeNull()
  })

  it('chooses that tab once; later the chosen tab stands, and a tab without events zooms out to the world', () => {
    const first = mapTabStep({ period: 'now', autoChosen: false }, { now: 0, future: 3, past: 1 }, 5)
    expect(first).toEqual({ period: 'future', autoChosen: true, zoomTo: null })
    const later = mapTabStep({ period: 'future', autoChosen: true }, { now: 2, future: 0, past: 1 }, 5)
    expect(later).toEqual({ period: 'future', autoChosen: true, zoomTo: 1 })
    // nothing anywhere in view: the world, and the choice still to come
    expect(mapTabStep({ period: 'now', autoChosen: false }, { now: 0, future: 0, past: 0 }, 5)).toEqual({ period: 'now', autoChosen: false, zoomTo: 1 })
    expect(mapTabStep({ period: 'now', autoChosen: false }, { now: 0, future: 0, past: 0 }, 1).zoomTo).toBeNull()
  })

  it('sorts now and future by date ascending, past descending', () => {
    expect([mapSort('now'), mapSort('future'), mapSort('past')]).toEqual(['date-asc', 'date-asc', 'date-desc'])
  })

  it('says why the location is unknown', () => {
    expect(geolocationToast(1)).toBe('Please allow access to your location.')
    expect(geolocationToast(2)).toBe('Location information is unavailable.')
    expect(geolocationToast(3)).toBe('The request to get location timed out.')
    expect(geolocationToast(7)).toBe('An unknown error occurred.')
    expect(geolocationToast(null)).toBe('An unknown error occurred.')
  })
})

import { describe, expect, it } from 'vitest'
import {
  boundsQuery,
  clusterIcon,
  firstNonzeroPeriod,
  geolocationToast,
  mapSort,
  mapTabStep,
  nextVisibleIds,
  savedCentre,
  wrapLng,
} from './rules'

describe('the map rules', () => {
  it('counts a list item as visible from 60 percent of it in view', () => {
    const start = new Set([1, 2])
    const next = nextVisibleIds(start, [
      { id: 1, ratio: 0.59 },
      { id: 3, ratio: 0.6 },
      { id: 4, ratio: 1 },
    ])
    expect([...next].sort()).toEqual([2, 3, 4])
    expect([...start]).toEqual([1, 2])
  })

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

  it('gives 2 to 9 events the 53x58 cluster icon, 10 and more the 71x76 one', () => {
    expect(clusterIcon(2).size).toEqual([53, 58])
    expect(clusterIcon(9).size).toEqual([53, 58])
    expect(clusterIcon(10).size).toEqual([71, 76])
    expect(clusterIcon(250).size).toEqual([71, 76])
  })

  it('sends the four corners with longitudes wrapped to -180..180, and the world for a wider view', () => {
    expect(boundsQuery({ north: 45.5, south: 35.25, east: -60, west: -88.1234567 })).toEqual({
      nw: '45.5,-88.123457',
      ne: '45.5,-60',
      se: '35.25,-60',
      sw: '35.25,-88.123457',
    })
    // across the date line: the west is east of the east, as the server expects
    expect(boundsQuery({ north: 10, south: -10, east: 190, west: 170 })).toEqual({ nw: '10,170', ne: '10,-170', se: '-10,-170', sw: '-10,170' })
    expect(boundsQuery({ north: 95, south: -95, east: 400, west: -300 })).toEqual({ nw: '90,-180', ne: '90,180', se: '-90,180', sw: '-90,-180' })
    expect(wrapLng(-190)).toBe(170)
    expect(wrapLng(180)).toBe(180)
  })

  it('starts from the centre saved in session storage only when both numbers are sound', () => {
    expect(savedCentre('48.85', '2.35')).toEqual({ lat: 48.85, lng: 2.35 })
    expect(savedCentre('48.85', null)).toBeNull()
    expect(savedCentre('abc', '2')).toBeNull()
    expect(savedCentre('', '2')).toBeNull()
    expect(savedCentre('91', '2')).toBeNull()
  })

  it('says why the location is unknown', () => {
    expect(geolocationToast(1)).toBe('Please allow access to your location.')
    expect(geolocationToast(2)).toBe('Location information is unavailable.')
    expect(geolocationToast(3)).toBe('The request to get location timed out.')
    expect(geolocationToast(7)).toBe('An unknown error occurred.')
    expect(geolocationToast(null)).toBe('An unknown error occurred.')
  })
})

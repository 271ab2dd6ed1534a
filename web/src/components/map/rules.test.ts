import { describe, expect, it } from 'vitest'
import { boundsQuery, clusterIcon, MAP_DEFAULT_CENTRE, MAP_DEFAULT_ZOOM, nextVisibleIds, sameIds, savedCentre, wrapLng, CLUSTER_GRID_SIZE } from './rules'

describe('the shared map rules', () => {
  it('starts at New York, zoom 5, and clusters on a grid of 20', () => {
    expect(MAP_DEFAULT_CENTRE).toEqual({ lat: 40.7128, lng: -74.006 })
    expect(MAP_DEFAULT_ZOOM).toBe(5)
    expect(CLUSTER_GRID_SIZE).toBe(20)
  })

  it('counts a list item as visible from 60 percent of it in view', () => {
    const start = new Set([1, 2])
    const next = nextVisibleIds(start, [
      { id: 1, ratio: 0.59 },
      { id: 3, ratio: 0.6 },
      { id: 4, ratio: 1 },
    ])
    expect([...next].sort()).toEqual([2, 3, 4])
    expect([...start]).toEqual([1, 2])
    expect(sameIds(new Set([1, 2]), new Set([2, 1]))).toBe(true)
    expect(sameIds(new Set([1, 2]), new Set([1, 3]))).toBe(false)
  })

  it('gives 2 to 9 points the 53x58 cluster icon, 10 and more the 71x76 one', () => {
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
})

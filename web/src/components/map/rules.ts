/**
 * The maps' pure rules, shared by the events map and the studios map (docs/product/events.md):
 * the default view, the clusters, the corners sent to the server, the saved centre, the cards in view.
 */

export const MAP_DEFAULT_CENTRE = { lat: 40.7128, lng: -74.006 } as const
export const MAP_DEFAULT_ZOOM = 5
/** supercluster's radius, measured against Leaflet's 256 px tiles (docs/architecture.md, Libraries) */
export const CLUSTER_GRID_SIZE = 20
export const CLUSTER_EXTENT = 256
/** a list item counts as visible when this share of it is in view */
export const VISIBLE_RATIO = 0.6
/** session storage keys of the saved centre */
export const CENTRE_KEYS = { lat: 'lat', lng: 'lng' } as const

/** A cluster of at least this many points gets the big icon. */
export const BIG_CLUSTER_MIN = 10
export const CLUSTER_ICONS = {
  small: { size: [53, 58] as [number, number], className: 'map-cluster map-cluster--small' },
  big: { size: [71, 76] as [number, number], className: 'map-cluster map-cluster--big' },
}

/** The cluster icon for a count: 53x58 for 2 to 9 points, 71x76 from 10 on. */
export function clusterIcon(count: number) {
  return count >= BIG_CLUSTER_MIN ? CLUSTER_ICONS.big : CLUSTER_ICONS.small
}

/** A longitude in -180..180 (a map panned across the date line reports 190 for -170). */
export function wrapLng(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng
  return ((((lng + 180) % 360) + 360) % 360) - 180
}

const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat))
const point = (lat: number, lng: number) => `${Number(lat.toFixed(6))},${Number(lng.toFixed(6))}`

export interface ViewBounds {
  north: number
  south: number
  east: number
  west: number
}

/**
 * The four corners of the view as the map calls take them ("lat,lng"), longitudes wrapped into -180..180 (the
 * west may then be east of the east: the box crosses the date line, and the server splits it). A view wider
 * than the world sends the world.
 */
export function boundsQuery(bounds: ViewBounds): { nw: string; ne: string; se: string; sw: string } {
  const north = clampLat(bounds.north)
  const south = clampLat(bounds.south)
  const world = bounds.east - bounds.west >= 360
  const west = world ? -180 : wrapLng(bounds.west)
  const east = world ? 180 : wrapLng(bounds.east)
  return { nw: point(north, west), ne: point(north, east), se: point(south, east), sw: point(south, west) }
}

/** The ids of the list items in view: an item counts from VISIBLE_RATIO of it on. */
export function nextVisibleIds(current: ReadonlySet<number>, entries: { id: number; ratio: number }[]): Set<number> {
  const next = new Set(current)
  for (const entry of entries) {
    if (entry.ratio >= VISIBLE_RATIO) next.add(entry.id)
    else next.delete(entry.id)
  }
  return next
}

/** The centre saved in session storage (keys lat and lng), when both are numbers on the globe. */
export function savedCentre(lat: string | null, lng: string | null): { lat: number; lng: number } | null {
  if (lat === null || lng === null || lat.trim() === '' || lng.trim() === '') return null
  const centre = { lat: Number(lat), lng: Number(lng) }
  if (!Number.isFinite(centre.lat) || !Number.isFinite(centre.lng) || Math.abs(centre.lat) > 90) return null
  return { lat: centre.lat, lng: wrapLng(centre.lng) }
}

/** Whether two sets hold the same ids (a new set of the same cards in view redraws nothing). */
export function sameIds(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size !== b.size) return false
  for (const id of a) if (!b.has(id)) return false
  return true
}

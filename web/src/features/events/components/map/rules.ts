/** The map mode's pure rules (docs/product/events.md). Leaflet is not needed to test them. */
import type { EventPeriod, MapStats } from '../../types'

// the pieces every map shares (centre, clusters, corners, the saved centre) are in components/map/rules

/** the zoom that shows every event, taken when the selected tab has none in view */
export const MAP_WORLD_ZOOM = 1
export const MAP_DEBOUNCE_MS = 750
export const NO_EVENTS_IN_AREA = 'No events in this area'

export const MAP_PERIODS: { key: EventPeriod; label: string }[] = [
  { key: 'now', label: 'Now' },
  { key: 'future', label: 'Future' },
  { key: 'past', label: 'Past' },
]

/** The geolocation toasts by GeolocationPositionError code (docs/product/events.md). */
export const GEOLOCATION_TOASTS: Record<number, string> = {
  1: 'Please allow access to your location.',
  2: 'Location information is unavailable.',
  3: 'The request to get location timed out.',
}
export const GEOLOCATION_UNKNOWN = 'An unknown error occurred.'

export function geolocationToast(code: number | null | undefined): string {
  return (code !== null && code !== undefined && GEOLOCATION_TOASTS[code]) || GEOLOCATION_UNKNOWN
}

/** `s` of the map call: date-asc for now and future, date-desc for past. */
export function mapSort(period: EventPeriod): string {
  return period === 'past' ? 'date-desc' : 'date-asc'
}

/** The first tab with a nonzero count, in the order now, future, past (null: all are empty). */
export function firstNonzeroPeriod(stats: MapStats | null | undefined): EventPeriod | null {
  return MAP_PERIODS.find((period) => (stats?.[period.key] ?? 0) > 0)?.key ?? null
}

export interface MapTabState {
  period: EventPeriod
  /** the automatic choice happened (it happens once) */
  autoChosen: boolean
}

/**
 * What a new answer's counts do: the first time some tab has events, that tab is selected (once; later the
 * user's choice stands). When the selected tab has none in view, the map zooms out to the world (`zoomTo`),
 * unless it already shows the world.
 */
export function mapTabStep(state: MapTabState, stats: MapStats, zoom: number): MapTabState & { zoomTo: number | null } {
  let next = state
  if (!state.autoChosen) {
    const first = firstNonzeroPeriod(stats)
    if (first) next = { period: first, autoChosen: true }
  }
  const empty = (stats[next.period] ?? 0) === 0
  return { ...next, zoomTo: empty && zoom > MAP_WORLD_ZOOM ? MAP_WORLD_ZOOM : null }
}

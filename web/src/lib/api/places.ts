import { api } from './base'
import type { PlacesAnswer } from './types'

/** The geocoder's places (GET /api/places: cities, and streets with an online provider): generated from proto-contracts/, aliases only. */
export type { Coordinates, Place, PlacesAnswer } from './types'

export interface PlaceQuery {
  q: string
  lat?: number
  lng?: number
}

/** Under an address the geocoder could not place (the answer's `locationNotFound`): the save kept it, off the map
 * (docs/decisions.md, "Places and geocoding"). */
export const PLACE_NOT_FOUND = 'We could not find this address on the map; check it or pick a place from the list'

/** Whether to say PLACE_NOT_FOUND: the field still holds the address the last answer could not place. */
export function placeNotFound(typed: string | null | undefined, unplaced: string | null | undefined): boolean {
  return Boolean(unplaced) && (typed ?? '').trim() === unplaced
}

/** The address of an answer that could not be placed, or null (what placeNotFound compares with). */
export function unplacedAddress(answer: { locationAddress?: string | null; locationNotFound?: boolean } | null | undefined): string | null {
  return answer?.locationNotFound ? (answer.locationAddress ?? null) : null
}

/** The address autocomplete's typing pause before it asks (an event's venue, a studio's address). */
export const PLACE_SEARCH_DEBOUNCE_MS = 400

/** The place search of the shared geocoder, used by every address field (events, studios). */
const placesApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchPlaces: build.query<PlacesAnswer | null, PlaceQuery>({
      query: ({ q, lat, lng }) => ({ url: '/places', params: { q: q.trim(), lat, lng } }),
    }),
  }),
})

export const { useSearchPlacesQuery } = placesApi

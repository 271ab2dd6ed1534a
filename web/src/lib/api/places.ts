import { api } from './base'
import type { PlacesAnswer } from './types'

/** The gazetteer's places (GET /api/places): generated from proto-contracts/, aliases only. */
export type { Coordinates, Place, PlacesAnswer } from './types'

export interface PlaceQuery {
  q: string
  lat?: number
  lng?: number
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

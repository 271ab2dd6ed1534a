import { api } from './base'

export interface Coordinates {
  lat: number
  lng: number
}

/** A place of the gazetteer (GET /api/places): its label, parts and coordinates. */
export interface Place {
  name: string
  state: string | null
  country: string | null
  countryCode: string | null
  address: string
  lat: number
  lng: number
}

export interface PlaceSearch {
  items: Place[]
  attribution: string | null
}

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
    searchPlaces: build.query<PlaceSearch | null, PlaceQuery>({
      query: ({ q, lat, lng }) => ({ url: '/places', params: { q: q.trim(), lat, lng } }),
    }),
  }),
})

export const { useSearchPlacesQuery } = placesApi

import { api } from '@/lib/api/base'
import { FEATURED_EVENTS, type FeaturedEvent } from '../rules'

const featuredEventsApi = api.enhanceEndpoints({ addTagTypes: ['Events'] }).injectEndpoints({
  endpoints: (build) => ({
    featuredEvents: build.query<FeaturedEvent[], 'now' | 'future'>({
      query: (t) => ({ url: '/events', params: { t, s: 'date-asc', p: 0, pp: FEATURED_EVENTS } }),
      transformResponse: (body: unknown) => (Array.isArray(body) ? (body as FeaturedEvent[]) : []),
      providesTags: ['Events'],
    }),
  }),
})

export const { useFeaturedEventsQuery } = featuredEventsApi

import { api } from '@/lib/api/base'
import type { EventItem } from '@/lib/api/types'
import type { EventCounts, EventTab } from '@/lib/event-periods'

export interface ProfileEventsQuery {
  u: number
  t: EventTab
  /** title-asc | title-desc (the tab's A-Z / Z-A), date-asc for the 'Happening now' list */
  s: string
  p: number
  pp: number
}

/**
 * A profile's events: the counts of its sub-tabs (GET /api/events/tabs?u=; drafts are counted for the owner
 * only, by the server) and a page of one sub-tab (GET /api/events?u=&t=&s=&p=&pp=). The tags are the events
 * feature's, so publishing or deleting an event re-reads them.
 */
const profileEventsApi = api.enhanceEndpoints({ addTagTypes: ['Events', 'EventTabs'] }).injectEndpoints({
  endpoints: (build) => ({
    profileEventTabs: build.query<EventCounts, number>({
      query: (u) => ({ url: '/events/tabs', params: { u } }),
      transformResponse: (body: unknown) => (body && typeof body === 'object' ? (body as EventCounts) : {}),
      providesTags: ['EventTabs'],
    }),
    profileEvents: build.query<EventItem[], ProfileEventsQuery>({
      query: (params) => ({ url: '/events', params }),
      transformResponse: (body: unknown) => (Array.isArray(body) ? (body as EventItem[]) : []),
      providesTags: ['Events'],
    }),
  }),
})

export const { useProfileEventTabsQuery, useProfileEventsQuery } = profileEventsApi

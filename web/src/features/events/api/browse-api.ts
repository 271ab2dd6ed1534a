import { api } from '@/lib/api/base'
import { CALENDAR_PAGE_SIZE, toCalendarItems, type CalendarItem, type CalendarSource } from '../components/calendar/calendar-rules'

export interface CalendarQuery {
  /** venue-local yyyy-mm-dd, the grid's first day */
  start: string
  /** venue-local yyyy-mm-dd, the grid's last day */
  end: string
  /** the events page's search words (URL query k) */
  k?: string
  /** the events page's organization filter, comma ids (URL query o) */
  o?: string
}

/**
 * The browse screens' own reads (issue 12). GET /api/events with start and end answers the published events whose
 * local dates touch the range, all of them (pp 999, page 0): the calendar never pages.
 */
const browseApi = api.enhanceEndpoints({ addTagTypes: ['Events'] }).injectEndpoints({
  endpoints: (build) => ({
    calendarEvents: build.query<CalendarItem[], CalendarQuery>({
      query: ({ start, end, k, o }) => ({
        url: '/events',
        params: { start, end, p: 0, pp: CALENDAR_PAGE_SIZE, k: k?.trim() || undefined, o: o || undefined },
      }),
      transformResponse: (body: unknown) => (Array.isArray(body) ? toCalendarItems(body as CalendarSource[]) : []),
      providesTags: ['Events'],
    }),
  }),
})

export { browseApi }
export const { useCalendarEventsQuery } = browseApi

import { api } from '@/lib/api/base'
import {
  CALENDAR_PAGE_SIZE,
  toCalendarDays,
  toCalendarItems,
  type CalendarDayItems,
  type CalendarDaySource,
  type CalendarItem,
  type CalendarSource,
} from '../components/calendar/calendar-rules'
import type { CalendarDays } from '../types'

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

export interface CalendarDaysQuery extends CalendarQuery {
  /** how many events of each day to list: what the grid shows (4 on desktop, 2 on a phone) */
  perDay: number
}

const filters = ({ k, o }: Pick<CalendarQuery, 'k' | 'o'>) => ({ k: k?.trim() || undefined, o: o || undefined })

/**
 * The browse screens' own reads. The grid reads GET /api/events/calendar: each day's count and first
 * perDay events, bounded whatever the month holds. A day's whole list is GET /api/events with start = end = that
 * day: the published events touching it, all of them (pp 999, page 0), read when the day is opened.
 */
const browseApi = api.enhanceEndpoints({ addTagTypes: ['Events'] }).injectEndpoints({
  endpoints: (build) => ({
    calendarDays: build.query<CalendarDayItems[], CalendarDaysQuery>({
      query: ({ start, end, perDay, ...rest }) => ({ url: '/events/calendar', params: { start, end, ...filters(rest), perDay } }),
      transformResponse: (body: unknown) => {
        const days = (body as CalendarDays | null)?.days
        return Array.isArray(days) ? toCalendarDays(days as CalendarDaySource[]) : []
      },
      providesTags: ['Events'],
    }),
    calendarEvents: build.query<CalendarItem[], CalendarQuery>({
      query: ({ start, end, ...rest }) => ({
        url: '/events',
        params: { start, end, p: 0, pp: CALENDAR_PAGE_SIZE, ...filters(rest) },
      }),
      transformResponse: (body: unknown) => (Array.isArray(body) ? toCalendarItems(body as CalendarSource[]) : []),
      providesTags: ['Events'],
    }),
  }),
})

export { browseApi }
export const { useCalendarDaysQuery, useCalendarEventsQuery } = browseApi

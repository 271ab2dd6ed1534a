import { api } from '@/lib/api/base'
import { uncheckPath } from '../rules'
import type { AttendeeList } from '../types'

export const ATTENDEES_TAG = 'Attendees'

const checkinApi = api.enhanceEndpoints({ addTagTypes: [ATTENDEES_TAG, 'Event'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /events/{id}/attendees (the event's editors): every ticket holder and everyone checked in. */
    getCheckinAttendees: build.query<AttendeeList, number>({
      query: (id) => `/events/${id}/attendees`,
      // the page says what went wrong itself (403: not an editor); a live re-read that fails keeps the list
      extraOptions: { silent: true },
      providesTags: (_list, _error, id) => [{ type: ATTENDEES_TAG, id }],
    }),
    /** POST /admin/events/{id}/uncheck/{userId} (editors): answers the event. */
    uncheckAttendee: build.mutation<unknown, { eventId: number; userId: number }>({
      query: ({ eventId, userId }) => ({ url: uncheckPath(eventId, userId), method: 'POST' }),
      invalidatesTags: (_answer, _error, { eventId }) => [{ type: ATTENDEES_TAG, id: eventId }, { type: 'Event', id: eventId }],
    }),
  }),
})

export const { useGetCheckinAttendeesQuery, useUncheckAttendeeMutation } = checkinApi
export const checkinApiUtil = checkinApi.util

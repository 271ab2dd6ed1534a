import { api } from '@/lib/api/base'
import { uncheckPath } from '../rules'
import type { Attendee, Attendees, Cancellation, DoorEvent } from '../types'

export const ATTENDEES_TAG = 'Attendees'

const checkinApi = api.enhanceEndpoints({ addTagTypes: [ATTENDEES_TAG, 'Event'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /events/{id}/attendees (the event's editors): every ticket holder and everyone checked in. */
    getCheckinAttendees: build.query<Attendees, number>({
      query: (id) => `/events/${id}/attendees`,
      // the page says what went wrong itself (403: not an editor); a live re-read that fails keeps the list
      extraOptions: { silent: true },
      providesTags: (_list, _error, id) => [{ type: ATTENDEES_TAG, id }],
    }),
    /** GET /events/{id}: whether the event was cancelled, and its tiers' sales (editors see them). */
    getDoorEvent: build.query<DoorEvent, number>({
      query: (id) => `/events/${id}`,
      extraOptions: { silent: true },
      providesTags: (_event, _error, id) => [{ type: 'Event', id }],
    }),
    /** POST /events/{id}/staff-ticket (editors): a ticket at the door (method staff, cost 0); answers the row. */
    giveStaffTicket: build.mutation<Attendee, { eventId: number; userId: number }>({
      query: ({ eventId, userId }) => ({ url: `/events/${eventId}/staff-ticket`, method: 'POST', body: { userId } }),
      invalidatesTags: (_answer, error, { eventId }) => (error ? [] : [{ type: ATTENDEES_TAG, id: eventId }, { type: 'Event', id: eventId }]),
    }),
    /** POST /events/{id}/cancel again: retries the refunds of a cancelled event that failed. */
    retryRefunds: build.mutation<Cancellation, number>({
      query: (eventId) => ({ url: `/events/${eventId}/cancel`, method: 'POST' }),
      invalidatesTags: (_answer, error, eventId) => (error ? [] : [{ type: ATTENDEES_TAG, id: eventId }, { type: 'Event', id: eventId }]),
    }),
    /** POST /admin/events/{id}/uncheck/{userId} (editors): answers the event. */
    uncheckAttendee: build.mutation<unknown, { eventId: number; userId: number }>({
      query: ({ eventId, userId }) => ({ url: uncheckPath(eventId, userId), method: 'POST' }),
      invalidatesTags: (_answer, _error, { eventId }) => [{ type: ATTENDEES_TAG, id: eventId }, { type: 'Event', id: eventId }],
    }),
  }),
})

export const { useGetCheckinAttendeesQuery, useUncheckAttendeeMutation, useGetDoorEventQuery, useGiveStaffTicketMutation, useRetryRefundsMutation } = checkinApi
export const checkinApiUtil = checkinApi.util

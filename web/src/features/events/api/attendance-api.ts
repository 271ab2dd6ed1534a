import { api } from '@/lib/api/base'
import type {
  CypherEvent,
  Feedback,
  FeedbackIn,
  FeedbackReview,
  EventUser,
  LikeState,
  PaymentState,
  Confirmation,
  PaymentsConfig,
  Purchased,
  Purchase,
  Ticket,
} from '../types'
import { eventsApi } from './events-api'

/**
 * Going to an event: tickets and payment, self check-in, likes, feedback, who's going. The event's
 * own answer (GET /api/events/{id}) is the events slice's `getEvent`; these calls update it in place.
 */

export interface PurchaseCall extends Purchase {
  eventId: number
  /** the attempt's Idempotency-Key: the same on a retry of the same attempt */
  key: string
}

export interface ConfirmCall {
  eventId: number
  paymentId: number
  /** the card number, or `authenticate` for the second step (the other left out: the server's default) */
  body: Partial<Confirmation>
}

/** The ticket is issued: the event's permissions (hasTicket, tickets) and the ticket list change. */
const issuedTags = (ticket: Ticket | undefined, eventId: number) =>
  ticket?.status === 'issued' ? [{ type: 'Event' as const, id: eventId }, { type: 'EventTickets' as const, id: eventId }] : []

const attendanceApi = api.enhanceEndpoints({ addTagTypes: ['Event', 'EventTickets', 'EventFeedback', 'EventGoing'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/payments/config: which processor the server uses (Stripe's script is loaded only for "stripe"). */
    paymentsConfig: build.query<PaymentsConfig | null, void>({
      query: () => '/payments/config',
    }),
    /** POST /api/events/{id}/tickets with the attempt's Idempotency-Key. */
    buyEventTicket: build.mutation<Purchased, PurchaseCall>({
      query: ({ eventId, key, tierId, method }) => ({
        url: `/events/${eventId}/tickets`,
        method: 'POST',
        body: { tierId, method },
        headers: { 'Idempotency-Key': key },
      }),
      invalidatesTags: (answer, _error, { eventId }) => issuedTags(answer?.ticket, eventId),
    }),
    /** POST /api/payments/{id}/confirm (test provider): a decline is shown in the form, not as a toast. */
    confirmEventPayment: build.mutation<PaymentState, ConfirmCall>({
      query: ({ paymentId, body }) => ({ url: `/payments/${paymentId}/confirm`, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: (answer, _error, { eventId }) => issuedTags(answer?.ticket, eventId),
    }),
    /** GET /api/payments/{id}: polled after stripe.js confirmed, until the webhook issued the ticket. */
    eventPayment: build.query<PaymentState | null, number>({
      query: (paymentId) => `/payments/${paymentId}`,
      extraOptions: { silent: true },
      keepUnusedDataFor: 0,
    }),
    /** POST /api/payments/{id}/cancel: the second step refused; the pending ticket is cancelled. */
    cancelEventPayment: build.mutation<PaymentState, number>({
      query: (paymentId) => ({ url: `/payments/${paymentId}/cancel`, method: 'POST' }),
    }),
    /** GET /api/events/{id}/tickets: the caller's tickets of the event, for 'View ticket'. */
    myEventTickets: build.query<Ticket[] | null, number>({
      query: (eventId) => `/events/${eventId}/tickets`,
      providesTags: (_tickets, _error, eventId) => [{ type: 'EventTickets', id: eventId }],
    }),
    /** POST /api/events/{id}/checkin: the answer is the updated event. */
    selfCheckIn: build.mutation<CypherEvent, number>({
      query: (eventId) => ({ url: `/events/${eventId}/checkin`, method: 'POST' }),
      onQueryStarted: async (eventId, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled
          if (data) dispatch(eventsApi.util.upsertQueryData('getEvent', eventId, data))
        } catch {
          /* the failure was shown as a toast */
        }
      },
    }),
    /**
     * POST /api/events/{id}/like: the like flips at once and the count moves by 1; a failure or an empty answer
     * puts both back (docs/product/tickets-and-checkin.md), a real answer sets them.
     */
    toggleEventLike: build.mutation<LikeState | null, number>({
      query: (eventId) => ({ url: `/events/${eventId}/like`, method: 'POST' }),
      onQueryStarted: async (eventId, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          eventsApi.util.updateQueryData('getEvent', eventId, (event) => {
            if (!event) return
            const liked = !event.isLiked
            event.isLiked = liked
            event.countLikes = Math.max(0, (event.countLikes ?? 0) + (liked ? 1 : -1))
          }),
        )
        try {
          const { data } = await queryFulfilled
          if (!data || typeof data.isLiked !== 'boolean') {
            patch.undo()
            return
          }
          dispatch(
            eventsApi.util.updateQueryData('getEvent', eventId, (event) => {
              if (!event) return
              event.isLiked = data.isLiked
              event.countLikes = data.countLikes
            }),
          )
        } catch {
          patch.undo()
        }
      },
      invalidatesTags: (_answer, error, eventId) => (error ? [] : [{ type: 'EventFeedback', id: eventId }]),
    }),
    /** GET /api/events/{id}/feedback: everyone's feedback, for the event's editors only (403 for others). */
    eventFeedback: build.query<FeedbackReview | null, number>({
      query: (eventId) => `/events/${eventId}/feedback`,
      providesTags: (_review, _error, eventId) => [{ type: 'EventFeedback', id: eventId }],
    }),
    /** POST /api/events/{id}/feedback: a failure is only logged and the form stays (docs/product/tickets-and-checkin.md). */
    saveEventFeedback: build.mutation<Feedback, { eventId: number; body: FeedbackIn }>({
      query: ({ eventId, body }) => ({ url: `/events/${eventId}/feedback`, method: 'POST', body }),
      extraOptions: { silent: true },
      onQueryStarted: async ({ eventId }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled
          dispatch(
            eventsApi.util.updateQueryData('getEvent', eventId, (event) => {
              if (event && data) event.feedback = data
            }),
          )
        } catch (error) {
          console.warn('Feedback was not saved', error)
        }
      },
      invalidatesTags: (_answer, error, { eventId }) => (error ? [] : [{ type: 'EventFeedback', id: eventId }]),
    }),
    /** GET /api/events/{id}/going: everyone going, for the Who's going modal. */
    eventGoing: build.query<EventUser[] | null, number>({
      query: (eventId) => `/events/${eventId}/going`,
      providesTags: (_users, _error, eventId) => [{ type: 'EventGoing', id: eventId }],
    }),
  }),
})

export { attendanceApi }

export const {
  usePaymentsConfigQuery,
  useBuyEventTicketMutation,
  useConfirmEventPaymentMutation,
  useLazyEventPaymentQuery,
  useCancelEventPaymentMutation,
  useMyEventTicketsQuery,
  useSelfCheckInMutation,
  useToggleEventLikeMutation,
  useEventFeedbackQuery,
  useSaveEventFeedbackMutation,
  useEventGoingQuery,
} = attendanceApi

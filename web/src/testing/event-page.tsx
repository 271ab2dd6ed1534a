import userEvent from '@testing-library/user-event'
import { EventPage } from '@/features/events/components/event-page'
import type { CypherEvent } from '@/features/events/types'
import { jsonResponse } from './builders'
import { renderWithProviders, signedInState } from './render'
import { stubApi, type ApiCall } from './stub-api'

export type Handler = (call: ApiCall) => Response | undefined

/**
 * The event page of `event` (its GET answers it; every other call `handler`), at /event/{id} or `route`, for a
 * signed-in user unless `signedIn` is false.
 */
export function showEventPage(event: CypherEvent, handler: Handler = () => undefined, options: { signedIn?: boolean; route?: string } = {}) {
  const calls = stubApi((call) => {
    if (call.path === `/api/events/${event.id}` && call.method === 'GET') return jsonResponse(event)
    return handler(call)
  })
  const rendered = renderWithProviders(<EventPage id={event.id} />, {
    route: options.route ?? `/event/${event.id}`,
    path: '/event/:id',
    preloadedState: options.signedIn === false ? undefined : signedInState(),
  })
  return { ...rendered, calls, user: userEvent.setup() }
}

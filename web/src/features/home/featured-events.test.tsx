import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi } from '@/testing/stub-api'
import { FeaturedEvents } from './components/featured-events'
import { featuredEvents, type FeaturedEvent } from './rules'

afterEach(() => vi.unstubAllGlobals())

const event = (id: number, overrides: Partial<FeaturedEvent> = {}): FeaturedEvent => ({
  id,
  title: `Jam ${id}`,
  image: null,
  dateFlat: '12/05/2026',
  timeFlat: '6:00 PM',
  locationAddress: 'Brooklyn, New York, United States',
  ...overrides,
})

function serve(tabs: { now: FeaturedEvent[] | Response; future: FeaturedEvent[] | Response }) {
  return stubApi((call) => {
    if (call.path !== '/api/events') return undefined
    const answer = tabs[call.params.get('t') as 'now' | 'future']
    return answer instanceof Response ? answer : jsonResponse(answer)
  })
}

describe('the featured events rule', () => {
  it('takes the events happening now first, then the upcoming ones, 3 in all, each once', () => {
    expect(featuredEvents([event(1)], [event(2), event(3), event(4)]).map((e) => e.id)).toEqual([1, 2, 3])
    expect(featuredEvents([event(1), event(2), event(3), event(4)], [event(5)]).map((e) => e.id)).toEqual([1, 2, 3])
    expect(featuredEvents([event(1)], [event(1), event(2)]).map((e) => e.id)).toEqual([1, 2])
    expect(featuredEvents([], [])).toEqual([])
  })
})

describe("Home's Featured Events", () => {
  it('shows the first 3 of now then future, date ascending, each opening its event', async () => {
    const calls = serve({ now: [event(1, { title: 'Cypher Now', image: 'poster-1' })], future: [event(2, { title: '' }), event(3), event(4)] })
    renderWithProviders(<FeaturedEvents />)
    const list = await screen.findByRole('list', { name: 'Featured events' })
    const cards = within(list).getAllByRole('link')
    expect(cards).toHaveLength(3)
    expect(cards[0]).toHaveAttribute('href', '/event/1')
    expect(cards[0]).toHaveTextContent('12/05/2026 · 6:00 PMBrooklyn, New York, United StatesCypher Now')
    expect(cards[0].querySelector('img')).toHaveAttribute('src', '/api/images/poster-1?size=400&type=event')
    expect(cards[1]).toHaveTextContent('Untitled')
    expect(cards[2]).toHaveAttribute('href', '/event/3')
    const asked = calls.filter((call) => call.path === '/api/events').map((call) => Object.fromEntries(call.params))
    expect(asked).toEqual(
      expect.arrayContaining([
        { t: 'now', s: 'date-asc', p: '0', pp: '3' },
        { t: 'future', s: 'date-asc', p: '0', pp: '3' },
      ]),
    )
    expect(asked).toHaveLength(2)
  })

  it('says kindly that there are none yet; a guest is still sent to Signup to create one', async () => {
    serve({ now: [], future: [] })
    renderWithProviders(<FeaturedEvents />)
    expect(await screen.findByText('No upcoming events yet')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Create event' })).toHaveAttribute('href', '/signup?redirect=%2Fcreate-event')
    expect(screen.getByRole('link', { name: 'View events' })).toHaveAttribute('href', '/events')
  })

  it('shows the loading cards first, and the create link of a signed-in user', async () => {
    serve({ now: [], future: [event(1)] })
    renderWithProviders(<FeaturedEvents />, { preloadedState: signedInState() })
    expect(screen.getByRole('status', { name: 'Loading events' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create event' })).toHaveAttribute('href', '/create-event')
    expect(await screen.findByRole('link', { name: /Jam 1/ })).toHaveAttribute('href', '/event/1')
  })

  it('says so when the events cannot be read; Retry reads again', async () => {
    let failures = 1
    stubApi((call) => {
      if (call.path !== '/api/events') return undefined
      if (call.params.get('t') === 'future' && failures > 0) {
        failures -= 1
        return jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500)
      }
      return jsonResponse([event(call.params.get('t') === 'now' ? 1 : 2)])
    })
    const user = userEvent.setup()
    renderWithProviders(<FeaturedEvents />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong, please try again later')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Jam/ }).map((link) => link.getAttribute('href'))).toEqual(['/event/1', '/event/2']))
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import EventsRoute from '@/app/routes/events'
import { useFooterHidden } from '@/lib/footer-visibility'
import { jsonResponse } from '@/testing/builders'
import { renderWithProviders } from '@/testing/render'
import { stubApi, type ApiCall } from '@/testing/stub-api'
import type { MapEvent } from '../../types'

beforeEach(() => {
  sessionStorage.setItem('lat', '40.7')
  sessionStorage.setItem('lng', '-74')
})
afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

const marker = (id: number): MapEvent => ({ id, image: null, locationAddress: `Venue ${id}, Queens`, coordinates: { lat: 40.7 + id / 100, lng: -73.9 } })

function FooterProbe() {
  return <p>{useFooterHidden() ? 'footer hidden' : 'footer shown'}</p>
}

function service(answer: (call: ApiCall) => unknown) {
  return stubApi((call) => {
    if (call.path === '/api/events-map') return jsonResponse(answer(call))
  })
}

const mapCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/events-map')

describe('EventsMap', () => {
  it('asks for the saved view with the shared search, selects the first tab with events once, lists them and hides the footer', async () => {
    const calls = service(({ params }) => ({
      events: params.get('t') === 'future' ? [marker(1), marker(2)] : [],
      stats: { now: 0, future: 2, past: 1 },
    }))
    const user = userEvent.setup()
    renderWithProviders(
      <>
        <EventsRoute />
        <FooterProbe />
      </>,
      { route: '/events/map?k=jam', path: '/events/*' },
    )
    expect(await screen.findByText('footer hidden')).toBeInTheDocument()
    expect(await screen.findByRole('tab', { name: 'Future (2)' }, { timeout: 4000 })).toHaveAttribute('aria-selected', 'true')
    const first = mapCalls(calls)[0].params
    expect(first.get('t')).toBe('now')
    expect(first.get('s')).toBe('date-asc')
    expect(first.get('k')).toBe('jam')
    for (const corner of ['nw', 'ne', 'se', 'sw']) expect(first.get(corner)).toMatch(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/)
    await waitFor(() => expect(mapCalls(calls).at(-1)?.params.get('t')).toBe('future'))
    const list = await screen.findByRole('list', { name: 'Events in this area' })
    expect(within(list).getByRole('link', { name: 'Venue 1, Queens' })).toHaveAttribute('href', '/event/1')
    expect(screen.getByRole('link', { name: 'Map' })).toHaveAttribute('aria-current', 'page')

    // the user's choice stands: past, sorted by date descending
    await user.click(screen.getByRole('tab', { name: 'Past (1)' }))
    await waitFor(() => expect(mapCalls(calls).at(-1)?.params.get('s')).toBe('date-desc'))
    expect(await screen.findByText('No events in this area')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Past (1)' })).toHaveAttribute('aria-selected', 'true')
  })

  it("says 'No events in this area' when the view has none", async () => {
    service(() => ({ events: [], stats: { now: 0, future: 0, past: 0 } }))
    renderWithProviders(<EventsRoute />, { route: '/events/map', path: '/events/*' })
    expect(await screen.findByText('No events in this area', {}, { timeout: 4000 })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Now (0)' })).toHaveAttribute('aria-selected', 'true')
  })
})

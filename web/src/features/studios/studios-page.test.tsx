import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import StudiosRoute from '@/app/routes/studios'
import { useFooterHidden } from '@/lib/footer-visibility'
import { buildStudioItem, buildUser, jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi, type ApiCall } from '@/testing/stub-api'

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/studios' && call.method === 'GET')
const mapCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/studios-map')

function FooterProbe() {
  return <p>{useFooterHidden() ? 'footer hidden' : 'footer shown'}</p>
}

describe('Studios (grid)', () => {
  it("shows 'My Studios' (userId of the user) and 'All Studios' from page 0 by 100, chips opening the studio", async () => {
    const calls = stubApi(({ path, params }) => {
      if (path === '/api/user') return jsonResponse(buildUser({ id: 3 }))
      if (path === '/api/studios' && params.get('userId') === '3') return jsonResponse({ items: [buildStudioItem(9, { name: 'My Draft', status: 'draft' })] })
      if (path === '/api/studios') return jsonResponse({ items: [buildStudioItem(1, { name: 'Floor Lab' }), buildStudioItem(2, { name: 'Top Rock House' })] })
    })
    renderWithProviders(<StudiosRoute />, { preloadedState: signedInState(), route: '/studios', path: '/studios' })
    expect(screen.getByRole('heading', { level: 1, name: 'Studios' })).toBeInTheDocument()
    const all = await screen.findByRole('region', { name: 'All Studios' })
    expect(await within(all).findByRole('link', { name: /Floor Lab/ })).toHaveAttribute('href', '/studio/1')
    const mine = await screen.findByRole('region', { name: 'My Studios' })
    expect(within(mine).getByRole('link', { name: /My Draft/ })).toHaveTextContent('Draft')
    const first = listCalls(calls).find((call) => !call.params.has('userId'))!.params
    expect([first.get('p'), first.get('pp')]).toEqual(['0', '100'])
    expect(listCalls(calls).find((call) => call.params.has('userId'))!.params.get('pp')).toBe('100')
  })

  it("searches by name 500 ms after typing, and says 'No studios found'", async () => {
    const calls = stubApi(({ path, params }) => {
      if (path === '/api/studios') return jsonResponse({ items: params.get('keyword') === 'zzz' ? [] : [buildStudioItem(1)] })
    })
    const user = userEvent.setup()
    renderWithProviders(<StudiosRoute />, { route: '/studios', path: '/studios' })
    expect(await screen.findByRole('link', { name: /Studio 1/ })).toBeInTheDocument()
    await user.type(screen.getByLabelText('Search studios'), 'zzz')
    expect(listCalls(calls).some((call) => call.params.has('keyword'))).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(listCalls(calls).some((call) => call.params.has('keyword'))).toBe(false)
    expect(await screen.findByText('No studios found', {}, { timeout: 2000 })).toBeInTheDocument()
    expect(listCalls(calls).filter((call) => call.params.has('keyword')).map((call) => call.params.get('keyword'))).toEqual(['zzz'])
  })

  it('sends a guest who wants to create one to Signup, coming back to Studios', async () => {
    const calls = stubApi(({ path }) => (path === '/api/studios' ? jsonResponse({ items: [] }) : undefined))
    const user = userEvent.setup()
    const { router } = renderWithProviders(<StudiosRoute />, { route: '/studios', path: '/studios' })
    await user.click(screen.getByRole('button', { name: 'Create a studio' }))
    expect(router.state.location.pathname + router.state.location.search).toBe('/signup?redirect=%2Fstudios')
    expect(calls.some((call) => call.method === 'POST')).toBe(false)
  })

  it('creates a draft for a signed-in user and opens its wizard', async () => {
    const calls = stubApi(({ method, path }) => {
      if (path === '/api/user') return jsonResponse(buildUser({ id: 3 }))
      if (path === '/api/studios' && method === 'POST') return jsonResponse({ id: 44 }, 201)
      if (path === '/api/studios') return jsonResponse({ items: [] })
    })
    const user = userEvent.setup()
    const { router } = renderWithProviders(<StudiosRoute />, { preloadedState: signedInState(), route: '/studios', path: '/studios' })
    await user.click(screen.getByRole('button', { name: 'Create a studio' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-studio/44'))
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([undefined])
  })
})

describe('Studios (map)', () => {
  it('asks for the saved view 1 s after it settles, lists the studios in it, and hides the footer', async () => {
    sessionStorage.setItem('lat', '40.7')
    sessionStorage.setItem('lng', '-74')
    const calls = stubApi(({ path }) => {
      if (path === '/api/studios-map') return jsonResponse({ items: [buildStudioItem(1, { name: 'Floor Lab' }), buildStudioItem(2, { name: 'No Pin', locationLat: null, locationLng: null })] })
      if (path === '/api/studios') return jsonResponse({ items: [] })
    })
    const user = userEvent.setup()
    renderWithProviders(
      <>
        <StudiosRoute />
        <FooterProbe />
      </>,
      { route: '/studios', path: '/studios' },
    )
    expect(screen.getByText('footer shown')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Map' }))
    expect(await screen.findByText('footer hidden')).toBeInTheDocument()
    expect(await screen.findByText('Loading studios...')).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(mapCalls(calls)).toHaveLength(0)
    const list = await screen.findByRole('list', { name: 'Studios in this area' }, { timeout: 3000 })
    expect(within(list).getByRole('link', { name: /Floor Lab/ })).toHaveAttribute('href', '/studio/1')
    const params = mapCalls(calls)[0].params
    for (const corner of ['nw', 'ne', 'se', 'sw']) expect(params.get(corner)).toMatch(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/)
    expect([params.get('p'), params.get('pp')]).toEqual(['0', '100'])
    // hovering a card marks it (its marker and cluster: components/map/use-cluster-layer.test.tsx)
    const card = within(list).getByRole('link', { name: /Floor Lab/ })
    await user.hover(card)
    expect(card).toHaveAttribute('data-hovered', 'true')
    await user.unhover(card)
    expect(card).not.toHaveAttribute('data-hovered')
  })

  it("says the call failed with a Retry, and 'No studios in this area' for an empty view", async () => {
    sessionStorage.setItem('lat', '40.7')
    sessionStorage.setItem('lng', '-74')
    let fail = true
    stubApi(({ path }) => {
      if (path === '/api/studios-map') return fail ? jsonResponse({ error: { code: 'boom', message: 'Boom' } }, 500) : jsonResponse({ items: [] })
    })
    const user = userEvent.setup()
    const { store } = renderWithProviders(<StudiosRoute />, { route: '/studios?view=map', path: '/studios' })
    expect(await screen.findByText('Failed to load studios. Please try again.', {}, { timeout: 4000 })).toBeInTheDocument()
    // the panel says it: no toast on top
    expect(store.getState().toast.current).toBeNull()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No studios in this area')).toBeInTheDocument()
  })

  it('starts at New York without a saved centre or a location, and keeps the centre in session storage', async () => {
    stubApi(({ path }) => (path === '/api/studios-map' ? jsonResponse({ items: [] }) : undefined))
    renderWithProviders(<StudiosRoute />, { route: '/studios?view=map', path: '/studios' })
    await waitFor(() => expect(sessionStorage.getItem('lat')).not.toBeNull())
    expect(Number(sessionStorage.getItem('lat'))).toBeCloseTo(40.7128, 3)
    expect(Number(sessionStorage.getItem('lng'))).toBeCloseTo(-74.006, 3)
  })
})

import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppProvider } from '@/app/provider'
import { appRoutes } from '@/app/router'
import { makeStore } from '@/app/store'
import { buildSparring } from '@/testing/battle-builders'
import { jsonResponse } from '@/testing/builders'

afterEach(() => vi.unstubAllGlobals())

function open(url: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL((input as Request).url).pathname
      if (path === '/api/sparrings/11') return jsonResponse(buildSparring())
      if (path === '/api/events/42/scoreboards/3') return jsonResponse({ carpetId: 3, carpetName: 'Main carpet', eventId: 42, sparring: null })
      if (path === '/api/events/42') return jsonResponse({ id: 42, title: 'Winter Jam', scoreboardLogo: null, scoreboardBgImage: null })
      if (path.endsWith('/count')) return jsonResponse({ count: 0 })
      return jsonResponse({ items: [] })
    }),
  )
  const store = makeStore({ session: { status: 'guest', accessToken: null, expiresAt: null, expired: false } })
  const router = createMemoryRouter(appRoutes(store), { initialEntries: [url] })
  render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
}

describe('the competition routes', () => {
  it('opens /sparring/{id} inside the app', async () => {
    open('/sparring/11')
    expect(await screen.findByRole('heading', { level: 1, name: 'Dancer 1 vs Dancer 8' }, { timeout: 15_000 })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
  })

  it("opens a carpet's scoreboard without the app's header and footer, for anyone", async () => {
    open('/event/42/scoreboard/3')
    expect(await screen.findByRole('heading', { level: 1, name: 'Main carpet' }, { timeout: 15_000 })).toBeInTheDocument()
    expect(screen.getByText('No sparring on this carpet yet')).toBeInTheDocument()
    expect(screen.queryByRole('banner')).toBeNull()
    expect(screen.queryByRole('contentinfo')).toBeNull()
  })
})

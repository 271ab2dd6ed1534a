import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { APP_ERROR } from '@/lib/toast'
import { buildBattle } from '@/testing/battle-builders'
import { buildOrg, buildUser, jsonResponse } from '@/testing/builders'
import { renderApp } from '@/testing/render-app'

/**
 * A failed read is an error, not an empty result: a 5xx or a lost connection shows the error state with a
 * Retry (and the toast); only a 404 shows the not-found page.
 */
const NOT_FOUND = "Page not found. Sorry, we can't find the page you're looking for."

type Answer = () => Response | Promise<Response>
const serverError: Answer = () => jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500)
const offline: Answer = () => Promise.reject(new TypeError('Failed to fetch'))
const notFound: Answer = () => jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404)

/** GET `thing` answers `first`, then the thing itself; everything else an empty list. */
function serve(thing: string, first: Answer, body: unknown) {
  let reads = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL((input as Request).url).pathname
      if (path === thing) {
        reads += 1
        return reads === 1 ? first() : jsonResponse(body)
      }
      if (path.endsWith('/count')) return jsonResponse({ count: 0 })
      return jsonResponse({ items: [] })
    }),
  )
  return () => reads
}

afterEach(() => vi.unstubAllGlobals())

const pages = [
  { name: 'the organization page', url: '/organization/5', api: '/api/orgs/5', body: buildOrg({ name: 'Floor Lords' }), shows: 'Floor Lords' },
  { name: 'the battle page', url: '/battle/7', api: '/api/battles/7', body: buildBattle(), shows: 'Bboy 1v1' },
  { name: 'the profile page', url: '/profile/3', api: '/api/user/3', body: buildUser({ id: 3, dancerName: 'B-boy Three' }), shows: 'B-boy Three' },
  {
    name: 'the organizations list',
    url: '/organizations',
    api: '/api/orgs',
    body: { items: [{ id: 5, name: 'Floor Lords', image: null, membersCount: 3, status: 'published', current: 0, future: 0, past: 0 }] },
    shows: 'Floor Lords',
    notFoundPage: false,
  },
]

describe.each(pages)('$name', ({ url, api, body, shows }) => {
  it.each([
    ['a 500', serverError],
    ['a network failure', offline],
  ])('after %s shows the error state; Retry reads again and shows it', async (_case, first) => {
    const reads = serve(api, first, body)
    const { store } = renderApp(url)
    const state = await screen.findByTestId('error-state', {}, { timeout: 5000 })
    expect(state).toHaveTextContent(APP_ERROR)
    expect(screen.queryByText(NOT_FOUND)).toBeNull()
    expect(store.getState().toast.current?.severity).toBe('error')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: shows }, { timeout: 5000 })).toBeVisible()
    expect(reads()).toBe(2)
    expect(screen.queryByTestId('error-state')).toBeNull()
  })
})

describe.each(pages.filter((page) => page.notFoundPage !== false))('$name', ({ url, api, body }) => {
  it('after a 404 shows the not-found page, without a Retry', async () => {
    serve(api, notFound, body)
    renderApp(url)
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(NOT_FOUND), { timeout: 5000 })
    await waitFor(() => expect(screen.queryByTestId('error-state')).toBeNull())
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeStore } from '@/app/store'
import { sessionHint } from '@/lib/storage'
import { buildUser, jsonResponse } from '@/testing/builders'
import { bootstrapSession } from './actions'

afterEach(() => {
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
  sessionHint.clear()
})

function stubFetch() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL((input as Request).url ?? String(input)).pathname
    return path === '/api/auth/refresh' ? jsonResponse({ accessToken: 'fresh', expiresIn: 900 }) : jsonResponse(buildUser())
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('bootstrapSession', () => {
  it('makes no call for a guest back from a failed Google sign-in', async () => {
    const fetchMock = stubFetch()
    window.history.replaceState(null, '', '/login?social=error&reason=cancelled')
    const store = makeStore()
    await bootstrapSession(store.dispatch)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(store.getState().session.status).toBe('guest')
  })

  it('refreshes once back from a good Google sign-in, and remembers the session', async () => {
    const fetchMock = stubFetch()
    window.history.replaceState(null, '', '/login?social=done')
    const store = makeStore()
    await bootstrapSession(store.dispatch)
    expect(fetchMock.mock.calls.length).toBeGreaterThan(0)
    expect(store.getState().session).toMatchObject({ status: 'signedIn', accessToken: 'fresh' })
    expect(sessionHint.get()).toBeTruthy()
  })
})

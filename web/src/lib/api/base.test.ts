import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore } from '@/app/store'
import { signedInState } from '@/testing/render'
import { buildUser, jsonResponse } from '@/testing/builders'
import { currentProfile, sessionHint } from '@/lib/storage'
import { APP_ERROR } from '@/lib/toast'
import { api, API_TIMEOUT_MS, isNotFound } from './base'
import { usersApi } from './users'

type Handler = (url: string, request: Request | RequestInit | undefined) => Response | Promise<Response>

let calls: { url: string; headers: Headers; method: string }[] = []

function stubFetch(handler: Handler) {
  calls = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined
    const url = request ? request.url : String(input)
    const headers = new Headers(request ? request.headers : init?.headers)
    calls.push({ url, headers, method: request?.method ?? init?.method ?? 'GET' })
    return handler(url, request ?? init)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const path = (url: string) => new URL(url).pathname

beforeEach(() => {
  vi.unstubAllGlobals()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the API base', () => {
  it('sends the access token as X-Auth-Token and the stored profile as Caller-Id', async () => {
    stubFetch(() => jsonResponse(buildUser({ id: 3 })))
    currentProfile.set(7)
    const store = makeStore(signedInState('token-1'))
    await store.dispatch(usersApi.endpoints.getUser.initiate(3))
    expect(path(calls[0].url)).toBe('/api/user/3')
    expect(calls[0].headers.get('X-Auth-Token')).toBe('token-1')
    expect(calls[0].headers.get('Caller-Id')).toBe('7')
  })

  it('sends no Caller-Id when no current profile is stored, and nothing for a guest', async () => {
    stubFetch(() => jsonResponse(buildUser()))
    const store = makeStore(signedInState())
    await store.dispatch(usersApi.endpoints.getUser.initiate(1))
    expect(calls[0].headers.get('Caller-Id')).toBeNull()
    const guest = makeStore()
    currentProfile.set(7)
    await guest.dispatch(usersApi.endpoints.getUser.initiate(2))
    expect(calls[1].headers.get('X-Auth-Token')).toBeNull()
    expect(calls[1].headers.get('Caller-Id')).toBeNull()
  })

  it('turns a failed read into an error naming its status (never an empty result), with the message as a toast', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'not_found', message: 'User not found' } }, 404))
    const store = makeStore()
    const result = await store.dispatch(usersApi.endpoints.getUser.initiate(99))
    expect(result.data).toBeUndefined()
    expect(result.error).toMatchObject({ status: 404, code: 'not_found', message: 'User not found' })
    expect(isNotFound(result.error)).toBe(true)
    expect(store.getState().toast.current).toMatchObject({ text: 'User not found', severity: 'error' })
  })

  it('a 5xx and a lost connection are errors, not "not found"', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'unavailable', message: 'Service unavailable' } }, 503))
    const store = makeStore()
    const failed = await store.dispatch(usersApi.endpoints.getUser.initiate(5))
    expect(failed.error).toMatchObject({ status: 503 })
    expect(isNotFound(failed.error)).toBe(false)
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    const offline = await store.dispatch(usersApi.endpoints.getUser.initiate(6))
    expect(offline.error).toMatchObject({ status: 'FETCH_ERROR', message: APP_ERROR })
    expect(isNotFound(offline.error)).toBe(false)
  })

  it('reads a 2xx body with an error field as a failure too', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'invalid', message: 'Refused' } }, 200))
    const store = makeStore()
    const result = await store.dispatch(usersApi.endpoints.getUser.initiate(5))
    expect(result.error).toMatchObject({ status: 200, message: 'Refused' })
  })

  it('rejects a failed mutation with the server message and field', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'invalid', message: 'Dancer name is required', field: 'dancerName' } }, 400))
    const store = makeStore(signedInState())
    const saving = store.dispatch(usersApi.endpoints.saveUser.initiate({ dancerName: '' } as never))
    await expect(saving.unwrap()).rejects.toMatchObject({
      status: 400,
      message: 'Dancer name is required',
      field: 'dancerName',
    })
    expect(store.getState().toast.current?.text).toBe('Dancer name is required')
  })

  it('refreshes once on a 401 and retries with the new token', async () => {
    let refreshes = 0
    stubFetch((url, init) => {
      if (path(url) === '/api/auth/refresh') {
        refreshes += 1
        return jsonResponse({ accessToken: 'fresh', expiresIn: 900 })
      }
      const token = new Headers((init as Request).headers).get('X-Auth-Token')
      return token === 'fresh' ? jsonResponse(buildUser({ id: Number(path(url).split('/').pop()) })) : jsonResponse({ error: { message: 'expired' } }, 401)
    })
    const store = makeStore(signedInState('stale'))
    const [a, b] = await Promise.all([
      store.dispatch(usersApi.endpoints.getUser.initiate(1)),
      store.dispatch(usersApi.endpoints.getUser.initiate(2)),
    ])
    expect(refreshes).toBe(1)
    expect(a.data?.id).toBe(1)
    expect(b.data?.id).toBe(2)
    expect(store.getState().session.accessToken).toBe('fresh')
  })

  it('signs out when the refresh is refused', async () => {
    sessionHint.set()
    stubFetch((url) =>
      path(url) === '/api/auth/refresh'
        ? jsonResponse({ error: { message: 'Your session has ended, please log in again' } }, 401)
        : jsonResponse({ error: { message: 'expired' } }, 401),
    )
    const store = makeStore(signedInState('stale'))
    const result = await store.dispatch(usersApi.endpoints.getUser.initiate(1))
    expect(result.error).toMatchObject({ status: 401 })
    expect(store.getState().session).toMatchObject({ status: 'guest', accessToken: null, expired: true })
    expect(sessionHint.get()).toBe(false)
    expect(calls.filter((call) => path(call.url) === '/api/auth/refresh')).toHaveLength(1)
  })

  it('gives up after 15 seconds', async () => {
    expect(API_TIMEOUT_MS).toBe(15_000)
    vi.useFakeTimers()
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = (init as Request).signal
          signal.addEventListener('abort', () => reject(signal.reason))
        }),
    )
    const store = makeStore()
    const pending = store.dispatch(usersApi.endpoints.getUser.initiate(1))
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 10)
    const result = await pending
    expect(result.error).toMatchObject({ status: 'TIMEOUT_ERROR' })
    expect(store.getState().toast.current?.text).toBe('Something went wrong, please try again later')
  })

  it('keeps silent calls out of the toasts', async () => {
    stubFetch(() => jsonResponse({ error: { message: 'nope' } }, 500))
    const store = makeStore(signedInState())
    await store.dispatch(usersApi.endpoints.getCurrentUser.initiate())
    expect(store.getState().toast.current).toBeNull()
    expect(api.reducerPath).toBe('api')
  })
})

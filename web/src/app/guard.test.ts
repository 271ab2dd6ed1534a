import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildUser, jsonResponse } from '@/testing/builders'
import { signedInState } from '@/testing/render'
import { usersApi } from '@/lib/api/users'
import { guardRedirect } from './guard'
import { makeStore } from './store'

const at = (path: string) => new URL(path, 'http://localhost')

afterEach(() => vi.unstubAllGlobals())

describe('the navigation guard', () => {
  it('sends a guest on a login-required route to Login with the path as redirect', async () => {
    const store = makeStore({ session: { status: 'guest', accessToken: null, expiresAt: null, expired: false } })
    expect(await guardRedirect(store, at('/profile-setting?tabName=SettingsSocial'), { auth: true })).toBe(
      '/login?redirect=%2Fprofile-setting%3FtabName%3DSettingsSocial',
    )
    expect(await guardRedirect(store, at('/faq'), {})).toBeNull()
  })

  it('sends a signed-in user without a dancer name to Signup, incomplete, with a redirect', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(buildUser({ dancerName: null }))))
    const store = makeStore(signedInState())
    expect(await guardRedirect(store, at('/members'), {})).toBe('/signup?incomplete=true&redirect=%2Fmembers')
    expect(await guardRedirect(store, at('/signup'), { onboarding: false })).toBeNull()
  })

  it('lets a complete profile through', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(buildUser()))
    vi.stubGlobal('fetch', fetchMock)
    const store = makeStore(signedInState())
    expect(await guardRedirect(store, at('/profile-setting'), { auth: true })).toBeNull()
    expect(await guardRedirect(store, at('/'), {})).toBeNull()
    expect(fetchMock).toHaveBeenCalledTimes(1) // the current user is cached
  })

  it('waits for a current user still being written (a sign-in) instead of reading "no user" and letting it through', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(buildUser({ dancerName: null })))
    vi.stubGlobal('fetch', fetchMock)
    const store = makeStore(signedInState())
    void store.dispatch(usersApi.util.upsertQueryData('getCurrentUser', undefined, buildUser({ dancerName: null })))
    expect(await guardRedirect(store, at('/'), {})).toBe('/signup?incomplete=true&redirect=%2F')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('sends a signed-in user on from Login to its redirect, and lets a guest stay', async () => {
    const store = makeStore(signedInState())
    expect(await guardRedirect(store, at('/login?redirect=%2Fmembers'), { signedInGoesOn: true })).toBe('/members')
    expect(await guardRedirect(store, at('/login?redirect=%2Flogin'), { signedInGoesOn: true })).toBe('/')
    const guest = makeStore({ session: { status: 'guest', accessToken: null, expiresAt: null, expired: false } })
    expect(await guardRedirect(guest, at('/login'), { signedInGoesOn: true })).toBeNull()
  })

  it('lets the navigation through when the current user cannot be read (a failed call)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ error: { code: 'unavailable', message: 'down' } }, 503)))
    const store = makeStore(signedInState())
    expect(await guardRedirect(store, at('/members'), {})).toBeNull()
  })
})

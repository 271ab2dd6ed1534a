import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { User } from '@/lib/api/types'
import { bootstrapSession } from '@/lib/auth/actions'
import { currentProfile, magicLinkEmail, sessionHint } from '@/lib/storage'
import { buildUser, jsonResponse } from '@/testing/builders'
import { signedInState } from '@/testing/render'
import { guestStore, renderApp } from '@/testing/render-app'
import { makeStore } from './store'

/**
 * Every way into the site ends at the one navigation guard: a signed-in profile without a dancer name is
 * sent to /signup?incomplete=true with the page it asked for as redirect, and sees the banner (docs/product/accounts-and-profiles.md).
 */
const BANNER = 'Hey it looks like your profile is incomplete. Finish setting up your profile to access the site'
const incomplete = buildUser({ id: 7, dancerName: null })
const complete = buildUser({ id: 8, dancerName: 'B-boy Complete' })

/** The API at its transport (fetch): the current user is `users[Caller-Id]`, or the main one. */
function serve(users: Record<number, User>, main: User) {
  const auth = (user: User) => jsonResponse({ accessToken: 'token', expiresIn: 900, user })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init)
      const path = new URL(request.url).pathname
      if (path === '/api/auth/login' || path === '/api/auth/magic-link') return auth(main)
      if (path === '/api/auth/refresh') return jsonResponse({ accessToken: 'token', expiresIn: 900 })
      if (path === '/api/user') return jsonResponse(users[Number(request.headers.get('Caller-Id'))] ?? main)
      if (path === '/api/auth/providers') return jsonResponse({ google: false })
      if (path.endsWith('/count')) return jsonResponse({ count: 0 })
      return jsonResponse({ items: [] })
    }),
  )
}

async function expectSentToSignup(here: () => string, redirect: string) {
  await waitFor(() => expect(here()).toBe(`/signup?incomplete=true&redirect=${encodeURIComponent(redirect)}`), {
    timeout: 5000,
  })
  expect(await screen.findByText(BANNER, {}, { timeout: 5000 })).toBeVisible()
}

beforeEach(() => window.localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

describe('a profile without a dancer name', () => {
  it('logging in from /login goes to Signup with the banner, not Home', async () => {
    serve({}, incomplete)
    const { here } = renderApp('/login')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/^Email/, {}, { timeout: 5000 }), 'ana@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'breaking-2026')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await expectSentToSignup(here, '/')
  })

  it('logging in from /login with a redirect keeps it for after the onboarding', async () => {
    serve({}, incomplete)
    const { here } = renderApp('/login?redirect=%2Fmembers')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/^Email/, {}, { timeout: 5000 }), 'ana@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'breaking-2026')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await expectSentToSignup(here, '/members')
  })

  it('a magic link goes to Signup with the banner', async () => {
    serve({}, incomplete)
    magicLinkEmail.set('ana@example.com')
    const { here } = renderApp('/magic-link?token=abc')
    await expectSentToSignup(here, '/')
  })

  it('a reload with the refresh cookie (and Google’s return) goes to Signup with the banner', async () => {
    serve({}, incomplete)
    sessionHint.set()
    const store = guestStore()
    await bootstrapSession(store.dispatch)
    expect(store.getState().session.status).toBe('signedIn')
    const { here } = renderApp('/', store)
    await expectSentToSignup(here, '/')
  })

  it.each(['/organizations', '/members', '/profile/3', '/profile-setting?tabName=SettingsSocial', '/faq'])(
    'reaching %s directly goes to Signup with it as redirect',
    async (url) => {
      serve({}, incomplete)
      const { here } = renderApp(url, makeStore(signedInState()))
      await expectSentToSignup(here, url)
    },
  )

  it('a login page opened while signed in sends on to its redirect, where the guard looks again', async () => {
    serve({}, incomplete)
    const { here } = renderApp('/login?redirect=%2Fmembers', makeStore(signedInState()))
    await expectSentToSignup(here, '/members')
  })

  it('switching to a profile without a dancer name goes to Signup (the switch reloads the page)', async () => {
    serve({ 7: incomplete }, complete)
    currentProfile.set(7)
    sessionHint.set()
    const store = guestStore()
    await bootstrapSession(store.dispatch)
    const { here } = renderApp('/profile/8', store)
    await expectSentToSignup(here, '/profile/8')
  })

  it('may still read the legal pages', async () => {
    serve({}, incomplete)
    const { here } = renderApp('/terms', makeStore(signedInState()))
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })
    expect(here()).toBe('/terms')
  })
})

describe('a complete profile', () => {
  it('logging in goes to the redirect', async () => {
    serve({}, complete)
    const { here } = renderApp('/login?redirect=%2Fmembers')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/^Email/, {}, { timeout: 5000 }), 'ana@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'breaking-2026')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(here()).toBe('/members'), { timeout: 5000 })
  })
})

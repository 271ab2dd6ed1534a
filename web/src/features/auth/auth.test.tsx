import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionHint } from '@/lib/storage'
import { buildUser, jsonResponse } from '@/testing/builders'
import { renderWithProviders } from '@/testing/render'
import { ForgotPassword } from './components/forgot-password'
import { LoginForm, SOCIAL_SIGN_IN_FAILED } from './components/login-form'
import { SignupForm } from './components/signup-form'

afterEach(() => vi.unstubAllGlobals())

function stubApi(handler: (path: string, body: unknown) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input as Request
      const path = new URL(request.url ?? String(input)).pathname
      const body = request.method === 'POST' ? await request.clone().text() : undefined
      return handler(path, body ? JSON.parse(body) : undefined)
    }),
  )
}

describe('LoginForm', () => {
  it('moves from email to password on Enter and submits from the password', async () => {
    stubApi((path) =>
      path === '/api/auth/login'
        ? jsonResponse({ error: { code: 'incorrect_credentials', message: 'Incorrect email or password' } }, 401)
        : jsonResponse({ google: false }),
    )
    const user = userEvent.setup()
    const { store } = renderWithProviders(<LoginForm />, { route: '/login' })
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com{Enter}')
    expect(screen.getByLabelText(/^Password/)).toHaveFocus()
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password')
    expect(store.getState().toast.current).toBeNull()
  })

  it('says what is missing before calling', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ google: false }))
    vi.stubGlobal('fetch', fetchMock)
    const user = userEvent.setup()
    renderWithProviders(<LoginForm />, { route: '/login' })
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(screen.getByRole('alert')).toHaveTextContent('All fields is required')
    await user.type(screen.getByLabelText(/^Email/), 'ana')
    await user.type(screen.getByLabelText(/^Password/), 'x')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid e-mail')
  })

  it('shows the lock-out message', async () => {
    stubApi((path) =>
      path === '/api/auth/login'
        ? jsonResponse({ error: { code: 'too_many_attempts', message: 'Too many attempts to log in with this email, try again later' } }, 429)
        : jsonResponse({ google: false }),
    )
    const user = userEvent.setup()
    renderWithProviders(<LoginForm />, { route: '/login' })
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'pass{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts to log in with this email, try again later')
  })

  it('says why a Google sign-in failed from the reason code, and never shows words from the URL', async () => {
    stubApi(() => jsonResponse({ google: true }))
    const { unmount } = renderWithProviders(<LoginForm />, { route: '/login?social=error&reason=cancelled' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in with Google was cancelled.')
    unmount()
    renderWithProviders(<LoginForm />, { route: `/login?social=error&reason=${encodeURIComponent('Call +1 555 0100')}` })
    expect(await screen.findByRole('alert')).toHaveTextContent(SOCIAL_SIGN_IN_FAILED)
    expect(screen.queryByText(/555/)).toBeNull()
  })

  it('hides the Google button unless identity enables it', async () => {
    stubApi(() => jsonResponse({ google: true }))
    renderWithProviders(<LoginForm />, { route: '/login?redirect=%2Fmembers' })
    const google = await screen.findByRole('link', { name: 'Log in with google' })
    expect(google).toHaveAttribute('href', '/api/auth/oidc/google/start?redirect=%2Fmembers')
    // Leaving for Google marks no session: coming back with an error must not cost a refused refresh.
    const stay = (event: Event) => event.preventDefault()
    document.addEventListener('click', stay)
    await userEvent.setup().click(google)
    document.removeEventListener('click', stay)
    expect(sessionHint.get()).toBeFalsy()
  })

  it('signs in, keeps the token in memory only, and goes to the redirect', async () => {
    stubApi((path) =>
      path === '/api/auth/login'
        ? jsonResponse({ accessToken: 'the-token', expiresIn: 900, user: buildUser() })
        : jsonResponse({ google: false }),
    )
    const user = userEvent.setup()
    const { store, router } = renderWithProviders(<LoginForm />, { route: '/login?redirect=%2Ffaq', path: '/login' })
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'a-password{Enter}')
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/faq'))
    expect(store.getState().session).toMatchObject({ status: 'signedIn', accessToken: 'the-token' })
    expect(JSON.stringify(window.localStorage)).not.toContain('the-token')
  })
})

describe('SignupForm', () => {
  it('needs equal passwords and shows a taken email', async () => {
    stubApi((path) =>
      path === '/api/auth/signup'
        ? jsonResponse({ error: { code: 'email_in_use', message: 'The email address is already in use by another account.' } }, 409)
        : jsonResponse({ google: false }),
    )
    const user = userEvent.setup()
    renderWithProviders(<SignupForm />, { route: '/signup' })
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'one-password')
    await user.type(screen.getByLabelText(/^Confirm password/), 'two-password')
    await user.click(screen.getByRole('button', { name: 'Create profile' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords must be equal')
    await user.clear(screen.getByLabelText(/^Confirm password/))
    await user.type(screen.getByLabelText(/^Confirm password/), 'one-password')
    await user.click(screen.getByRole('button', { name: 'Create profile' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The email address is already in use by another account.')
  })
})

describe('ForgotPassword', () => {
  it('opened directly: the toast and the inbox message once sent; a falsy answer clears the email', async () => {
    let answer = false
    const sent: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        if (new URL(input.url).pathname !== '/api/user/reset-password') return jsonResponse({ google: false })
        sent.push(await input.text())
        return jsonResponse({ data: answer })
      }),
    )
    const user = userEvent.setup()
    const { store } = renderWithProviders(<ForgotPassword />, { route: '/reset-password' })
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(screen.getByText('Field is required')).toBeInTheDocument()
    await user.type(screen.getByLabelText(/^Email/), ' ana@example.com ')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await vi.waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveValue(''))
    answer = true
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Check your inbox for a password reset email')).toBeInTheDocument()
    expect(store.getState().toast.current?.text).toBe('Email has been sent to "ana@example.com" with password reset instructions')
    expect(sent).toEqual(['ana@example.com', 'ana@example.com'])
  })
})

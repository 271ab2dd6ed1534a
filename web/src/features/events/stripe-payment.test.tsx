import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildLiveEvent, buildPayment, buildTicket } from '@/testing/attendance-builders'
import { jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi, type ApiCall } from '@/testing/stub-api'
import { EventPage } from './components/event-page'

// Stripe.js stood in for at its loader: the card element and confirmCardPayment.
const stripe = vi.hoisted(() => ({
  card: { mount: vi.fn(), destroy: vi.fn() },
  confirmCardPayment: vi.fn(),
  loadStripe: vi.fn(),
}))
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }))

afterEach(() => vi.unstubAllGlobals())

const show = (handler: (call: ApiCall) => Response | undefined) => {
  const event = buildLiveEvent()
  stripe.loadStripe.mockResolvedValue({ elements: () => ({ create: () => stripe.card }), confirmCardPayment: stripe.confirmCardPayment })
  const calls = stubApi((call) => {
    if (call.path === '/api/events/42' && call.method === 'GET') return jsonResponse(event)
    if (call.path === '/api/payments/config') return jsonResponse({ provider: 'stripe', publishableKey: 'pk_test_123', currency: 'usd' })
    return handler(call)
  })
  renderWithProviders(<EventPage id={42} />, { route: '/event/42', path: '/event/:id', preloadedState: signedInState() })
  return { calls, user: userEvent.setup() }
}

const openCardForm = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Buy ticket' }))
  const dialog = await screen.findByRole('dialog')
  await user.click(within(dialog).getByRole('radio', { name: /VIP/ }))
  await waitFor(() => expect(stripe.card.mount).toHaveBeenCalled())
  await waitFor(() => expect(within(dialog).queryByText('Loading the card form…')).toBeNull())
  return dialog
}

describe('Event page, paying with Stripe', () => {
  it("loads Stripe with the publishable key only when configured, confirms with the client secret, then polls until the ticket is issued", async () => {
    const payment = buildPayment({ provider: 'stripe', clientSecret: 'pi_1_secret_2' })
    let reads = 0
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } })
    const { calls, user } = show(({ method, path }) => {
      if (method === 'POST' && path === '/api/events/42/tickets') return jsonResponse({ ticket: buildTicket({ status: 'pending', qr: null }), payment }, 201)
      if (method === 'GET' && path === '/api/payments/90') {
        reads += 1
        return reads < 2
          ? jsonResponse({ payment, ticket: buildTicket({ status: 'pending', qr: null }) })
          : jsonResponse({ payment: { ...payment, status: 'succeeded' }, ticket: buildTicket() })
      }
    })
    expect(stripe.loadStripe).not.toHaveBeenCalled()
    const dialog = await openCardForm(user)
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123')
    expect(within(dialog).queryByLabelText('Card number')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Pay $17.58' }))
    await screen.findByRole('dialog', { name: "You're going!" }, { timeout: 5000 })
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', { payment_method: { card: stripe.card } })
    expect(calls.some((call) => call.path.endsWith('/confirm'))).toBe(false)
    expect(reads).toBe(2)
  })

  it("shows Stripe's decline message", async () => {
    stripe.confirmCardPayment.mockResolvedValue({ error: { message: 'Your card was declined.' } })
    const { user } = show(({ method, path }) =>
      method === 'POST' && path === '/api/events/42/tickets'
        ? jsonResponse({ ticket: buildTicket({ status: 'pending', qr: null }), payment: buildPayment({ provider: 'stripe', clientSecret: 'pi_1_secret_2' }) }, 201)
        : undefined,
    )
    const dialog = await openCardForm(user)
    await user.click(within(dialog).getByRole('button', { name: 'Pay $17.58' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined. Try another card.')
  })
})

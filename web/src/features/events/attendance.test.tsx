import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildLiveEvent, buildPayment, buildTicket } from '@/testing/attendance-builders'
import { buildTier, jsonResponse } from '@/testing/builders'
import { showEventPage, type Handler } from '@/testing/event-page'
import type { ApiCall } from '@/testing/stub-api'
import type { CypherEvent } from './types'

// Stripe's loader is stood in for: with the test provider it must never be imported at all.
const stripe = vi.hoisted(() => ({ imported: false }))
vi.mock('@stripe/stripe-js/pure', () => {
  stripe.imported = true
  return { loadStripe: vi.fn() }
})

afterEach(() => vi.unstubAllGlobals())

/** The event page, with the test provider of payments (no Stripe). */
const show = (event: CypherEvent, handler: Handler = () => undefined, options: { signedIn?: boolean; route?: string } = {}) =>
  showEventPage(event, (call) => (call.path === '/api/payments/config' ? jsonResponse({ provider: 'test', publishableKey: null, currency: 'usd' }) : handler(call)), options)

type User = ReturnType<typeof showEventPage>['user']

/** Buy ticket, then the VIP tier: the dialog. */
async function chooseVip(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Buy ticket' }))
  const dialog = await screen.findByRole('dialog')
  await user.click(within(dialog).getByRole('radio', { name: /VIP/ }))
  return dialog
}

/** The VIP tier paid by the card `number` ($17.58): the dialog. */
async function payVip(user: User, number: string) {
  const dialog = await chooseVip(user)
  await user.type(await within(dialog).findByLabelText('Card number'), number)
  await user.click(within(dialog).getByRole('button', { name: 'Pay $17.58' }))
  return dialog
}

const purchases = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/events/42/tickets')

describe('Event page, cost summary', () => {
  it('shows a single amount when every tier costs the same', async () => {
    show(buildLiveEvent({ tiers: [buildTier(2, { title: 'VIP', cost: 1500 })] }))
    expect(await screen.findByTestId('cost-summary')).toHaveTextContent('$15')
    expect(screen.getByTestId('cost-summary')).not.toHaveTextContent('-')
  })

  it('shows $min - $max from the tiers, free tiers included', async () => {
    show(buildLiveEvent())
    expect(await screen.findByTestId('cost-summary')).toHaveTextContent('$0 - $15')
  })
})

describe('Event page, buying a ticket', () => {
  it('sends a guest to Signup with a redirect back', async () => {
    const { router, user } = show(buildLiveEvent(), undefined, { signedIn: false })
    await user.click(await screen.findByRole('button', { name: 'Buy ticket' }))
    expect(router.state.location.pathname).toBe('/signup')
    expect(router.state.location.search).toBe('?redirect=%2Fevent%2F42')
  })

  it('offers no ticket on a finished event, nor a second one to a holder', async () => {
    show(buildLiveEvent({ period: 'past', isFinished: true }))
    await screen.findByRole('heading', { name: 'Winter Jam' })
    expect(screen.queryByRole('button', { name: /ticket/ })).toBeNull()
  })

  it("shows each tier's ticket, fees, taxes and total; a free tier gives a free ticket at once", async () => {
    const ticket = buildTicket({ id: 71, tierId: 1, title: 'Dancers', method: 'free', ticketCost: 0, ticketFees: 0, ticketTaxes: 0, ticketSum: 0 })
    const { calls, store, user } = show(buildLiveEvent(), ({ method, path }) =>
      method === 'POST' && path === '/api/events/42/tickets' ? jsonResponse({ ticket, payment: null }, 201) : undefined,
    )
    await user.click(await screen.findByRole('button', { name: 'Buy ticket' }))
    const dialog = await screen.findByRole('dialog', { name: 'Get ticket' })
    const vip = within(dialog).getByRole('radio', { name: /VIP/ })
    expect(vip.closest('label')).toHaveTextContent('Ticket $15.00 · fees $1.25 · taxes $1.33 · total $17.58')
    expect(within(dialog).getByRole('radio', { name: /Dancers/ })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Get ticket' }))
    expect(await screen.findByRole('dialog', { name: "You're going!" })).toBeInTheDocument()
    expect(store.getState().toast.current?.text).toBe('Ticket has been purchased')
    expect(purchases(calls)[0].body).toEqual({ tierId: 1, method: 'free' })
    expect(purchases(calls)[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)
    expect(screen.getByRole('img', { name: 'QR code of your ticket Dancers' })).toHaveAttribute('src', ticket.qr)
  })

  it('takes a free ticket for a free event without tiers (tierId null)', async () => {
    const ticket = buildTicket({ tierId: null, title: '', method: 'free', ticketCost: 0, ticketFees: 0, ticketTaxes: 0, ticketSum: 0 })
    const { calls, user } = show(buildLiveEvent({ tiers: [], isFree: true }), ({ method, path }) =>
      method === 'POST' && path === '/api/events/42/tickets' ? jsonResponse({ ticket, payment: null }, 201) : undefined,
    )
    await user.click(await screen.findByRole('button', { name: 'Get ticket' }))
    const dialog = await screen.findByRole('dialog', { name: 'Get ticket' })
    await user.click(within(dialog).getByRole('button', { name: 'Get ticket' }))
    await screen.findByRole('dialog', { name: "You're going!" })
    expect(purchases(calls)[0].body).toEqual({ tierId: null, method: 'free' })
  })

  it('reserves a ticket paid cash at the door', async () => {
    const ticket = buildTicket({ method: 'cash', paid: false })
    const { calls, store, user } = show(buildLiveEvent(), ({ method, path }) =>
      method === 'POST' && path === '/api/events/42/tickets' ? jsonResponse({ ticket, payment: null }, 201) : undefined,
    )
    const dialog = await chooseVip(user)
    await user.click(within(dialog).getByRole('radio', { name: 'Pay cash at the door' }))
    await user.click(within(dialog).getByRole('button', { name: 'Reserve ticket' }))
    const done = await screen.findByRole('dialog', { name: "You're going!" })
    expect(purchases(calls)[0].body).toEqual({ tierId: 2, method: 'cash' })
    expect(within(done).getByText('Pay cash at the door')).toBeInTheDocument()
    expect(store.getState().toast.current?.text).toBe('Ticket has been purchased')
  })

  it('pays by card with the test provider without loading Stripe, and shows the ticket', async () => {
    const payment = buildPayment()
    const { calls, store, user } = show(buildLiveEvent(), ({ method, path }) => {
      if (method === 'POST' && path === '/api/events/42/tickets') return jsonResponse({ ticket: buildTicket({ status: 'pending', qr: null }), payment }, 201)
      if (method === 'POST' && path === '/api/payments/90/confirm') return jsonResponse({ payment: { ...payment, status: 'succeeded' }, ticket: buildTicket() })
    })
    await payVip(user, '4242 4242 4242 4242')
    const done = await screen.findByRole('dialog', { name: "You're going!" })
    expect(within(done).getByTestId('ticket-sum')).toHaveTextContent('$17.58')
    expect(store.getState().toast.current?.text).toBe('Ticket has been purchased')
    expect(purchases(calls)[0].body).toEqual({ tierId: 2, method: 'card' })
    expect(calls.find((call) => call.path === '/api/payments/90/confirm')?.body).toEqual({ card: '4242 4242 4242 4242' })
    expect(stripe.imported).toBe(false)
  })

  it("shows a decline's message and makes the next card a new purchase with a new key", async () => {
    let attempt = 0
    const { calls, store, user } = show(buildLiveEvent(), ({ method, path, body }) => {
      if (method === 'POST' && path === '/api/events/42/tickets') {
        attempt += 1
        return jsonResponse({ ticket: buildTicket({ status: 'pending', qr: null }), payment: buildPayment({ id: 90 + attempt }) }, 201)
      }
      if (method === 'POST' && path === '/api/payments/91/confirm') {
        return jsonResponse({ payment: buildPayment({ id: 91, status: 'declined', message: 'Your card was declined.' }), ticket: buildTicket({ status: 'cancelled', qr: null }) })
      }
      if (method === 'POST' && path === '/api/payments/92/confirm' && (body as { card: string }).card === '4000000000009995') {
        return jsonResponse({ error: { code: 'card_declined', message: 'Your card has insufficient funds.' } }, 402)
      }
    })
    const dialog = await chooseVip(user)
    const field = await within(dialog).findByLabelText('Card number')
    await user.type(field, '4000000000000002')
    await user.click(within(dialog).getByRole('button', { name: 'Pay $17.58' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined. Try another card.')
    await user.clear(field)
    await user.type(field, '4000000000009995')
    await user.click(within(dialog).getByRole('button', { name: 'Pay $17.58' }))
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Your card has insufficient funds.'))
    const [first, second] = purchases(calls)
    expect(second).toBeDefined()
    expect(first.headers.get('Idempotency-Key')).not.toBe(second.headers.get('Idempotency-Key'))
    expect(store.getState().toast.current).toBeNull()
  })

  it('retries a purchase whose answer was lost with the same Idempotency-Key', async () => {
    let failures = 1
    const payment = buildPayment()
    const { calls, user } = show(buildLiveEvent(), ({ method, path }) => {
      if (method === 'POST' && path === '/api/events/42/tickets') {
        if (failures-- > 0) return jsonResponse({ error: { code: 'unavailable', message: 'Service unavailable' } }, 503)
        return jsonResponse({ ticket: buildTicket({ status: 'pending', qr: null }), payment }, 201)
      }
      if (method === 'POST' && path === '/api/payments/90/confirm') return jsonResponse({ payment: { ...payment, status: 'succeeded' }, ticket: buildTicket() })
    })
    const dialog = await payVip(user, '4242424242424242')
    await waitFor(() => expect(purchases(calls)).toHaveLength(1))
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Pay $17.58' })).toBeEnabled())
    await user.click(within(dialog).getByRole('button', { name: 'Pay $17.58' }))
    await screen.findByRole('dialog', { name: "You're going!" })
    const [lost, retried] = purchases(calls)
    expect(retried.headers.get('Idempotency-Key')).toBe(lost.headers.get('Idempotency-Key'))
  })

  it("asks the test bank's second step ('Confirm payment') and then issues the ticket", async () => {
    const payment = buildPayment()
    const { calls, user } = show(buildLiveEvent(), ({ method, path, body }) => {
      if (method === 'POST' && path === '/api/events/42/tickets') return jsonResponse({ ticket: buildTicket({ status: 'pending', qr: null }), payment }, 201)
      if (method === 'POST' && path === '/api/payments/90/confirm') {
        if ((body as { authenticate?: boolean }).authenticate) return jsonResponse({ payment: { ...payment, status: 'succeeded' }, ticket: buildTicket() })
        return jsonResponse({ payment: { ...payment, status: 'requires_action' }, ticket: buildTicket({ status: 'pending', qr: null }) })
      }
    })
    await payVip(user, '4000002500003155')
    const bank = await screen.findByRole('dialog', { name: 'Confirm payment' })
    expect(bank).toHaveTextContent('$17.58')
    await user.click(within(bank).getByRole('button', { name: 'Confirm payment' }))
    await screen.findByRole('dialog', { name: "You're going!" })
    expect(calls.filter((call) => call.path === '/api/payments/90/confirm').map((call) => call.body)).toEqual([{ card: '4000002500003155' }, { authenticate: true }])
  })

  it('cancels the payment when the second step is refused', async () => {
    const payment = buildPayment()
    const { calls, user } = show(buildLiveEvent(), ({ method, path }) => {
      if (method === 'POST' && path === '/api/events/42/tickets') return jsonResponse({ ticket: buildTicket({ status: 'pending', qr: null }), payment }, 201)
      if (method === 'POST' && path === '/api/payments/90/confirm') return jsonResponse({ payment: { ...payment, status: 'requires_action' }, ticket: buildTicket({ status: 'pending', qr: null }) })
      if (method === 'POST' && path === '/api/payments/90/cancel') return jsonResponse({ payment: { ...payment, status: 'cancelled' }, ticket: buildTicket({ status: 'cancelled', qr: null }) })
    })
    const dialog = await payVip(user, '4000002500003155')
    const bank = await screen.findByRole('dialog', { name: 'Confirm payment' })
    await user.click(within(bank).getByRole('button', { name: 'Cancel' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment was cancelled.')
    expect(calls.some((call) => call.path === '/api/payments/90/cancel')).toBe(true)
  })
})

describe('Event page, View ticket', () => {
  it("lists the caller's tickets with title, sum in USD, method and QR code", async () => {
    const tickets = [buildTicket(), buildTicket({ id: 72, title: 'Dancers', method: 'cash', paid: false, ticketSum: 0, qr: 'data:image/svg+xml;base64,PHN2ZyAvPg==' })]
    const { user } = show(buildLiveEvent({ permissions: { canEdit: false, hasTicket: true } }), ({ path }) => (path === '/api/events/42/tickets' ? jsonResponse(tickets) : undefined))
    expect(screen.queryByRole('button', { name: 'Buy ticket' })).toBeNull()
    await user.click(await screen.findByRole('button', { name: 'View ticket' }))
    const dialog = await screen.findByRole('dialog', { name: 'View ticket' })
    const vip = await within(dialog).findByRole('article', { name: 'Ticket VIP' })
    expect(within(vip).getByTestId('ticket-sum')).toHaveTextContent('$17.58')
    expect(within(vip).getByText('Paid by card')).toBeInTheDocument()
    expect(within(vip).getByRole('img', { name: 'QR code of your ticket VIP' })).toHaveAttribute('src', tickets[0].qr)
    const cash = within(dialog).getByRole('article', { name: 'Ticket Dancers' })
    expect(within(cash).getByText('Pay cash at the door')).toBeInTheDocument()
  })
})

describe('Event page, check-in', () => {
  it("checks in once per 5,000 ms however often it is pressed, then reads 'Checked in'", async () => {
    let now = 1_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    let refusals = 2
    const event = buildLiveEvent()
    const { calls, user } = show(event, ({ method, path }) => {
      if (method === 'POST' && path === '/api/events/42/checkin') {
        if (refusals-- > 0) return jsonResponse({ error: { code: 'invalid', message: 'A ticket is needed to check in' } }, 400)
        return jsonResponse({ ...event, permissions: { ...event.permissions, checkedIn: true } })
      }
    })
    const button = await screen.findByRole('button', { name: 'Check in' })
    await user.click(button)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check in' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Check in' }))
    const checkins = () => calls.filter((call) => call.path === '/api/events/42/checkin')
    expect(checkins()).toHaveLength(1)
    now += 5000
    await user.click(screen.getByRole('button', { name: 'Check in' }))
    await waitFor(() => expect(checkins()).toHaveLength(2))
    now += 5000
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check in' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Check in' }))
    expect(await screen.findByRole('button', { name: 'Checked in' })).toBeDisabled()
    expect(checkins()).toHaveLength(3)
  })

  it('is enabled only while the event is happening', async () => {
    show(buildLiveEvent({ period: 'future' }))
    const button = await screen.findByRole('button', { name: 'Check in' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription('Check-in opens while the event is happening.')
  })

  it('sends a guest to Signup with a redirect back', async () => {
    const { calls, router, user } = show(buildLiveEvent(), undefined, { signedIn: false })
    await user.click(await screen.findByRole('button', { name: 'Check in' }))
    expect(router.state.location.pathname).toBe('/signup')
    expect(router.state.location.search).toBe('?redirect=%2Fevent%2F42')
    expect(calls.some((call) => call.path === '/api/events/42/checkin')).toBe(false)
  })

  it("gives the event's editors 'Tickets and check-ins'", async () => {
    show(buildLiveEvent({ permissions: { canEdit: true } }))
    expect(await screen.findByRole('link', { name: 'Tickets and check-ins' })).toHaveAttribute('href', '/event/42/checkin')
  })
})

describe("Event page, Who's going", () => {
  const people = Array.from({ length: 7 }, (_, at) => ({ id: at + 10, avatar: null, dancerName: `Dancer ${at + 1}` }))

  it("shows 5 avatars and 'view all' opening everyone going", async () => {
    const { calls, user } = show(buildLiveEvent({ whoIsGoing: people.slice(0, 5), countGoing: 7 }), ({ path }) =>
      path === '/api/events/42/going' ? jsonResponse(people) : undefined,
    )
    const preview = await screen.findByRole('list', { name: "Who's going" })
    expect(within(preview).getAllByRole('link')).toHaveLength(5)
    expect(within(preview).getByRole('link', { name: 'Dancer 1' })).toHaveAttribute('href', '/profile/10')
    expect(calls.some((call) => call.path === '/api/events/42/going')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'view all' }))
    const dialog = await screen.findByRole('dialog', { name: "Who's going" })
    expect(await within(dialog).findAllByRole('link')).toHaveLength(7)
  })

  it("says 'Who went' after the event, without 'view all' for 5 or fewer", async () => {
    show(buildLiveEvent({ period: 'past', isFinished: true, whoIsGoing: people.slice(0, 3), countGoing: 3 }))
    expect(await screen.findByRole('list', { name: 'Who went' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'view all' })).toBeNull()
  })
})

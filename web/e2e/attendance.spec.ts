import type { APIRequestContext } from '@playwright/test'
import { acceptCookies, completeProfile, expect, pageErrors, PASSWORD, press, shot, signUpByApi, tag, test, uniqueEmail } from './helpers'

/**
 * Issue 13 on the event page, end to end on the real stack with the local test payment provider (its
 * confirmations travel the signed-webhook path): a declined card shows the processor's message, a good card
 * buys the ticket ('Ticket has been purchased') and 'View ticket' shows its QR code; after an event ends, a
 * checked-in attendee leaves feedback that its organizer reviews and another attendee never sees.
 */

interface Person {
  token: string
  userId: number
  email: string
}

async function person(request: APIRequestContext, dancerName: string): Promise<Person> {
  const email = uniqueEmail('going')
  const signup = await request.post('/api/auth/signup', { data: { email, password: PASSWORD } })
  expect(signup.status()).toBe(201)
  const body = await signup.json()
  const account = { email, password: PASSWORD, accessToken: body.accessToken as string, userId: body.user.id as number }
  await completeProfile(request, account, dancerName)
  return { token: account.accessToken, userId: account.userId, email }
}

/** "YYYY-MM-DDTHH:MM" in UTC (the event is in Accra, whose zone is UTC all year; publishing needs a place). */
const wall = (instant: number) => new Date(instant).toISOString().slice(0, 16)

/** A published event of the organizer from `start` to `end` (ms from now), with the given tiers; its id. */
async function event(request: APIRequestContext, token: string, title: string, start: number, end: number, tiers: { title: string; cost: number }[] = []) {
  const headers = { 'X-Auth-Token': token }
  const { id } = (await (await request.post('/api/events', { headers })).json()) as { id: number }
  const saved = await request.post(`/api/events/${id}`, {
    headers,
    data: { title, dateStart: wall(Date.now() + start), dateEnd: wall(Date.now() + end), tiers, locationAddress: 'Accra, Greater Accra, Ghana', coordinates: { lat: 5.556, lng: -0.1969 } },
  })
  expect(saved.ok(), await saved.text()).toBeTruthy()
  const published = await request.post(`/api/events/${id}/publish`, { headers })
  expect(published.ok(), await published.text()).toBeTruthy()
  return id
}

const HOUR = 3_600_000

test.describe('going to an event', () => {
  test('a declined card says why; a good card buys the ticket and View ticket shows its QR code', async ({ page, request, consoleErrors }) => {
    await acceptCookies(page)
    const organizer = await person(request, `Host ${tag()}`)
    const title = `Ticket Jam ${tag()}`
    const id = await event(request, organizer.token, title, 24 * HOUR, 30 * HOUR, [{ title: 'General', cost: 1500 }])
    const buyer = await signUpByApi(page, { dancerName: `Buyer ${tag()}` })

    await page.goto(`/event/${id}`)
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible()
    await expect(page.getByText('$15', { exact: true })).toBeVisible()
    await press(page.getByRole('button', { name: 'Buy ticket' }))
    const dialog = page.getByRole('dialog')
    await press(dialog.getByRole('radio', { name: /General/ }))
    await press(dialog.getByRole('radio', { name: 'Pay by card' }))
    // $15.00 + fees $1.25 + taxes $1.33
    await expect(dialog.getByText('$17.58').first()).toBeVisible()
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0002')
    await press(dialog.getByRole('button', { name: /^Pay/ }))
    await expect(dialog.getByText('Your card was declined.')).toBeVisible()
    await shot(page, 'attendance-declined')

    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242')
    await press(dialog.getByRole('button', { name: /^Pay/ }))
    await expect(page.getByText('Ticket has been purchased')).toBeVisible()
    await page.keyboard.press('Escape')
    await press(page.getByRole('button', { name: 'View ticket' }))
    const ticket = page.getByRole('dialog')
    await expect(ticket.getByText('General').first()).toBeVisible()
    await expect(ticket.getByRole('img', { name: /QR code/i })).toBeVisible()
    await shot(page, 'attendance-ticket')

    // The server issued one ticket for the one succeeded payment.
    const tickets = await request.get(`/api/events/${id}/tickets`, { headers: { 'X-Auth-Token': buyer.accessToken } })
    expect((await tickets.json()).map((held: { status: string; method: string }) => [held.status, held.method])).toEqual([['issued', 'card']])
    expect(pageErrors(consoleErrors).filter((error) => !/status of 400/.test(error))).toEqual([])
  })

  test('feedback after the end: the organizer reviews it, another attendee never sees it', async ({ page, browser, request, consoleErrors }) => {
    await acceptCookies(page)
    const organizer = await person(request, `Host ${tag()}`)
    const title = `Finished Jam ${tag()}`
    const id = await event(request, organizer.token, title, -6 * HOUR, -2 * HOUR)
    const other = await person(request, `Other ${tag()}`)
    const writerName = `Writer ${tag()}`
    const writer = await signUpByApi(page, { dancerName: writerName })
    // Staff checked both in at the door.
    for (const userId of [writer.userId, other.userId]) {
      const checked = await request.post(`/api/events/${id}/checkin/${userId}`, { headers: { 'X-Auth-Token': organizer.token }, data: {} })
      expect(checked.ok(), await checked.text()).toBeTruthy()
    }

    await page.goto(`/event/${id}`)
    await press(page.getByRole('button', { name: 'Provide feedback' }))
    await expect(page).toHaveURL(new RegExp(`/event/${id}\\?tab=feedback`))
    await expect(page.getByText('Your feedback will be visible only to the organizer of the event.')).toBeVisible()
    await press(page.getByRole('button', { name: 'Submit feedback' }))
    await expect(page.getByText('Please rate all categories before submitting your feedback')).toBeVisible()
    for (const [label, stars] of [['Timeliness', '5 Stars'], ['Communication', '4 Stars'], ['Venue', '4.5 Stars'], ['Vibe', '5 Stars'], ['Music/Sound', '3 Stars']]) {
      await page.getByRole('group', { name: label }).getByRole('radio', { name: `${label} ${stars}` }).dispatchEvent('click')
    }
    await expect(page.getByText('Please rate all categories before submitting your feedback')).toHaveCount(0)
    await page.getByPlaceholder('Add any additional comments...').fill('  Great floor, loud music  ')
    await press(page.getByRole('button', { name: 'Submit feedback' }))
    await expect(page.getByRole('button', { name: 'Update feedback' }).or(page.getByRole('button', { name: 'Edit feedback' })).first()).toBeVisible()
    await shot(page, 'attendance-feedback-sent')

    // The organizer sees it in the review; the other attendee receives only their own (none).
    const review = await request.get(`/api/events/${id}/feedback`, { headers: { 'X-Auth-Token': organizer.token } })
    expect(review.ok()).toBeTruthy()
    const body = await review.json()
    expect(body.countFeedbacks).toBe(1)
    expect(body.feedbacks[0].details).toBe('Great floor, loud music')
    expect(body.feedbacks[0].averageRating).toBe(4.3)
    const refused = await request.get(`/api/events/${id}/feedback`, { headers: { 'X-Auth-Token': other.token } })
    expect(refused.status()).toBe(403)

    const organizerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: test.info().project.use.viewport ?? undefined })
    const organizerPage = await organizerContext.newPage()
    await acceptCookies(organizerPage)
    const login = await organizerPage.request.post('/api/auth/login', { data: { email: organizer.email, password: PASSWORD } })
    expect(login.ok()).toBeTruthy()
    await organizerPage.addInitScript(() => window.localStorage.setItem('cypher.session', '1'))
    await organizerPage.goto(`/event/${id}?tab=feedback`)
    await expect(organizerPage.getByText(writerName)).toBeVisible()
    await expect(organizerPage.getByText('Great floor, loud music')).toBeVisible()
    await expect(organizerPage.getByText('1 review', { exact: false }).first()).toBeVisible()
    await shot(organizerPage, 'attendance-feedback-review')
    await organizerContext.close()

    const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL })
    const otherPage = await otherContext.newPage()
    await acceptCookies(otherPage)
    const otherLogin = await otherPage.request.post('/api/auth/login', { data: { email: other.email, password: PASSWORD } })
    expect(otherLogin.ok()).toBeTruthy()
    await otherPage.addInitScript(() => window.localStorage.setItem('cypher.session', '1'))
    await otherPage.goto(`/event/${id}?tab=feedback`)
    await expect(otherPage.getByText('Your feedback will be visible only to the organizer of the event.')).toBeVisible()
    await expect(otherPage.getByText('Great floor, loud music')).toHaveCount(0)
    await otherContext.close()
    expect(pageErrors(consoleErrors).filter((error) => !/status of 400/.test(error))).toEqual([])
  })
})

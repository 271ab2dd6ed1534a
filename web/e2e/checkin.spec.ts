import type { APIRequestContext } from '@playwright/test'
import { acceptCookies, completeProfile, expect, pageErrors, PASSWORD, press, shot, signUpByApi, tag, test, uniqueEmail } from './helpers'

/**
 * The door end to end: two check-in pages of one organizer open side by side (two staff tablets);
 * one checks a ticket holder in and the other's counter moves without reloading; un-checked again; then the
 * browser goes offline, a check-in is shown pending and counted, and once the connection returns the server
 * has it, once.
 */

/** "YYYY-MM-DDTHH:MM" of an instant on the venue's clock. */
function wallTime(instant: Date, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  const part = Object.fromEntries(format.formatToParts(instant).map((item) => [item.type, item.value]))
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`
}

/** A free event happening now (begun an hour ago, over in three), published by the organizer; its id. */
async function eventNow(request: APIRequestContext, token: string, title: string): Promise<number> {
  const headers = { 'X-Auth-Token': token }
  const { id } = (await (await request.post('/api/events', { headers })).json()) as { id: number }
  const now = Date.now()
  const saved = await request.post(`/api/events/${id}`, {
    headers,
    data: {
      title,
      dateStart: wallTime(new Date(now - 3_600_000), 'Asia/Tokyo'),
      dateEnd: wallTime(new Date(now + 3 * 3_600_000), 'Asia/Tokyo'),
      locationAddress: 'Tokyo, Tokyo, Japan',
      coordinates: { lat: 35.6895, lng: 139.6917 },
    },
  })
  expect(saved.ok(), await saved.text()).toBeTruthy()
  const published = await request.post(`/api/events/${id}/publish`, { headers })
  expect(published.ok(), await published.text()).toBeTruthy()
  return id
}

/** A dancer (in a request context of its own, not the organizer's browser) holding a free ticket (an RSVP). */
async function ticketHolder(request: APIRequestContext, eventId: number, dancerName: string) {
  const email = uniqueEmail('door')
  const signup = await request.post('/api/auth/signup', { data: { email, password: PASSWORD } })
  expect(signup.status()).toBe(201)
  const body = await signup.json()
  const account = { email, password: PASSWORD, accessToken: body.accessToken as string, userId: body.user.id as number }
  await completeProfile(request, account, dancerName)
  const ticket = await request.post(`/api/events/${eventId}/tickets`, {
    headers: { 'X-Auth-Token': account.accessToken, 'Idempotency-Key': `rsvp-${tag()}-${Date.now()}` },
    data: { tierId: null, method: 'free' },
  })
  expect(ticket.status(), await ticket.text()).toBe(201)
  return account
}

/** Every check-in write the two tablets send, for the log of a failed run (a flaky run once found the dancer
 * checked in again after the un-check: this says which write did it). */
const writes: string[] = []

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern: none
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) console.log(`check-in writes of the failed run:\n${writes.join('\n')}`)
  writes.length = 0
})

test.describe('check-in', () => {
  test('two tablets agree live; a check-in made offline reaches the server once', async ({ page, context, request, consoleErrors }) => {
    test.setTimeout(150_000)
    await acceptCookies(page)
    const organizer = await signUpByApi(page, { dancerName: `Door Host ${tag()}`, prefix: 'door-host' })
    const eventId = await eventNow(page.request, organizer.accessToken, `Door Jam ${tag()}`)
    const dancer = `Door Dancer ${tag()}`
    const holder = await ticketHolder(request, eventId, dancer)

    const first = page
    const second = await context.newPage()
    const started = Date.now()
    for (const [name, tablet] of [['first', first], ['second', second]] as const) {
      tablet.on('response', (response) => {
        const request = response.request()
        if (request.method() !== 'GET' && /checkin|uncheck/.test(request.url())) {
          writes.push(`${Date.now() - started} ms ${name} ${request.method()} ${new URL(request.url()).pathname} key=${request.headers()['idempotency-key'] ?? '-'} -> ${response.status()}`)
        } else if (/attendees/.test(request.url())) {
          const sent = Date.now() - started
          void response.text().then((text) => writes.push(`${sent} ms ${name} GET attendees -> ${response.status()} ${text.slice(0, 40)}`)).catch(() => {})
        }
      })
    }
    for (const tablet of [first, second]) {
      await tablet.goto(`/event/${eventId}/checkin`)
      await expect(tablet.getByRole('heading', { name: 'Check people in' })).toBeVisible()
      await expect(tablet.getByTestId('checkin-counter')).toHaveText('0/1 checked in')
      await expect(tablet.getByRole('link', { name: new RegExp(dancer) })).toHaveAttribute('href', `/profile/${holder.userId}`)
    }
    await shot(first, 'checkin-page')

    // one tablet checks the dancer in: the other moves without reloading
    await press(first.getByRole('button', { name: `Check-In ${dancer}` }))
    await expect(first.getByTestId('checkin-counter')).toHaveText('1/1 checked in')
    await expect(second.getByTestId('checkin-counter')).toHaveText('1/1 checked in', { timeout: 15_000 })
    await expect(second.getByTestId(`attendee-${holder.userId}`).getByText('Checked-in')).toBeVisible()

    // un-checked on the second: the first follows
    await press(second.getByRole('button', { name: `Undo check-in of ${dancer}` }))
    await expect(first.getByTestId('checkin-counter')).toHaveText('0/1 checked in', { timeout: 15_000 })
    expect(pageErrors(consoleErrors)).toEqual([])

    // the venue's Wi-Fi drops: the check-in waits on the device, shown pending and counted
    await context.setOffline(true)
    await expect(first.getByText(/You are offline/)).toBeVisible()
    await press(first.getByRole('button', { name: `Check-In ${dancer}` }))
    await expect(first.getByTestId(`attendee-${holder.userId}`).getByText('Pending')).toBeVisible()
    await expect(first.getByTestId('checkin-counter')).toHaveText('1/1 checked in')
    await shot(first, 'checkin-pending-offline')
    await context.setOffline(false)
    await expect(first.getByTestId(`attendee-${holder.userId}`).getByText('Checked-in')).toBeVisible({ timeout: 20_000 })
    await expect(second.getByTestId('checkin-counter')).toHaveText('1/1 checked in', { timeout: 20_000 })

    const list = await page.request.get(`/api/events/${eventId}/attendees`, { headers: { 'X-Auth-Token': organizer.accessToken } })
    expect(list.ok()).toBeTruthy()
    const answer = (await list.json()) as { checkedIn: number; total: number; attendees: { id: number; checkedIn: boolean }[] }
    expect(answer.checkedIn).toBe(1)
    expect(answer.total).toBe(1)
    expect(answer.attendees.filter((attendee) => attendee.id === holder.userId && attendee.checkedIn)).toHaveLength(1)
    // while offline the browser logs the requests it could not make (the live feed's reconnects): those only
    expect(pageErrors(consoleErrors).filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|network/i.test(error))).toEqual([])
  })
})

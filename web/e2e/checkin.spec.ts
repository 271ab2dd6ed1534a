import type { Browser } from '@playwright/test'
import { acceptCookies, type Account, expect, pageErrors, press, publishedEventOnScreens, shot, signUpByApi, tag, test, wallTime } from './helpers'

/**
 * The door end to end: two check-in pages of one organizer open side by side (two staff tablets);
 * one checks a ticket holder in and the other's counter moves without reloading; un-checked again; then the
 * browser goes offline, a check-in is shown pending and counted, and once the connection returns the server
 * has it, once.
 */

/** A dancer, in a browser of their own, who takes a free ticket (an RSVP) on the event page. */
async function ticketHolder(browser: Browser, eventId: number, dancerName: string): Promise<Account> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: test.info().project.use.viewport ?? undefined, hasTouch: test.info().project.use.hasTouch })
  const page = await context.newPage()
  await acceptCookies(page)
  const account = await signUpByApi(page, { dancerName, prefix: 'door' })
  await page.goto(`/event/${eventId}`)
  await press(page.getByRole('button', { name: 'Get ticket' }).first())
  await press(page.getByRole('dialog', { name: 'Get ticket' }).getByRole('button', { name: 'Get ticket' }))
  await expect(page.getByRole('dialog', { name: "You're going!" })).toBeVisible()
  await context.close()
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
  test('two tablets agree live; a check-in made offline reaches the server once', async ({ page, context, browser, consoleErrors }) => {
    test.setTimeout(150_000)
    await acceptCookies(page)
    const organizer = await signUpByApi(page, { dancerName: `Door Host ${tag()}`, prefix: 'door-host' })
    // a free event happening now (begun an hour ago, over in three), made in the wizard
    const eventId = await publishedEventOnScreens(page, {
      title: `Door Jam ${tag()}`,
      start: wallTime(new Date(Date.now() - 3_600_000), 'America/New_York'),
      end: wallTime(new Date(Date.now() + 3 * 3_600_000), 'America/New_York'),
    })
    const dancer = `Door Dancer ${tag()}`
    const holder = await ticketHolder(browser, eventId, dancer)

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

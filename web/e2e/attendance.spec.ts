import type { Browser, Page } from '@playwright/test'
import { acceptCookies, type Account, expect, pageErrors, press, publishedEventOnScreens, shot, signUpByApi, tag, test } from './helpers'

/**
 * Going to an event on the event page, end to end on the real stack with the local test payment provider (its
 * confirmations travel the signed-webhook path): a declined card shows the processor's message, a good card
 * buys the ticket ('Ticket has been purchased') and 'View ticket' shows its QR code; after an event ends, a
 * checked-in attendee leaves feedback that its organizer reviews and another attendee never sees.
 */

interface Person {
  account: Account
  /** their own browser, signed in */
  page: Page
}

/** A person with a complete profile, signed in in a browser of their own. */
async function person(browser: Browser, dancerName: string): Promise<Person> {
  const { baseURL, viewport, hasTouch } = test.info().project.use
  const context = await browser.newContext({ baseURL, viewport: viewport ?? undefined, hasTouch })
  const page = await context.newPage()
  await acceptCookies(page)
  const account = await signUpByApi(page, { dancerName, prefix: 'going' })
  return { account, page }
}

/** "YYYY-MM-DDTHH:MM" in UTC (the event is in Accra, whose zone is UTC all year; publishing needs a place). */
const wall = (instant: number) => new Date(instant).toISOString().slice(0, 16)
const ACCRA = { query: 'Accra', option: /^Accra\s*(.*, )?Ghana/ }

/** A published event of the organizer from `start` to `end` (ms from now), with the given tiers, made in the wizard; its id. */
async function event(organizer: Person, title: string, start: number, end: number, tiers: { title: string; cost: string }[] = []) {
  return publishedEventOnScreens(organizer.page, { title, place: ACCRA, start: wall(Date.now() + start), end: wall(Date.now() + end), tiers })
}

const HOUR = 3_600_000

test.describe('going to an event', () => {
  test('a declined card says why; a good card buys the ticket and View ticket shows its QR code', async ({ page, browser, request, consoleErrors }) => {
    test.setTimeout(90_000)
    await acceptCookies(page)
    const organizer = await person(browser, `Host ${tag()}`)
    const title = `Ticket Jam ${tag()}`
    const id = await event(organizer, title, 24 * HOUR, 30 * HOUR, [{ title: 'General', cost: '15' }])
    await organizer.page.context().close()
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

  test('feedback after the end: the organizer reviews it, another attendee never sees it', async ({ page, browser, request, consoleErrors }, testInfo) => {
    // two minutes of waiting for the end, once: the tablet's star rows are the event page's (feedback.test.tsx)
    test.skip(testInfo.project.name !== 'desktop', 'waits for the event to end: once, on the desktop')
    test.setTimeout(240_000)
    await acceptCookies(page)
    const organizer = await person(browser, `Host ${tag()}`)
    const title = `Finished Jam ${tag()}`
    // happening now and over at the end of the next minute: the door checks people in only while it happens
    const id = await event(organizer, title, -2 * HOUR, 120_000 - (Date.now() % 60_000))
    const otherName = `Other ${tag()}`
    const other = await person(browser, otherName)
    const writerName = `Writer ${tag()}`
    await signUpByApi(page, { dancerName: writerName })
    // both take a free ticket on the event page, and the organizer checks them in at the door
    for (const dancer of [page, other.page]) {
      await dancer.goto(`/event/${id}`)
      await press(dancer.getByRole('button', { name: 'Get ticket' }).first())
      await press(dancer.getByRole('dialog', { name: 'Get ticket' }).getByRole('button', { name: 'Get ticket' }))
      await expect(dancer.getByRole('dialog', { name: "You're going!" })).toBeVisible()
    }
    await organizer.page.goto(`/event/${id}/checkin`)
    for (const name of [writerName, otherName]) {
      await press(organizer.page.getByRole('button', { name: `Check-In ${name}` }))
    }
    await expect(organizer.page.getByTestId('checkin-counter')).toHaveText('2/2 checked in')

    // once it is over, the page offers feedback (reloaded as a person would)
    await expect(async () => {
      await page.goto(`/event/${id}`)
      await expect(page.getByRole('button', { name: 'Provide feedback' })).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 150_000, intervals: [5_000] })

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
    const review = await request.get(`/api/events/${id}/feedback`, { headers: { 'X-Auth-Token': organizer.account.accessToken } })
    expect(review.ok()).toBeTruthy()
    const body = await review.json()
    expect(body.countFeedbacks).toBe(1)
    expect(body.feedbacks[0].details).toBe('Great floor, loud music')
    expect(body.feedbacks[0].averageRating).toBe(4.3)
    const refused = await request.get(`/api/events/${id}/feedback`, { headers: { 'X-Auth-Token': other.account.accessToken } })
    expect(refused.status()).toBe(403)

    // each in the browser they signed up in
    const organizerPage = organizer.page
    await organizerPage.goto(`/event/${id}?tab=feedback`)
    await expect(organizerPage.getByText(writerName)).toBeVisible()
    await expect(organizerPage.getByText('Great floor, loud music')).toBeVisible()
    await expect(organizerPage.getByText('1 review', { exact: false }).first()).toBeVisible()
    await shot(organizerPage, 'attendance-feedback-review')
    await organizerPage.context().close()

    const otherPage = other.page
    await otherPage.goto(`/event/${id}?tab=feedback`)
    await expect(otherPage.getByText('Your feedback will be visible only to the organizer of the event.')).toBeVisible()
    await expect(otherPage.getByText('Great floor, loud music')).toHaveCount(0)
    await otherPage.context().close()
    expect(pageErrors(consoleErrors).filter((error) => !/status of 400/.test(error))).toEqual([])
  })
})

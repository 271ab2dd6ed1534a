import type { Page } from '@playwright/test'
import { acceptCookies, expect, organizationOnScreens, pageErrors, press, shot, signUpByApi, stubYouTube, tag, test } from './helpers'

async function next(page: Page) {
  await press(page.getByRole('button', { name: 'Next', exact: true }))
}

/**
 * Creating an event end to end: an organizer creates an event through every wizard step with a place found by
 * autocomplete, publishes it (the help modal; the How To Guide in /dev/mail), sees it at the venue's time,
 * edits it from the review, finds it on the organization's Events tab, and deletes a second, draft event.
 */
test.describe('events', () => {
  test('create through the wizard, publish, edit from the review, the Events tab, delete a draft', async ({ page, consoleErrors }) => {
    test.setTimeout(180_000)
    await acceptCookies(page)
    await stubYouTube(page)
    const organizer = `Organizer ${tag()}`
    const account = await signUpByApi(page, { dancerName: organizer, prefix: 'organizer' })
    const orgName = `Crew ${tag()}`
    const orgId = await organizationOnScreens(page, orgName)
    const title = `Floor Wars ${tag()}`

    await page.goto('/create-event')
    await expect(page).toHaveURL(/\/create-event\/\d+$/)
    await expect(page.getByRole('heading', { name: 'Create Event' })).toBeVisible()
    const eventId = Number(new URL(page.url()).pathname.split('/').pop())

    // Info: name, organization, a place by autocomplete, website
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled()
    await page.getByLabel('Event name').fill(title)
    await press(page.getByLabel('Organization'))
    await press(page.getByRole('option', { name: orgName }))
    await page.getByLabel('Location').fill('Queens')
    await press(page.getByRole('option', { name: /^Queens\s*New York, United States/ }).first())
    await page.getByLabel('Website (optional)').fill('floorwars.example.com')
    await shot(page, 'event-wizard-1-info')
    await next(page)

    // Date: the warning shows and does not block
    await expect(page.getByText('Local date and time *')).toBeVisible()
    await page.getByLabel('Start date').fill('2030-07-01')
    await page.getByLabel('End date').fill('2030-06-30')
    await expect(page.getByText("End Date can't be before the Start Date")).toBeVisible()
    await page.getByLabel('End date').fill('2030-07-01')
    await page.getByLabel('End time').fill('18:00')
    await expect(page.getByText("End Date can't be before the Start Date")).toHaveCount(0)
    await shot(page, 'event-wizard-2-date')
    await next(page)

    // Tiers: the first, then one of 50 cents that the server makes $1
    await expect(page.getByText('Cost (optional)')).toBeVisible()
    await page.getByLabel('Title').first().fill('General')
    await page.getByLabel('Cost').first().fill('20')
    await press(page.getByRole('button', { name: 'Add tier' }))
    await page.getByLabel('Title').nth(1).fill('Kids')
    await page.getByLabel('Cost').nth(1).fill('0.5')
    await shot(page, 'event-wizard-3-tiers')
    await next(page)

    // Display Mode: a carpet, renamed
    // typed letter by letter at once, while the new carpet's save and the event's re-read travel
    await press(page.getByRole('button', { name: 'Add carpet' }))
    const carpet = page.getByLabel('Carpet 1 name')
    await expect(carpet).toHaveValue('Carpet 1')
    await carpet.click()
    await carpet.press('ControlOrMeta+a')
    await carpet.pressSequentially('Main floor', { delay: 15 })
    await expect(carpet).toHaveValue('Main floor')
    await carpet.blur()
    // saved as the field is left, whatever was still on its way when it was typed
    const headers = { 'X-Auth-Token': account.accessToken }
    await expect
      .poll(async () => ((await (await page.request.get(`/api/events/${eventId}`, { headers })).json()) as { carpets: { name: string }[] }).carpets.map((c) => c.name))
      .toEqual(['Main floor'])
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeEnabled()
    await shot(page, 'event-wizard-4-display')
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeEnabled()
    await next(page)

    // Battles (later), then Total
    await shot(page, 'event-wizard-5-battles')
    await next(page)
    await expect(page.getByRole('button', { name: 'Publish Event' })).toBeVisible()
    await expect(page.getByText('Main floor')).toBeVisible()
    await expect(page.getByText('$1', { exact: false }).first()).toBeVisible()
    await shot(page, 'event-wizard-6-total')

    // Edit from the review: Save comes back to Total
    await press(page.getByRole('button', { name: 'Edit Info' }))
    await page.getByLabel('Event name').fill(`${title} 2030`)
    await press(page.getByRole('button', { name: 'Save', exact: true }))
    await expect(page.getByRole('button', { name: 'Publish Event' })).toBeVisible()
    await expect(page.getByText(`${title} 2030`)).toBeVisible()

    // Publish: the toast, the event page, the help modal
    await press(page.getByRole('button', { name: 'Publish Event' }))
    await expect(page.getByText('Event Created')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/event/${eventId}`))
    await expect(page.getByRole('dialog', { name: "We've emailed you some help" })).toBeVisible()
    await shot(page, 'event-page-help-modal')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // The event page at the venue's time (New York), whatever the browser's zone
    const aside = page.getByRole('complementary', { name: 'Event info' })
    await expect(aside.getByText(`${title} 2030`)).toBeVisible()
    await expect(aside.getByText('07/01/2030')).toBeVisible()
    await expect(aside.getByText(/12:00 PM - 6:00 PM EDT/)).toBeVisible()
    await expect(aside.getByRole('link', { name: /Queens, New York, United States/ })).toBeVisible()
    await expect(aside.getByText('$1 - $20')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/events/${eventId}/calendar.ics`)
    await shot(page, 'event-page')

    // The media panel: the organizer adds a clip to the event; it shows on the organization's Media tab too
    const media = page.getByRole('region', { name: `${title} 2030 Clips` })
    await press(media.getByRole('button', { name: 'Add media' }))
    const editor = page.getByRole('dialog', { name: 'Add media' })
    await editor.getByLabel('Video link').fill('https://youtu.be/dQw4w9WgXcQ')
    await press(editor.getByRole('button', { name: 'Add', exact: true }))
    await expect(editor.getByTestId('media-preview')).toBeVisible()
    await editor.getByLabel('Clip name (optional)').fill('Final battle')
    await press(editor.getByRole('button', { name: 'Save' }))
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(media.getByRole('button', { name: 'Play Final battle' })).toBeVisible()
    await shot(page, 'event-page-media')

    // The How To Guide went out
    // (published -> the outbox -> NATS -> identity -> the mail loop: it arrives within seconds)
    type Mail = { to: string; subject: string; text: string }
    const guide = async () => ((await (await page.request.get('/dev/mail')).json()) as Mail[]).find((mail) => mail.to === account.email)
    await expect.poll(async () => (await guide())?.subject, { timeout: 20_000 }).toBe('Your event is published: a How To Guide')
    expect((await guide())?.text).toContain(`/event/${eventId}`)

    // The organization's Events tab lists it
    await page.goto(`/organization/${orgId}?tab=events#org-tabs`)
    await expect(page.getByText(`${title} 2030`)).toBeVisible()
    await shot(page, 'organization-events-tab')
    await page.goto(`/organization/${orgId}?tab=media#org-tabs`)
    await expect(page.getByRole('button', { name: 'Play Final battle' })).toBeVisible()

    // A second event, left in the wizard as a draft, then deleted from its menu
    await page.goto('/create-event')
    await expect(page).toHaveURL(/\/create-event\/\d+$/)
    const draftId = Number(new URL(page.url()).pathname.split('/').pop())
    await page.getByLabel('Event name').fill('Draft Jam')
    await press(page.getByRole('button', { name: 'Cancel', exact: true }))
    await press(page.getByRole('dialog', { name: 'Leave the event?' }).getByRole('button', { name: 'Save as draft' }))
    await expect(page).toHaveURL(new RegExp(`/event/${draftId}$`))
    await expect(page.getByText('Draft', { exact: true })).toBeVisible()
    await press(page.getByRole('button', { name: 'Draft actions' }))
    await press(page.getByRole('menuitem', { name: 'Delete Event' }))
    await expect(page.getByRole('dialog', { name: 'Are you sure you want to delete Draft Jam?' })).toBeVisible()
    await press(page.getByRole('dialog').getByRole('button', { name: 'Delete Event' }))
    await expect(page).not.toHaveURL(new RegExp(`/event/${draftId}$`))
    expect((await page.request.get(`/api/events/${draftId}`, { headers })).status()).toBe(404)
    expect(pageErrors(consoleErrors)).toEqual([])
  })
})

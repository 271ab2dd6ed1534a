import type { Page } from '@playwright/test'
import { acceptCookies, expect, organizationOnScreens, press, publishedEventOnScreens, shot, signUpByApi, tag, test } from './helpers'

/** A published event made in the wizard: a place found by autocomplete, a date in 2031; its id. */
async function publishedEvent(page: Page, title: string, orgName?: string, place?: { query: string; option: RegExp }): Promise<number> {
  return publishedEventOnScreens(page, { title, orgName, place, start: '2031-05-02T18:00', end: '2031-05-02T23:00' })
}

const small = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600

/** The search as the device shows it: the box on wide screens, the search dialog on a phone. */
async function search(page: Page, text: string) {
  if (!small(page)) {
    await page.getByRole('searchbox', { name: 'Search events' }).fill(text)
    return
  }
  await press(page.getByRole('button', { name: 'Search events' }))
  const dialog = page.getByRole('dialog', { name: 'Search events' })
  await dialog.getByRole('searchbox', { name: 'Search events' }).fill(text)
  await press(dialog.getByRole('button', { name: 'Show events' }))
  await expect(dialog).toHaveCount(0)
}

/**
 * Browsing events (grid and map) end to end, on desktop, tablet and phone: a published event found on the grid by a
 * search and an organization filter, and on the map by zooming into its cluster until its marker shows.
 */
test.describe('browse events', () => {
  test('the grid: a search and an organization filter find a published event', async ({ page }) => {
    test.setTimeout(120_000)
    await acceptCookies(page)
    const word = tag()
    await signUpByApi(page, { dancerName: `Organizer ${word}`, prefix: 'organizer' })
    const orgName = `Crew ${tag()}`
    const orgId = await organizationOnScreens(page, orgName)
    const ours = `Floor Wars ${word}`
    const other = `Jam ${word} Open`
    const ourId = await publishedEvent(page, ours, orgName)
    await publishedEvent(page, other)

    await page.goto('/events')
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible()
    await search(page, word)
    // the keyword applies 1,200 ms after the last key and goes to the URL, so a link keeps it
    await expect(page).toHaveURL(new RegExp(`[?&]k=${word}`))
    await press(page.getByRole('tab', { name: 'Future events' }))
    const grid = page.getByRole('list', { name: 'Events' })
    await expect(grid.getByRole('link', { name: new RegExp(ours) })).toBeVisible()
    await expect(grid.getByRole('link', { name: new RegExp(other) })).toBeVisible()

    // the organization filter: a case-insensitive, trimmed name search
    await press(page.getByRole('button', { name: /^Filter by organization/ }))
    const dialog = page.getByRole('dialog', { name: 'Filter by organization' })
    await dialog.getByRole('searchbox', { name: 'Search organizations' }).fill(`  ${orgName.toUpperCase()} `)
    await press(dialog.getByRole('checkbox', { name: orgName }))
    await expect(dialog.getByRole('list', { name: 'Chosen organizations' }).getByRole('button', { name: `Remove ${orgName}` })).toBeVisible()
    await press(dialog.getByRole('button', { name: 'Apply' }))
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`[?&]o=${orgId}`))
    await expect(page.getByRole('list', { name: 'Organization filter' }).getByRole('button', { name: `Remove ${orgName}` })).toBeVisible()
    await press(page.getByRole('tab', { name: 'Future events' }))
    const card = grid.getByRole('link', { name: new RegExp(ours) })
    await expect(card).toBeVisible()
    await expect(card).toHaveAttribute('href', `/event/${ourId}`)
    await expect(card).toContainText('6:00 PM')
    await expect(grid.getByRole('link', { name: new RegExp(other) })).toHaveCount(0)
    await shot(page, 'events-grid-filtered')

    // the map keeps the search
    await expect(page.getByRole('link', { name: 'Map' })).toHaveAttribute('href', new RegExp(`k=${word}`))

    // nothing matches: the product's text
    await search(page, `${word}zz`)
    await expect(page.getByText('No Events exist with these parameters')).toBeVisible()
  })

  test('the map: zoom into the cluster until the event’s marker shows, then its card in the visible list', async ({ page }) => {
    test.setTimeout(120_000)
    await acceptCookies(page)
    const word = tag()
    await signUpByApi(page, { dancerName: `Organizer ${word}`, prefix: 'organizer' })
    // two events a kilometre apart, Queens and Ozone Park: one cluster at New York's zoom 5, two markers close up
    const ourId = await publishedEvent(page, `Cypher ${word} One`)
    const otherId = await publishedEvent(page, `Cypher ${word} Two`, undefined, { query: 'Ozone Park', option: /^Ozone Park\s*New York, United States/ })

    // no location permission (refused, or no answer in headless Chromium): the toast; the map starts in New York
    await page.goto(`/events/map?k=${word}`)
    await expect(page.getByText(/^(Please allow access to your location\.|The request to get location timed out\.)$/)).toBeVisible({ timeout: 15_000 })
    await expect(page.getByRole('link', { name: 'Map' })).toHaveAttribute('aria-current', 'page')
    await expect(page.locator('footer')).toHaveCount(0)
    // the first tab with events is chosen by itself
    await expect(page.getByRole('tab', { name: 'Future (2)' })).toHaveAttribute('aria-selected', 'true')

    const marker = page.locator(`.leaflet-marker-icon[data-event-id="${ourId}"]`)
    const cluster = page.getByRole('button', { name: '2 events: zoom in' })
    await expect(cluster).toBeVisible()
    await shot(page, 'events-map-cluster')
    for (let presses = 0; presses < 8 && !(await marker.isVisible()); presses += 1) {
      if (await cluster.isVisible()) await press(cluster)
      await page.waitForTimeout(600)
    }
    await expect(marker).toBeVisible()
    await expect(page.locator(`.leaflet-marker-icon[data-event-id="${otherId}"]`)).toBeVisible()

    const list = page.getByRole('list', { name: 'Events in this area' })
    const card = list.locator(`a[href="/event/${ourId}"]`)
    await card.scrollIntoViewIfNeeded()
    await expect(card).toBeVisible()
    await expect(card).toContainText('Queens, New York, United States')
    await shot(page, 'events-map-markers')
    await press(card)
    await expect(page).toHaveURL(new RegExp(`/event/${ourId}$`))
  })
})

import type { Locator, Page } from '@playwright/test'
import { acceptCookies, expect, publishedEventOnScreens, shot, signUpByApi, test, wallTime } from './helpers'

/**
 * Browsing events, the calendar's part end to end: an organizer's published events are found from Home's Featured
 * Events, in the calendar's month (reached with the buttons on a desktop, by swiping on a touch screen), and on
 * the organizer's profile Events tab. The venue is in Tokyo and the browser in Los Angeles: the calendar shows
 * the venue's wall time.
 */
test.use({ timezoneId: 'America/Los_Angeles' })

const TOKYO = { query: 'Tokyo', option: /^Tokyo\s*(Tokyo, )?Japan/ }
/** The future event's day: far enough ahead to be quiet, its month reached from the one before. */
const DAY = { start: '2031-03-14T18:00', end: '2031-03-14T22:00', cell: 'Friday, March 14, 2031', month: 'March 2031' }

function tag(): string {
  return `${test.info().project.name.slice(0, 1)}${Math.random().toString(36).slice(2, 7)}`
}

/** A published event of the organizer in Tokyo, made in the wizard; its id. */
async function publishedEvent(page: Page, fields: { title: string; dateStart: string; dateEnd: string }): Promise<number> {
  return publishedEventOnScreens(page, { title: fields.title, place: TOKYO, start: fields.dateStart, end: fields.dateEnd })
}

/** A tap on a touch screen, a click with a mouse. */
function pressWith(touch: boolean) {
  return async (locator: Locator) => {
    if (touch) await locator.tap()
    else await locator.click()
  }
}

/** A horizontal swipe on the month grid, as a finger does it (touchstart, touchend `dx` further). */
async function swipe(grid: Locator, dx: number) {
  const box = await grid.boundingBox()
  if (!box) throw new Error('the month grid is not on screen')
  const from = { identifier: 0, clientX: box.x + box.width / 2, clientY: box.y + 120 }
  const to = { ...from, clientX: from.clientX + dx, clientY: from.clientY + 8 }
  await grid.dispatchEvent('touchstart', { touches: [from], changedTouches: [from], targetTouches: [from] })
  await grid.dispatchEvent('touchend', { touches: [], changedTouches: [to], targetTouches: [] })
}

async function journey(page: Page, touch: boolean, consoleErrors: string[]) {
  test.setTimeout(150_000)
  const press = pressWith(touch)
  await acceptCookies(page)
  const organizer = `Calendar Host ${tag()}`
  const account = await signUpByApi(page, { dancerName: organizer, prefix: 'calendar' })
  // Happening now: begun 20 days ago (so it comes first among the events happening now, date ascending), over
  // in 40 minutes (so it never lingers on Home after this test)
  const now = Date.now()
  const nowTitle = `Now Cypher ${tag()}`
  const nowId = await publishedEvent(page, {
    title: nowTitle,
    dateStart: wallTime(new Date(now - 20 * 86_400_000), 'Asia/Tokyo'),
    dateEnd: wallTime(new Date(now + 40 * 60_000), 'Asia/Tokyo'),
  })
  const futureTitle = `Calendar Cypher ${tag()}`
  const futureId = await publishedEvent(page, { title: futureTitle, dateStart: DAY.start, dateEnd: DAY.end })

  // Home: Featured Events, the first happening now, opening the event
  await page.goto('/')
  const featured = page.getByRole('list', { name: 'Featured events' })
  const card = featured.getByRole('link', { name: new RegExp(nowTitle) })
  await expect(card).toBeVisible()
  await expect(card).toHaveAttribute('href', `/event/${nowId}`)
  await shot(page, 'home-featured-events')
  await press(card)
  await expect(page).toHaveURL(new RegExp(`/event/${nowId}$`))

  // The calendar: the month before, then the next one (buttons on a desktop, a swipe on a touch screen)
  await page.goto('/events/calendar?m=2031-02')
  await expect(page.getByRole('heading', { name: 'Calendar Mode' })).toBeVisible()
  const month = page.getByTestId('calendar-month')
  await expect(month).toHaveText('February 2031')
  const grid = page.getByRole('table', { name: 'February 2031' })
  await expect(grid).toBeVisible()
  if (touch) await swipe(grid, -120)
  else await press(page.getByRole('button', { name: 'Next month' }))
  await expect(month).toHaveText(DAY.month)
  await expect(page).toHaveURL(/[?&]m=2031-03\b/)
  const cell = page.getByRole('cell', { name: DAY.cell })

  const desktop = (page.viewportSize()?.width ?? 0) >= 960
  let link: Locator
  if (desktop) {
    // up to 4 in the cell, the rest behind '+N'
    link = cell.getByRole('link', { name: new RegExp(futureTitle) })
    await expect(cell.getByRole('link').first()).toBeVisible()
    if (!(await link.isVisible())) {
      await press(cell.getByRole('button', { name: /more events on/ }))
      link = page.getByRole('dialog', { name: `Events on ${DAY.cell}` }).getByRole('link', { name: new RegExp(futureTitle) })
    }
    await expect(link).toBeVisible()
    await shot(page, 'calendar-month')
  } else {
    // a phone or tablet: 2 a day; a tap on the day opens its list below the grid
    const day = cell.getByRole('button', { name: new RegExp(`^${DAY.cell}: \\d+ events?$`) })
    await expect(day).not.toHaveAccessibleName(`${DAY.cell}: 0 events`)
    await press(day)
    const list = page.getByRole('region', { name: DAY.cell })
    await expect(list).toBeVisible()
    await shot(page, 'calendar-day-list')
    link = list.getByRole('link', { name: new RegExp(futureTitle) })
    await expect(link).toBeVisible()
    // a day of another month does nothing
    await press(page.getByRole('cell', { name: 'Saturday, April 5, 2031' }))
    await expect(month).toHaveText(DAY.month)
    await expect(list).toBeVisible()
    await press(list.getByRole('button', { name: 'Hide' }))
    await expect(list).toHaveCount(0)
    await press(day)
    await expect(link).toBeVisible()
  }
  // 18:00 at the Tokyo venue, shown as such in a Los Angeles browser
  await expect(link).toContainText('6:00 PM')
  await expect(link).toHaveAttribute('href', `/event/${futureId}`)
  await press(link)
  await expect(page).toHaveURL(new RegExp(`/event/${futureId}$`))

  // The organizer's profile, Events tab: happening now, and the sub-tabs with their counts
  await page.goto(`/profile/${account.userId}`)
  const happening = page.getByRole('region', { name: 'Happening now' })
  await expect(happening.getByRole('link', { name: new RegExp(nowTitle) })).toHaveAttribute('href', `/event/${nowId}`)
  await expect(page.getByRole('tab', { name: 'Happening (1)' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tab', { name: 'Drafts (0)' })).toBeVisible()
  await press(page.getByRole('tab', { name: 'Upcoming (1)' }))
  await expect(page.getByRole('list', { name: 'Events: Upcoming' }).getByRole('link', { name: new RegExp(futureTitle) })).toHaveAttribute('href', `/event/${futureId}`)
  await press(page.getByRole('button', { name: 'Z-A' }))
  await expect(page.getByRole('button', { name: 'Z-A' })).toHaveAttribute('aria-pressed', 'true')
  await shot(page, 'profile-events-tab')
  expect(consoleErrors).toEqual([])
}

test.describe('browse: calendar, Home, profile', () => {
  test('a published event from Home, in its calendar month and on its organizer’s Events tab', async ({ page, hasTouch, consoleErrors }) => {
    await journey(page, hasTouch, consoleErrors)
  })
})

// A phone (390 px, touch), run once from the desktop project, unless the configuration has a phone project
// of its own (then the test above runs there).
test.describe('browse on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('the same journey by touch on a phone', async ({ page, consoleErrors }) => {
    const projects = test.info().config.projects.map((project) => project.name)
    test.skip(projects.includes('phone') || test.info().project.name !== 'desktop', 'the phone project runs the journey itself')
    await journey(page, true, consoleErrors)
  })
})

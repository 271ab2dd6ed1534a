import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { acceptCookies, expect, pageErrors, PASSWORD, press, shot, test, uniqueEmail } from './helpers'

/** A short tag that keeps the dancers and the city of this run and project apart. */
function tag(): string {
  return `${test.info().project.name.slice(0, 1)}${Math.random().toString(36).slice(2, 7)}`
}

/** A complete profile made through the real API, living in `city` (a city of its own keeps the wall small). */
async function dancer(request: APIRequestContext, dancerName: string, city: string): Promise<number> {
  const signup = await request.post('/api/auth/signup', { data: { email: uniqueEmail('member'), password: PASSWORD } })
  expect(signup.status()).toBe(201)
  const body = await signup.json()
  const saved = await request.post('/api/user', {
    headers: { 'X-Auth-Token': body.accessToken as string },
    data: { dancerName, fullName: 'Test Dancer', birthday: '10/18/1993', country: 'United States', state: 'California', city },
  })
  expect(saved.ok(), await saved.text()).toBeTruthy()
  return body.user.id as number
}

/** Three dancers in a city of their own, and the wall filtered to it by its chip. */
async function wallOfThree(page: Page) {
  const t = tag()
  const city = `Cyphertown ${t}`
  const names = [`${t} Alpha`, `${t} Bravo`, `${t} Charlie`]
  for (const name of [names[1], names[2], names[0]]) await dancer(page.request, name, city)
  await acceptCookies(page)
  await page.goto(`/members?city=${encodeURIComponent(city)}`)
  return { city, names }
}

const cards = (page: Page): Locator => page.getByRole('list', { name: 'Members' }).getByRole('link')

async function cardNames(page: Page): Promise<(string | null)[]> {
  return cards(page).evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')))
}

test.describe('Members wall', () => {
  test('search and sort the cards, then remove the location chip', async ({ page, consoleErrors }) => {
    const { city, names } = await wallOfThree(page)
    await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible()
    const search = page.getByLabel('Search 3 cards')
    await expect(search).toBeVisible()
    await expect(cards(page)).toHaveCount(3)
    expect(await cardNames(page)).toEqual(names)
    await shot(page, 'members-wall')

    await press(page.getByRole('button', { name: 'Z-A' }))
    await expect(page.getByRole('button', { name: 'Z-A' })).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(() => cardNames(page)).toEqual([...names].reverse())
    await press(page.getByRole('button', { name: 'A-Z' }))
    await expect.poll(() => cardNames(page)).toEqual(names)

    await search.fill(names[1].split(' ')[1].toLowerCase()) // 'bravo': a part of the name, any case
    await expect.poll(() => cardNames(page)).toEqual([names[1]])
    await search.fill('no such dancer here')
    await expect(page.getByText('No members exist with these parameters')).toBeVisible()
    await shot(page, 'members-empty')
    await search.fill('')
    await expect(cards(page)).toHaveCount(3)

    await press(page.getByRole('button', { name: `Remove city ${city}` }))
    await expect(page).toHaveURL(/\/members$/)
    await expect(page.getByLabel(/^Search \d+ cards$/)).not.toHaveAccessibleName('Search 3 cards')
    await expect(page.getByRole('list', { name: 'Location filters' })).toHaveCount(0)

    await press(cards(page).first())
    await expect(page).toHaveURL(/\/profile\/\d+$/)
    expect(pageErrors(consoleErrors)).toEqual([])
  })

  test('a card opens its profile', async ({ page }) => {
    const { names } = await wallOfThree(page)
    await press(page.getByRole('link', { name: names[2] }))
    await expect(page).toHaveURL(/\/profile\/\d+$/)
    await expect(page.getByText(names[2]).first()).toBeVisible()
  })
})

test.describe('Members wall on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })
  test('search and sort by touch, two cards a row', async ({ page }) => {
    test.skip(test.info().project.name !== 'desktop', "one project is enough for the phone's width")
    const { names } = await wallOfThree(page)
    await expect(cards(page)).toHaveCount(3)
    const [first, second] = await Promise.all([cards(page).nth(0).boundingBox(), cards(page).nth(1).boundingBox()])
    expect(first && second && Math.abs(first.y - second.y) < 2).toBeTruthy() // side by side
    await page.getByRole('button', { name: 'Z-A' }).tap()
    await expect.poll(() => cardNames(page)).toEqual([...names].reverse())
    await page.getByLabel('Search 3 cards').fill(names[0].split(' ')[1])
    await expect.poll(() => cardNames(page)).toEqual([names[0]])
    await shot(page, 'members-phone')
  })
})

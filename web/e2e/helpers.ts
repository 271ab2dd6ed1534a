import { mkdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test as base, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test'

const here = dirname(fileURLToPath(import.meta.url))
export const SCREENSHOTS = join(here, 'screenshots')
export const FIXTURES = join(here, 'fixtures')
export const PASSWORD = 'breaking-2026'

let counter = 0
export function uniqueEmail(prefix: string): string {
  counter += 1
  return `${prefix}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@example.com`
}

/** Console errors of the page; a test that expects none checks the list at its end. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} @ ${message.location().url}`)
    })
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
    await use(errors)
  },
})
export { expect }

/** A screenshot of the screen as the user sees it, into e2e/screenshots/<project>-<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const project = test.info().project.name
  await page.waitForLoadState('load')
  await expect(page.locator('#main')).toBeVisible()
  await expect(page.getByTestId('page-loader')).toHaveCount(0)
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: join(SCREENSHOTS, `${project}-${name}.png`), fullPage: true, animations: 'disabled' })
}

/** Press a control the way the device does it: a tap on the touch tablet, a click on the desktop. */
export async function press(locator: Locator): Promise<void> {
  if (test.info().project.use.hasTouch) await locator.tap()
  else await locator.click()
}

export interface Account {
  email: string
  password: string
  accessToken: string
  userId: number
}

/**
 * An account made through the real API, signed in in this browser context (the refresh cookie lands in the
 * context's cookie jar; the session hint tells the SPA to use it). With `dancerName` the profile is complete.
 */
export async function signUpByApi(page: Page, options: { dancerName?: string; prefix?: string } = {}): Promise<Account> {
  const email = uniqueEmail(options.prefix ?? 'dancer')
  const response = await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD } })
  expect(response.status()).toBe(201)
  const body = await response.json()
  const account = { email, password: PASSWORD, accessToken: body.accessToken as string, userId: body.user.id as number }
  if (options.dancerName) await completeProfile(page.request, account, options.dancerName)
  await page.addInitScript(() => window.localStorage.setItem('cypher.session', '1'))
  return account
}

export async function completeProfile(request: APIRequestContext, account: Account, dancerName: string) {
  const response = await request.post('/api/user', {
    headers: { 'X-Auth-Token': account.accessToken },
    data: {
      dancerName,
      fullName: 'Test Dancer',
      birthday: '10/18/1993',
      country: 'United States',
      state: 'California',
      city: 'Los Angeles',
    },
  })
  expect(response.ok(), await response.text()).toBeTruthy()
}

/** Skip the cookie banner (its own test answers it). */
export async function acceptCookies(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'cookie', value: 'accepted', url: test.info().project.use.baseURL ?? 'http://localhost' }])
}

export interface OnboardingValues {
  firstName: string
  lastName: string
  dancerName: string
  birthdayDigits: string
  countryQuery: string
  country: string
  state?: string
  city: string
  avatar?: string
}

/** Walks the six onboarding steps, a screenshot of each, and presses 'create profile'. */
export async function fillOnboarding(page: Page, values: OnboardingValues, shotPrefix?: string): Promise<void> {
  const snap = async (name: string) => {
    if (shotPrefix) await shot(page, `${shotPrefix}-${name}`)
  }
  await expect(page.getByRole('heading', { name: 'Full name' })).toBeVisible()
  await page.getByLabel('First name').fill(values.firstName)
  await page.getByLabel('First name').press('Enter')
  await expect(page.getByLabel('Last name')).toBeFocused()
  await page.getByLabel('Last name').fill(values.lastName)
  await snap('1-full-name')
  await page.getByLabel('Last name').press('Enter')

  await expect(page.getByRole('heading', { name: 'Username' })).toBeVisible()
  await page.getByLabel('Dancer name, nickname, etc...').fill(values.dancerName)
  await snap('2-username')
  await press(page.getByRole('button', { name: 'next' }))

  await expect(page.getByRole('heading', { name: 'Enter your birthday' })).toBeVisible()
  const birthday = page.getByLabel('Birthday')
  await expect(birthday).toHaveAttribute('placeholder', '10/18/1993')
  await birthday.pressSequentially(values.birthdayDigits)
  await snap('3-birthday')
  await press(page.getByRole('button', { name: 'next' }))

  await expect(page.getByRole('heading', { name: 'Location' })).toBeVisible()
  const country = page.getByRole('combobox', { name: 'Country' })
  await country.fill('zzz')
  await expect(page.getByText('Country not found')).toBeVisible()
  await country.fill(values.countryQuery)
  await page.getByRole('option', { name: new RegExp(values.country) }).first().click()
  if (values.state) await page.getByLabel('State').fill(values.state)
  await page.getByLabel('City').fill(values.city)
  await snap('4-location')
  await page.getByLabel('City').press('Enter')

  await expect(page.getByRole('heading', { name: 'Add a profile picture' })).toBeVisible()
  if (values.avatar) {
    await page.getByTestId('image-input').setInputFiles(join(FIXTURES, values.avatar))
    await expect(page.getByRole('button', { name: 'Edit Image' })).toBeVisible()
  }
  await snap('5-avatar')
  await press(page.getByRole('button', { name: 'next' }))

  await expect(page.getByTestId('flip-card')).toBeVisible()
  await expect(page.getByTestId('progress-dot')).toHaveCount(6)
  await snap('6-card')
  await press(page.getByRole('button', { name: /Turn over the card/ }))
  await expect(page.getByTestId('flip-card')).toHaveAttribute('data-flipped', 'true')
  await press(page.getByRole('button', { name: 'create profile' }))
}

/** YouTube is outside the test network: its player and thumbnails are stood in for at the transport. */
export async function stubYouTube(page: Page) {
  const thumbnail = readFileSync(join(FIXTURES, 'dancer.jpg'))
  await page.route(/^https:\/\/i\.ytimg\.com\//, (route) => route.fulfill({ status: 200, contentType: 'image/jpeg', body: thumbnail }))
  await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<html><body style="margin:0;background:#000;color:#fff;font:16px sans-serif;display:grid;place-items:center;height:100vh">YouTube player (stub)</body></html>',
    }),
  )
}

/**
 * The page's console errors, less one the test itself causes: the shared sign-in init script (helpers.ts) runs
 * in every frame, the stubbed YouTube iframe included, where a cross-site frame may not read localStorage.
 */
export const pageErrors = (errors: string[]) => errors.filter((error) => !error.includes("Failed to read the 'localStorage' property"))

/** A short tag keeping this run's and project's names apart. */
export function tag(): string {
  return `${test.info().project.name.slice(0, 1)}${Math.random().toString(36).slice(2, 7)}`
}

/**
 * A published organization made on the screens by the signed-in organizer (Create Organization, its name, no
 * admins or promoters added, Publish); its id. The organizer is its admin from the moment the draft is made, so
 * the events service has long learnt the role by the time the wizard offers it.
 */
export async function organizationOnScreens(page: Page, name: string): Promise<number> {
  await page.goto('/organizations')
  await press(page.getByRole('button', { name: 'Create Organization' }))
  await expect(page).toHaveURL(/\/create-organization-organization\/\d+$/)
  const id = Number(new URL(page.url()).pathname.split('/').pop())
  await page.getByLabel('Organization name').fill(name)
  await press(page.getByRole('button', { name: 'Next' }))
  await expect(page.getByRole('heading', { name: 'Organization admins' })).toBeVisible()
  await press(page.getByRole('button', { name: 'Next' }))
  await expect(page.getByRole('heading', { name: 'Organization promoters' })).toBeVisible()
  await press(page.getByRole('button', { name: 'Publish' }))
  await expect(page).toHaveURL(new RegExp(`/organization/${id}$`))
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  return id
}

/** An organization's Agreement or Waiver written on its Settings page (open already) and saved. */
export async function writeDocument(page: Page, section: 'Agreement' | 'Waiver', title: string, text: string) {
  await press(page.getByRole('navigation', { name: 'Organization settings sections' }).getByRole('link', { name: section, exact: true }))
  await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible()
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByRole('textbox', { name: 'Version' }).fill('1')
  await page.getByRole('textbox', { name: 'Text', exact: true }).click()
  await page.keyboard.type(text)
  await press(page.getByRole('button', { name: 'Save' }))
  await expect(page.getByTestId('toast')).toHaveText('Changes has been saved')
}

/** The event wizard's Date step (open already): from `from` to `to` hours from now on the venue's clock. */
export async function fillDates(page: Page, from: number, to: number, zone: string) {
  const wall = (hours: number) => wallTime(new Date(Date.now() + hours * 3_600_000), zone)
  await fillWallDates(page, wall(from), wall(to))
}

/** The event wizard's Date step (open already) given its start and end as "YYYY-MM-DDTHH:MM" on the venue's clock. */
export async function fillWallDates(page: Page, start: string, end: string) {
  await expect(page.getByRole('heading', { name: 'Date', level: 2 })).toBeVisible()
  const [startDate, startTime] = start.split('T')
  const [endDate, endTime] = end.split('T')
  await page.getByLabel('Start date').fill(startDate)
  await page.getByLabel('Start time').fill(startTime)
  await page.getByLabel('End date').fill(endDate)
  await page.getByLabel('End time').fill(endTime)
}

/** What the event wizard's Info step is given: the title, the organization and the place. */
export interface EventInfo {
  title: string
  /** the organization as the wizard's picker names it; none is the platform's */
  orgName?: string
  /** the text typed into Location and the autocomplete option picked; Queens, New York when none */
  place?: { query: string; option: RegExp }
}

/**
 * The event wizard opened by the signed-in organizer (at /create-event, or by `open`, e.g. the Events page's
 * link) and its Info step filled, Next not yet pressed (a caller may add hosts or a website); the draft's id.
 */
export async function startEventOnScreens(page: Page, info: EventInfo, open?: () => Promise<unknown>): Promise<number> {
  await (open ? open() : page.goto('/create-event'))
  await expect(page).toHaveURL(/\/create-event\/\d+$/)
  const id = Number(new URL(page.url()).pathname.split('/').pop())
  await expect(page.getByRole('heading', { name: 'Info', level: 2 })).toBeVisible()
  await page.getByLabel('Event name').fill(info.title)
  if (info.orgName) {
    await press(page.getByLabel('Organization'))
    await press(page.getByRole('option', { name: info.orgName, exact: true }))
  }
  const place = info.place ?? { query: 'Queens', option: /^Queens\s*New York, United States/ }
  await page.getByLabel('Location').fill(place.query)
  await press(page.getByRole('option', { name: place.option }).first())
  return id
}

export interface EventOnScreens extends EventInfo {
  /** on the venue's clock, "YYYY-MM-DDTHH:MM" (see `wallTime`) */
  start: string
  end: string
  tiers?: { title: string; cost: string }[]
}

/** An event made and published through the wizard by the signed-in organizer; its id. */
export async function publishedEventOnScreens(page: Page, event: EventOnScreens): Promise<number> {
  const id = await startEventOnScreens(page, event)
  const next = () => press(page.getByRole('button', { name: 'Next', exact: true }))
  await next()
  await fillWallDates(page, event.start, event.end)
  await next()
  await expect(page.getByRole('heading', { name: 'Tiers', level: 2 })).toBeVisible()
  for (const [n, tier] of (event.tiers ?? []).entries()) {
    if (n > 0) await press(page.getByRole('button', { name: 'Add tier' }))
    await page.getByLabel('Title').nth(n).fill(tier.title)
    await page.getByLabel('Cost').nth(n).fill(tier.cost)
  }
  await next()
  await expect(page.getByRole('heading', { name: 'Display Mode', level: 2 })).toBeVisible()
  await next()
  await expect(page.getByRole('heading', { name: 'Battles', level: 2 })).toBeVisible()
  await next()
  await press(page.getByRole('button', { name: 'Publish Event' }))
  await expect(page).toHaveURL(new RegExp(`/event/${id}$`))
  await expect(page.getByRole('dialog', { name: "We've emailed you some help" })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  return id
}

export interface BracketBattleOnScreens {
  title: string
  /** 2 to 32, as the Bracket size menu names it */
  size: string
  /** the judges' names, each picked in the dialog's picker */
  judges: string[]
  /** rounds per bracket level where not the default, e.g. { Final: 2 } */
  rounds?: Record<string, number>
  /** the organization the dialog must show (the event's) */
  orgName?: string
  /** only the people checked in at the event vote in its sparrings */
  votersCheckedIn?: boolean
  /** the semi-finals' losers battle for third place */
  thirdPlace?: boolean
  /** round-robin groups before the bracket */
  roundRobin?: boolean
  /** the Judging menu's option where not the default points, e.g. 'Point at the winner' */
  judging?: string
  /** a screenshot of the filled dialog before it is saved */
  shotName?: string
}

/** On the wizard's Battles step (open already): Add Battle, a 1 vs 1 bracket battle with its judges, saved. */
export async function addBracketBattle(page: Page, battle: BracketBattleOnScreens) {
  await expect(page.getByRole('heading', { name: 'Battles', level: 2 })).toBeVisible()
  await press(page.getByRole('button', { name: 'Add Battle' }))
  const dialog = page.getByRole('dialog', { name: 'Edit Battle' })
  await dialog.getByRole('textbox', { name: 'Title' }).fill(battle.title)
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveText('1 vs 1')
  if (battle.orgName) await expect(dialog.getByRole('combobox', { name: 'Organization' })).toHaveText(battle.orgName)
  await press(dialog.getByRole('radio', { name: 'Bracket' }))
  await press(dialog.getByRole('combobox', { name: 'Bracket size' }))
  await press(page.getByRole('option', { name: battle.size, exact: true }))
  await expect(dialog.getByRole('combobox', { name: 'Bracket size' })).toHaveText(battle.size)
  for (const [level, rounds] of Object.entries(battle.rounds ?? {})) {
    await dialog.getByRole('textbox', { name: `${level} rounds`, exact: true }).fill(String(rounds))
  }
  if (battle.judging) {
    await press(dialog.getByRole('combobox', { name: 'Judging' }))
    await press(page.getByRole('option', { name: battle.judging }))
    await expect(dialog.getByRole('combobox', { name: 'Judging' })).toHaveText(battle.judging)
  }
  if (battle.thirdPlace) {
    const third = dialog.getByRole('switch', { name: "The semi-finals' losers battle for third place" })
    await press(third)
    await expect(third).toBeChecked()
  }
  if (battle.roundRobin) {
    const groups = dialog.getByRole('switch', { name: /^Round-robin groups before the bracket/ })
    await press(groups)
    await expect(groups).toBeChecked()
  }
  if (battle.votersCheckedIn) {
    const voters = dialog.getByRole('switch', { name: 'Only people checked in at the event vote in the sparrings' })
    await press(voters)
    await expect(voters).toBeChecked()
  }
  for (const judge of battle.judges) {
    await pick(page, 'Add judge', judge)
    await expect(dialog.getByRole('list', { name: 'Judges' }).getByRole('link', { name: judge })).toBeVisible()
  }
  if (battle.shotName) await shot(page, battle.shotName)
  await press(dialog.getByRole('button', { name: 'Save' }))
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('list', { name: 'Battles' }).getByRole('listitem').filter({ hasText: battle.title })).toContainText('1 vs 1')
}

/**
 * The wizard opened by the signed-in organizer up to its Battles step: Info (`info`), dates from yesterday to three
 * days on in New York (under way now), Tiers left empty, Display Mode (`atDisplayMode` acts there, e.g. adds a
 * carpet); the draft's id.
 */
export async function wizardToBattles(page: Page, info: EventInfo, atDisplayMode?: () => Promise<void>): Promise<number> {
  const id = await startEventOnScreens(page, info)
  const next = () => press(page.getByRole('button', { name: 'Next', exact: true }))
  await next()
  await fillDates(page, -1, 3, 'America/New_York')
  await next()
  await expect(page.getByRole('heading', { name: 'Tiers', level: 2 })).toBeVisible()
  await next()
  await expect(page.getByRole('heading', { name: 'Display Mode', level: 2 })).toBeVisible()
  if (atDisplayMode) await atDisplayMode()
  await next()
  await expect(page.getByRole('heading', { name: 'Battles', level: 2 })).toBeVisible()
  return id
}

/**
 * From the wizard's Battles step: Next, the review (`atReview` checks it), Publish Event, the help dialog closed;
 * then each battle's id as its chip on the event page links it, once battles shows it to others (it learns by
 * NATS that the event is published).
 */
export async function publishWithBattles(
  page: Page,
  request: APIRequestContext,
  eventId: number,
  titles: string[],
  atReview?: () => Promise<void>,
): Promise<number[]> {
  await press(page.getByRole('button', { name: 'Next', exact: true }))
  if (atReview) await atReview()
  await press(page.getByRole('button', { name: 'Publish Event' }))
  await expect(page).toHaveURL(new RegExp(`/event/${eventId}$`))
  await expect(page.getByRole('dialog', { name: "We've emailed you some help" })).toBeVisible()
  await page.keyboard.press('Escape')
  const ids: number[] = []
  for (const title of titles) {
    const chip = page.getByRole('region', { name: 'Battles' }).getByRole('link', { name: new RegExp(title) })
    await reloadUntil(page, chip)
    ids.push(Number((await chip.getAttribute('href'))!.split('/').pop()))
  }
  for (const id of ids) await expect.poll(async () => (await request.get(`/api/battles/${id}`)).status(), { timeout: 20_000 }).toBe(200)
  return ids
}

/**
 * One phone (touch, 390 px wide) on which the dancers `names` sign in one after another (accounts by API) and each
 * registers for every battle of `battleIds` on its page, reloading as a person would until battles knows their
 * profile is complete (it learns it from NATS). The phone stays open, signed in as the last of them.
 */
export async function registerOnPhone(browser: Browser, battleIds: number[], names: string[], prefix: string, errors: string[]): Promise<{ phone: Page; dancers: Account[] }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  const phone = await context.newPage()
  watch(phone, errors, 'dancers phone')
  await acceptCookies(phone)
  const dancers: Account[] = []
  for (const name of names) {
    dancers.push(await signUpByApi(phone, { dancerName: name, prefix }))
    for (const id of battleIds) {
      const register = phone.getByRole('region', { name: 'Registration' }).getByRole('button', { name: 'Register', exact: true })
      await expect(async () => {
        await phone.goto(`/battle/${id}`)
        await expect(register).toBeEnabled({ timeout: 3_000 })
      }).toPass({ timeout: 30_000, intervals: [1_000] })
      await press(register)
      await expect(phone.getByRole('region', { name: 'Registration' }).getByText('You are registered.')).toBeVisible()
    }
  }
  return { phone, dancers }
}

/** Confirm the question a button opened. */
export async function confirm(page: Page, title: string | RegExp, label: string) {
  const dialog = page.getByRole('dialog', { name: title })
  await press(dialog.getByRole('button', { name: label, exact: true }))
  await expect(dialog).toBeHidden()
}

/** A read of the API for a test's checks (what people do goes through the screens). */
export async function json<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const response = await request.get(path, { headers: token ? { 'X-Auth-Token': token } : {} })
  expect(response.ok(), `${path}: ${await response.text()}`).toBeTruthy()
  return (await response.json()) as T
}

/** Open `path` and wait until its live feed follows `topic` (the screen re-reads on ready). */
export async function openLive(page: Page, path: string, topic: string) {
  // the tabs of one browser share one stream, opened by one of them (docs/architecture.md, The live feed)
  const live = page.context().waitForEvent('response', {
    predicate: (response) => {
      const url = new URL(response.url())
      return url.pathname === '/api/live' && (url.searchParams.get('topics') ?? '').split(',').includes(topic)
    },
    timeout: 30_000,
  })
  await page.goto(path)
  await live
}

/** What another service learns by NATS shows after a reload: reload as a person would until it does. */
export async function reloadUntil(page: Page, shown: Locator, timeout = 40_000) {
  // the page has drawn (a slow device may take seconds) before it is judged
  const drawn = page.getByRole('heading', { level: 1 }).first()
  await expect(drawn).toBeVisible({ timeout: 20_000 })
  if (await shown.waitFor({ timeout: 3_000 }).then(() => true, () => false)) return
  await expect(async () => {
    await page.reload()
    await expect(drawn).toBeVisible({ timeout: 20_000 })
    await expect(shown).toBeVisible({ timeout: 3_000 })
  }).toPass({ timeout, intervals: [1_000] })
}

/** A complete profile made through the API, in its own request context (the page stays signed in as itself). */
export async function dancer(request: APIRequestContext, dancerName: string, prefix = 'org'): Promise<Account> {
  const email = uniqueEmail(prefix)
  const response = await request.post('/api/auth/signup', { data: { email, password: PASSWORD } })
  expect(response.status()).toBe(201)
  const body = await response.json()
  const account = { email, password: PASSWORD, accessToken: body.accessToken as string, userId: body.user.id as number }
  await completeProfile(request, account, dancerName)
  return account
}

/** Pick a user in a user picker by typing part of the name. */
export async function pick(page: Page, picker: string, name: string) {
  const field = page.getByRole('combobox', { name: picker })
  await field.fill(name)
  // the list shows the previous search's answer until this one lands: a tap then could hit a moving row
  await expect(page.getByRole('listbox', { name: `${picker} results` })).toHaveAttribute('aria-busy', 'false')
  const option = page.getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
  await expect(option).toBeVisible()
  await press(option)
}

/** "YYYY-MM-DDTHH:MM" of an instant on the venue's clock. */
export function wallTime(instant: Date, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  const part = Object.fromEntries(format.formatToParts(instant).map((item) => [item.type, item.value]))
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`
}


/** The event's fields as the wizard's Info and Date steps save them; `from`/`to` in hours from now. */

/** Console errors of a page the fixture does not watch (other tabs and browsers). */
export function watch(page: Page, errors: string[], who: string) {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${who}: ${message.text()} @ ${message.location().url}`)
  })
  page.on('pageerror', (error) => errors.push(`${who}: pageerror: ${error.message}`))
}

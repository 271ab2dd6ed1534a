import { join } from 'node:path'
import type { Browser, Locator, Page } from '@playwright/test'
import { acceptCookies, addBracketBattle, expect, fillDates, pageErrors, PASSWORD, pick, reloadUntil, SCREENSHOTS, shot, signUpByApi, startEventOnScreens, tag, test, watch, writeDocument, type Account } from './helpers'

/**
 * A battle day rehearsed through the screens, one person per browser context on the device they would hold:
 * the organizer (desktop) makes the organization, its agreement, waiver and members, then the event in the
 * wizard's order with a 1 vs 1 bracket battle of 4, three judges and votes by the people checked in; five dancers
 * register on phones and tablets,
 * signing both texts; staff check them in on a tablet; three judges score the prelims on tablets; the organizer
 * builds the bracket and puts a semi-final on carpet Main, whose projector follows the judges live; a fan who is
 * not checked in is told only the room votes, and the dancer out in the prelims votes from a phone; the semi-finals and the final are judged and finished; the battle page shows the winners and the
 * organization's leaderboard the champion. Only the accounts are made through the API (sign-up and profile).
 * The services learn from each other by NATS: the test waits on what the person sees (reloading as they would).
 */

const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  tablet: { viewport: { width: 820, height: 1180 }, hasTouch: true },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  projector: { viewport: { width: 1920, height: 1080 } },
} as const
type Device = keyof typeof DEVICES

const AGREEMENT = 'I dance at my own risk and respect the judges.'
const WAIVER = 'I release the organizers from liability for injuries.'
const VENUE_ZONE = 'America/New_York'
/** A page opened on one of several devices loading at once (two shared cores) may take this long to draw. */
const LOAD = 20_000

/** Touch devices tap, the others click. */
const touching = new WeakSet<Page>()
async function press(locator: Locator) {
  if (touching.has(locator.page())) await locator.tap()
  else await locator.click()
}

interface Person {
  page: Page
  account?: Account
  name: string
}

/** A person's own browser on their device, cookie banner answered, console errors collected. */
async function open(browser: Browser, device: Device, name: string, errors: string[]): Promise<Person> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, ...DEVICES[device] })
  const page = await context.newPage()
  if ('hasTouch' in DEVICES[device]) touching.add(page)
  watch(page, errors, name)
  await acceptCookies(page)
  return { page, name }
}

/** A person with an account (sign-up and profile through the API: the one thing allowed to skip the screens). */
async function member(browser: Browser, device: Device, name: string, errors: string[]): Promise<Person & { account: Account }> {
  const person = await open(browser, device, name, errors)
  const account = await signUpByApi(person.page, { dancerName: name, prefix: 'rehearsal' })
  return { ...person, account }
}

/** Confirm the question a button opened. */
async function confirm(page: Page, title: string | RegExp, label: string) {
  const dialog = page.getByRole('dialog', { name: title })
  await press(dialog.getByRole('button', { name: label, exact: true }))
  await expect(dialog).toBeHidden()
}

/** "Semi-final: Red vs Blue" → the two names. */
function sides(label: string): { red: string; blue: string } {
  const [red, blue] = label.replace(/^[^:]*:\s*/, '').split(' vs ')
  return { red, blue }
}

/** A judge scores every round of the sparring open on their tablet: red `red` points, blue `blue`. */
async function scoreSparring(judge: Person, red: number, blue: number) {
  const editor = judge.page.getByRole('region', { name: 'Your scores' })
  await expect(editor.getByTestId('editor-round-1')).toBeVisible({ timeout: LOAD })
  const rounds = await editor.getByTestId(/^editor-round-\d+$/).count()
  for (let round = 1; round <= rounds; round += 1) {
    await press(editor.getByRole('button', { name: `Round ${round} red ${red} points`, exact: true }))
    await press(editor.getByRole('button', { name: `Round ${round} blue ${blue} points`, exact: true }))
  }
  await press(editor.getByRole('button', { name: 'Submit' }))
  // the three judges submit at once: each page keeps the newest copy, whatever order the answers come in
  await expect(judge.page.getByTestId(`score-1-${judge.account!.userId}`).filter({ hasText: new RegExp(`${red}\\s*${blue}`) })).toBeVisible()
}

/** A judge opens a sparring from the battle's Brackets tab. */
async function openSparring(person: Person, battleId: number, label: string) {
  await person.page.goto(`/battle/${battleId}/brackets`)
  // the bracket names its cards by place ("Left round 1 sparring 1: Red vs Blue")
  const pair = label.replace(/^[^:]*:\s*/, '')
  const link = person.page.getByRole('link', { name: new RegExp(`: ${pair.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
  await reloadUntil(person.page, link)
  // its live feed follows the sparring: the judges' scores arrive without a reload
  const live = person.page.waitForResponse((response) => {
    const url = new URL(response.url())
    return url.pathname === '/api/live' && (url.searchParams.get('topics') ?? '').split(',').some((topic) => topic.startsWith('sparring:'))
  })
  await press(link)
  await expect(person.page.getByRole('heading', { name: pair, level: 1 })).toBeVisible({ timeout: LOAD })
  await live
}

/** The organizer finishes the sparring open on their page; its winner shows. */
async function finish(page: Page, winner: string) {
  await press(page.getByRole('button', { name: 'Finish', exact: true }))
  await confirm(page, 'Are you sure you want to finish this sparring?', 'Finish')
  await expect(page.getByTestId('winner-view')).toContainText(winner)
}

let started = Date.now()
/** A step of the day, its time in the log (the spec's budget is three minutes). */
async function step(title: string, body: () => Promise<void>) {
  const from = Date.now()
  await test.step(title, body)
  console.log(`${((Date.now() - started) / 1000).toFixed(0)} s: ${title} (${((Date.now() - from) / 1000).toFixed(1)} s)`)
}

test.describe('rehearsal', () => {
  test('a battle day through the screens: organization, event wizard, registration, check-in, prelims, bracket, scoreboard, votes, final, leaderboard', async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one battle day: it makes the devices it needs itself')
    test.setTimeout(240_000)
    started = Date.now()
    const errors: string[] = []
    const t = tag()
    const orgName = `Rehearsal Crew ${t}`
    const eventTitle = `Rehearsal Jam ${t}`
    const battleTitle = `Rehearsal 1v1 ${t}`

    // the people: accounts by API, each in a browser of their own
    const organizer = await member(browser, 'desktop', `Host ${t}`, errors)
    const mc = await member(browser, 'phone', `Mic ${t}`, errors)
    const judges = await Promise.all([1, 2, 3].map((n) => member(browser, 'tablet', `Judge${n} ${t}`, errors)))
    const dancers = await Promise.all([0, 1, 2, 3, 4].map((n) => member(browser, n % 2 ? 'tablet' : 'phone', `Breaker${n} ${t}`, errors)))
    const org = organizer.page
    await mc.page.context().close()

    let orgId = 0
    await step('the organizer creates the organization, its agreement, waiver and members', async () => {
      await org.goto('/organizations')
      await press(org.getByRole('button', { name: 'Create Organization' }))
      await expect(org).toHaveURL(/\/create-organization-organization\/\d+$/)
      orgId = Number(new URL(org.url()).pathname.split('/').pop())
      await org.getByLabel('Organization name').fill(orgName)
      await press(org.getByRole('button', { name: 'Next' }))
      await expect(org.getByRole('heading', { name: 'Organization admins' })).toBeVisible()
      await press(org.getByRole('button', { name: 'Next' }))
      await expect(org.getByRole('heading', { name: 'Organization promoters' })).toBeVisible()
      await press(org.getByRole('button', { name: 'Publish' }))
      await expect(org).toHaveURL(new RegExp(`/organization/${orgId}$`))
      await expect(org.getByRole('heading', { name: orgName, level: 1 })).toBeVisible()

      await press(org.getByRole('link', { name: 'Settings' }))
      await expect(org.getByRole('heading', { name: `${orgName} Settings`, level: 1 })).toBeVisible()
      await writeDocument(org, 'Agreement', 'Participation agreement', AGREEMENT)
      await writeDocument(org, 'Waiver', 'Liability waiver', WAIVER)
      await press(org.getByRole('navigation', { name: 'Organization settings sections' }).getByRole('link', { name: 'Members', exact: true }))
      await expect(org.getByRole('heading', { name: 'Members', level: 2 })).toBeVisible()
      for (const dancer of dancers) {
        await press(org.getByRole('button', { name: 'Add member' }))
        const modal = org.getByRole('dialog', { name: 'Add member' })
        await pick(org, 'Search users to add', dancer.name)
        await press(modal.getByRole('button', { name: 'Add', exact: true }))
        await expect(modal).toBeHidden()
        await expect(org.getByRole('list', { name: 'Current members' }).getByRole('link', { name: dancer.name })).toBeVisible()
      }
      await expect(org.getByTestId('members-heading')).toHaveText('Members (5)')
    })

    let eventId = 0
    let battleId = 0
    await step('the organizer creates the event in the wizard and publishes it', async () => {
      // Info: title, organization, the place (the wizard opened from the Events page's link), staff
      eventId = await startEventOnScreens(org, { title: eventTitle, orgName }, async () => {
        await org.goto('/events')
        await press(org.getByRole('link', { name: /Create event/i }).first())
      })
      const next = () => press(org.getByRole('button', { name: 'Next', exact: true }))
      await pick(org, 'Add host', mc.name)
      await expect(org.getByRole('list', { name: 'Host' }).getByRole('link', { name: mc.name })).toBeVisible()
      await next()

      // Date: happening now at the venue
      await fillDates(org, -1, 3, VENUE_ZONE)
      await next()

      // Tiers: none, a free event
      await expect(org.getByRole('heading', { name: 'Tiers', level: 2 })).toBeVisible()
      await next()

      // Display Mode: two carpets, the first renamed Main
      await expect(org.getByRole('heading', { name: 'Display Mode', level: 2 })).toBeVisible()
      await press(org.getByRole('button', { name: 'Add carpet' }))
      await expect(org.getByLabel('Carpet 1 name')).toHaveValue('Carpet 1')
      await press(org.getByRole('button', { name: 'Add carpet' }))
      await expect(org.getByLabel('Carpet 2 name')).toHaveValue('Carpet 2')
      const carpet = org.getByLabel('Carpet 1 name')
      await carpet.click()
      await carpet.press('ControlOrMeta+a')
      await carpet.pressSequentially('Main', { delay: 15 })
      await carpet.blur()
      await expect(org.getByRole('button', { name: 'Next', exact: true })).toBeEnabled()
      await next()

      // Battles: a 1 vs 1 bracket of 4 with three judges
      // its audience votes are the room's: only the people checked in at the event vote
      await addBracketBattle(org, { title: battleTitle, orgName, size: '4', judges: judges.map((judge) => judge.name), votersCheckedIn: true, shotName: 'rehearsal-wizard-battle' })
      await next()

      // Total → Publish Event
      await expect(org.getByRole('button', { name: 'Publish Event' })).toBeVisible()
      await expect(org.getByRole('region', { name: 'Display Mode' })).toContainText('Main')
      await press(org.getByRole('button', { name: 'Publish Event' }))
      await expect(org).toHaveURL(new RegExp(`/event/${eventId}$`))
      await expect(org.getByRole('dialog', { name: "We've emailed you some help" })).toBeVisible()
      await org.keyboard.press('Escape')
      await expect(org.getByRole('dialog')).toHaveCount(0)
      const chip = org.getByRole('region', { name: 'Battles' }).getByRole('link', { name: new RegExp(battleTitle) })
      await reloadUntil(org, chip)
      battleId = Number((await chip.getAttribute('href'))!.split('/').pop())
    })

    await step('five dancers register on phones and tablets, signing the agreement and the waiver', async () => {
      const register = async (dancer: Person) => {
        const page = dancer.page
        await page.goto(`/event/${eventId}`)
        const chip = page.getByRole('region', { name: 'Battles' }).getByRole('link', { name: new RegExp(battleTitle) })
        await reloadUntil(page, chip)
        await press(chip)
        await expect(page.getByRole('heading', { name: battleTitle, level: 1 })).toBeVisible({ timeout: LOAD })
        const registration = page.getByRole('region', { name: 'Registration' })
        await expect(registration.getByText(AGREEMENT)).toBeVisible()
        await expect(registration.getByRole('button', { name: 'Register' })).toBeDisabled()
        await press(registration.getByRole('button', { name: 'Sign agreement' }))
        await expect(registration.getByText('Agreement signed')).toBeVisible()
        await expect(registration.getByText(WAIVER)).toBeVisible()
        await press(registration.getByRole('button', { name: 'Sign waiver' }))
        await expect(registration.getByText('Waiver signed')).toBeVisible()
        await press(registration.getByRole('button', { name: 'Register' }))
        await expect(registration.getByText('You are registered.')).toBeVisible()
        if (dancer === dancers[0]) {
          await shot(page, 'rehearsal-registered-phone')
          // back on the event page, the battle is marked as entered (events learns it by NATS)
          await press(page.getByRole('link', { name: 'Back to event' }))
          await reloadUntil(page, page.getByRole('region', { name: 'Battles' }).getByRole('link', { name: new RegExp(battleTitle) }).getByRole('img', { name: 'Registered' }))
        }
        await page.context().close()
      }
      // each on their own device, at the same time
      await Promise.all(dancers.map(register))
    })

    await step('staff check the five in on a tablet', async () => {
      const staff = await open(browser, 'tablet', 'staff tablet', errors)
      await staff.page.goto(`/login?redirect=${encodeURIComponent(`/event/${eventId}/checkin`)}`)
      await staff.page.getByLabel('Email').fill(organizer.account.email)
      await staff.page.getByLabel(/^Password/).fill(PASSWORD)
      await press(staff.page.getByRole('button', { name: 'Log in', exact: true }))
      await expect(staff.page.getByRole('heading', { name: 'Check people in' })).toBeVisible()
      // the door list names the battle's registrants (no ticket at a free event)
      for (const dancer of dancers) {
        const row = staff.page.getByTestId(`attendee-${dancer.account.userId}`)
        // live: a registration the events service learns after the page opened appears without a reload
        await expect(row).toBeVisible({ timeout: LOAD })
        await expect(row.getByRole('link', { name: battleTitle })).toBeVisible()
        await press(staff.page.getByRole('button', { name: `Check-In ${dancer.name}` }))
        await expect(row.getByText('Checked-in')).toBeVisible({ timeout: LOAD })
      }
      await expect(staff.page.getByTestId('checkin-counter')).toHaveText('5/5 checked in')
      await shot(staff.page, 'rehearsal-checkin-tablet')
      await staff.page.context().close()
    })

    const row = (page: Page, dancer: Person & { account: Account }) => page.getByTestId(`prelims-row-${dancer.account.userId}`)
    await step('three judges score the prelims; the organizer randomizes and adds to the bracket', async () => {
      await org.goto(`/battle/${battleId}/prelims`)
      await reloadUntil(org, row(org, dancers[4]))
      const points = [9, 8, 7, 6, 5]
      const scorePrelims = async (judge: Person) => {
        await judge.page.goto(`/battle/${battleId}/prelims`)
        await expect(judge.page.getByRole('button', { name: 'Done' })).toBeVisible({ timeout: LOAD })
        for (const [index, dancer] of dancers.entries()) {
          const stars = row(judge.page, dancer).getByRole('group', { name: /^Points for / })
          await press(stars.getByRole('button', { name: `${points[index]} points`, exact: true }))
          await expect(stars.getByTestId('star-value')).toHaveText(String(points[index]))
        }
        if (judge === judges[0]) await shot(judge.page, 'rehearsal-prelims-judge')
        await press(judge.page.getByRole('button', { name: 'Done' }))
        await expect(judge.page.getByRole('button', { name: 'Edit points' })).toBeVisible()
      }
      await Promise.all(judges.map(scorePrelims))
      // the organizer's page follows the judges live
      for (const dancer of dancers.slice(0, 4)) await expect(row(org, dancer)).toContainText('Passed')
      await expect(row(org, dancers[4])).not.toContainText(/Passed|Same score/)
      // Randomize draws the order the bracket is seeded in; only then Add to bracket
      const add = org.getByRole('button', { name: 'Add to bracket' })
      await expect(add).toBeDisabled()
      await press(org.getByRole('button', { name: 'Randomize' }))
      await confirm(org, 'Randomize', 'Randomize')
      await expect(add).toBeEnabled()
      await press(add)
      await confirm(org, 'Add to bracket', 'Add to bracket')
      for (const dancer of dancers.slice(0, 4)) await expect(row(org, dancer)).toContainText('In bracket')
    })

    // the two semi-finals as the Display mode offers them: "<battle> · Semi-final: red vs blue"
    const semis: { id: number; label: string }[] = []
    let carpetId = 0
    let projector: Person
    let audience: Person & { account: Account }
    await step('the organizer puts a semi-final on carpet Main; its projector shows it', async () => {
      await org.goto(`/event/${eventId}`)
      const display = org.getByRole('dialog', { name: 'Display mode' })
      await press(org.getByRole('button', { name: 'Display mode' }))
      const select = display.getByRole('combobox', { name: 'Sparring on Main' })
      const options = select.locator('option', { hasText: 'Semi-final' })
      await expect(options).toHaveCount(2)
      for (const option of await options.all()) {
        semis.push({ id: Number(await option.getAttribute('value')), label: (await option.textContent())!.replace(`${battleTitle} · `, '') })
      }
      carpetId = Number((await display.getByRole('link', { name: 'Open scoreboard of Main' }).getAttribute('href'))!.split('/').pop())
      await select.selectOption({ value: String(semis[0].id) })
      await expect(select).toHaveValue(String(semis[0].id))
      await shot(org, 'rehearsal-display-mode')
      await press(display.getByRole('button', { name: 'Done' }))
      await expect(display).toBeHidden()

      projector = await open(browser, 'projector', 'projector', errors)
      const board = projector.page
      await board.goto(`/event/${eventId}/scoreboard/${carpetId}`)
      await expect(board.getByRole('heading', { name: 'Main', level: 1 })).toBeVisible()
      const { red, blue } = sides(semis[0].label)
      await expect(board.getByTestId('board-red')).toContainText(red)
      await expect(board.getByTestId('board-blue')).toContainText(blue)
      await expect(board.getByTestId('board-red-total')).toHaveText('0')
      // full screen: none of the app's frame
      await expect(board.getByRole('banner')).toHaveCount(0)
      await expect(board.getByRole('contentinfo')).toHaveCount(0)
    })

    await step('a fan not checked in is told only the room votes; the dancer out in the prelims, checked in, votes', async () => {
      const fan = await member(browser, 'phone', `Fan ${t}`, errors)
      await openSparring(fan, battleId, semis[0].label)
      await expect(fan.page.getByTestId('checked-in-vote')).toHaveText('Only the people checked in at the event vote')
      await expect(fan.page.getByRole('region', { name: "Vote for the people's champ" })).toHaveCount(0)
      await fan.page.context().close()

      // dancers[4] did not pass the prelims; checked in at the door, they vote from their phone
      const out = dancers[4]
      audience = { ...(await open(browser, 'phone', out.name, errors)), account: out.account }
      await audience.page.goto(`/login?redirect=${encodeURIComponent(`/battle/${battleId}/brackets`)}`)
      await audience.page.getByLabel('Email').fill(out.account.email)
      await audience.page.getByLabel(/^Password/).fill(PASSWORD)
      await press(audience.page.getByRole('button', { name: 'Log in', exact: true }))
      await expect(audience.page).toHaveURL(new RegExp(`/battle/${battleId}/brackets$`))
      await openSparring(audience, battleId, semis[0].label)
      const { red } = sides(semis[0].label)
      await press(audience.page.getByRole('button', { name: `Vote ${red}` }))
      await press(audience.page.getByRole('region', { name: "Vote for the people's champ" }).getByRole('button', { name: 'Submit' }))
      await expect(audience.page.getByTestId('my-vote')).toHaveText(`Thanks for voting: ${red}`)
      await shot(audience.page, 'rehearsal-audience-vote')
      await audience.page.context().close()
    })

    const winners: string[] = []
    await step('the judges score both semi-finals, the projector follows live, the organizer finishes them', async () => {
      const board = projector.page
      for (const [index, semi] of semis.entries()) {
        // the organizer's page is open before the judges score
        await openSparring(organizer, battleId, semi.label)
        await Promise.all(judges.map((judge) => openSparring(judge, battleId, semi.label)))
        await Promise.all(judges.map((judge) => scoreSparring(judge, 9, 8)))
        // the organizer's sparring page and the projector follow the three scores live, without a reload
        await expect(org.getByTestId('red-total').filter({ hasText: '27' })).toBeVisible()
        for (const judge of judges) await expect(org.getByTestId(`score-1-${judge.account.userId}`)).toContainText(/9\s*8/)
        if (index === 0) {
          await expect(board.getByTestId('board-red-total')).toHaveText('27')
          await expect(board.getByTestId('board-blue-total')).toHaveText('24')
          // full screen, outside the app's frame (no #main): a screenshot of its own
          await board.screenshot({ path: join(SCREENSHOTS, `${testInfo.project.name}-rehearsal-scoreboard.png`), animations: 'disabled' })
        }
        const { red } = sides(semi.label)
        await finish(org, red)
        winners.push(red)
        if (index === 0) await expect(board.getByTestId('board-red')).toHaveAttribute('data-winner', 'true')
      }
      await projector.page.context().close()
    })

    await step("the final: judged, finished; the battle page shows the winners and the champion's scorecard", async () => {
      await org.goto(`/battle/${battleId}/brackets`)
      const finalLink = org.getByRole('link', { name: /^Final: / })
      await expect(finalLink).toBeVisible()
      const label = (await finalLink.getAttribute('aria-label'))!
      const { red, blue } = sides(label)
      expect([red, blue].sort()).toEqual([...winners].sort())
      await openSparring(organizer, battleId, label)
      await Promise.all(judges.map((judge) => openSparring(judge, battleId, label)))
      await Promise.all(judges.map((judge) => scoreSparring(judge, 10, 9)))
      await expect(org.getByTestId('red-total').filter({ hasText: '30' })).toBeVisible()
      await finish(org, red)
      for (const judge of judges) await expect(judge.page.getByTestId('winner-view')).toContainText(red)

      await org.goto(`/battle/${battleId}`)
      const list = org.getByRole('list', { name: 'Winners' })
      await expect(list.getByRole('listitem').nth(0)).toContainText(new RegExp(`1st Place\\s*${red}`))
      await expect(list.getByRole('listitem').nth(1)).toContainText(new RegExp(`2nd Place\\s*${blue}`))
      await shot(org, 'rehearsal-winners')

      // the champion's scorecard, public now the final is decided: both sparrings won, 10 from each judge in the final
      await press(list.getByRole('link', { name: `${red}: scorecard` }))
      await expect(org.getByRole('heading', { name: red, level: 1 })).toBeVisible()
      const final = org.getByRole('region', { name: `Final vs ${blue}` })
      await expect(final.getByText('Won')).toBeVisible()
      await expect(final.getByRole('table', { name: 'Final round 1' }).getByRole('row')).toHaveCount(judges.length + 2)
      await expect(org.getByRole('region', { name: /^Semi-final vs / }).getByText('Won')).toBeVisible()

      // the organization's Members tab: the champion, a member, leads its leaderboard (points arrive by NATS)
      await org.goto(`/organization/${orgId}?tab=members#org-tabs`)
      await reloadUntil(org, org.getByTestId('leaderboard-row').first().filter({ hasText: red }))
      await shot(org, 'rehearsal-leaderboard')
    })

    for (const judge of judges) await judge.page.context().close()
    await org.context().close()
    expect(pageErrors(errors)).toEqual([])
  })
})

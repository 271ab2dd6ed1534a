import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import { acceptCookies, expect, fillDates, organizationOnScreens, pageErrors, pick, press, shot, signUpByApi, tag, test, watch, wizardToBattles, writeDocument, type Account } from './helpers'

/**
 * Crew battles end to end (the battle day rehearsal, rehearsal.spec.ts, covers a 1 vs 1 bracket): an organizer
 * adds a 3 vs 3 battle (classic) in the wizard's Battles step and publishes; a guest's Register goes to Login; a
 * captain registers a crew inviting two dancers, who sign the organization's agreement and accept in their own
 * browsers; staff check the crew in on a second tablet while the organizer's open battle page follows live; the
 * organizer moves the event's dates into the past and enters the crew's place. Everything on the screens but the
 * accounts (by API). The bus is asynchronous (battles learns the event, the organization and the check-ins from NATS): the test
 * waits on the API or on what the user sees, never on a fixed time.
 */

const AGREEMENT = 'I dance at my own risk and follow the judges.'
const VENUE_ZONE = 'America/New_York' // Queens

type BattleAnswer = {
  id: number
  title: string
  orgId: number
  hasAgreement: boolean
  event: { period: string }
  participants: { id: number; randId: number | null }[]
  crews: { id: number; name: string; randId: number | null; participants: { id: number; confirmed: boolean }[] }[]
  winners: { place: number; id: number }[]
}

async function battle(request: APIRequestContext, id: number, token?: string): Promise<BattleAnswer> {
  const response = await request.get(`/api/battles/${id}`, { headers: token ? { 'X-Auth-Token': token } : {} })
  expect(response.ok(), await response.text()).toBeTruthy()
  return (await response.json()) as BattleAnswer
}

/** A browser of its own for a dancer with a complete profile, signed in; its console errors go to `errors`. */
async function dancerBrowser(browser: Browser, dancerName: string, errors: string[]): Promise<{ page: Page; account: Account }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: test.info().project.use.viewport ?? undefined, hasTouch: test.info().project.use.hasTouch })
  const page = await context.newPage()
  watch(page, errors, dancerName)
  await acceptCookies(page)
  const account = await signUpByApi(page, { dancerName, prefix: 'battler' })
  return { page, account }
}

/** Open a battle page and wait until its live feed is subscribed (the feed re-reads the battle once ready). */
async function openLive(page: Page, id: number) {
  const live = page.waitForResponse(
    (response) => {
      const url = new URL(response.url())
      // the browser's one stream follows every screen's topics (the bell's too): the battle is among them
      return url.pathname === '/api/live' && (url.searchParams.get('topics') ?? '').split(',').includes(`battle:${id}`)
    },
    { timeout: 30_000 },
  )
  await page.goto(`/battle/${id}`)
  await live
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

/** An option of a MUI select (a listbox in a popover). */
async function choose(page: Page, select: Locator, option: string) {
  await press(select)
  await press(page.getByRole('option', { name: option, exact: true }))
  await expect(page.getByRole('listbox')).toHaveCount(0)
}

test.describe('battles', () => {
  test('wizard → a crew invites two who sign and accept → crew check-in live → the crew place', async ({ page, browser, request, consoleErrors }) => {
    test.setTimeout(200_000)
    const t = tag()
    const names = { organizer: `Host ${t}`, captain: `Tornado ${t}`, first: `Windmill ${t}`, second: `Flare ${t}` }
    const titles = { crew: `Crew Clash 3v3 ${t}` }
    const crewName = `Floor Rats ${t}`

    // the organizer (an account by API) makes the organization and its agreement on the screens
    await acceptCookies(page)
    const organizer = await signUpByApi(page, { dancerName: names.organizer, prefix: 'battle-host' })
    const headers = { 'X-Auth-Token': organizer.accessToken }
    const orgName = `Battle Union ${t}`
    await organizationOnScreens(page, orgName)
    await press(page.getByRole('link', { name: 'Settings' }))
    await expect(page.getByRole('heading', { name: `${orgName} Settings`, level: 1 })).toBeVisible()
    await writeDocument(page, 'Agreement', 'Participation agreement', AGREEMENT)

    // 1. the wizard: Info and Date (happening now in Queens), no tiers, carpets or battles yet, to the review
    const eventTitle = `Battle Jam ${t}`
    const eventId = await wizardToBattles(page, { title: eventTitle, orgName })
    const next = () => press(page.getByRole('button', { name: 'Next', exact: true }))
    await next()
    const eventBattles = async () => ((await (await page.request.get(`/api/events/${eventId}`, { headers })).json()) as { battles?: { id: number; title: string; crewSize: number }[] }).battles ?? []

    // from the review, Edit Battles: a crew battle through the dialog
    await expect(page.getByRole('button', { name: 'Publish Event' })).toBeVisible()
    await press(page.getByRole('button', { name: 'Edit Battles' }))
    await expect(page.getByRole('heading', { name: 'Battles', level: 2 })).toBeVisible()
    await expect(page.getByText('No battles yet.')).toBeVisible()
    for (const [title, category] of [[titles.crew, '3 vs 3']] as const) {
      await press(page.getByRole('button', { name: 'Add Battle' }))
      const dialog = page.getByRole('dialog', { name: 'Edit Battle' })
      const titleField = dialog.getByRole('textbox', { name: 'Title' })
      await expect(titleField).toHaveValue('Battle')
      await titleField.fill(title)
      await choose(page, dialog.getByRole('combobox', { name: 'Category' }), category)
      await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveText(category)
      // the event's organization is the battle's
      await expect(dialog.getByRole('combobox', { name: 'Organization' })).toHaveText(orgName)
      await press(dialog.getByRole('radio', { name: 'Classic' }))
      await expect(dialog.getByRole('radio', { name: 'Classic' })).toBeChecked()
      await shot(page, 'battle-wizard-dialog')
      const put = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/api\/battles\/\d+$/.test(new URL(response.url()).pathname))
      await press(dialog.getByRole('button', { name: 'Save' }))
      expect((await put).ok()).toBeTruthy()
      await expect(dialog).toBeHidden()
      const item = page.getByRole('list', { name: 'Battles' }).getByRole('listitem').filter({ hasText: title })
      await expect(item).toContainText(category)
    }
    await shot(page, 'battle-wizard-step')
    await press(page.getByRole('button', { name: 'Save', exact: true }))
    const review = page.getByRole('region', { name: 'Battles' })
    await expect(review.getByText(`${titles.crew}: 3 vs 3`)).toBeVisible()

    // the event page's chips come from the events service's copy (by NATS): there before publishing
    await expect
      .poll(async () => (await eventBattles()).map((item) => `${item.title} ${item.crewSize}`).sort(), { timeout: 20_000 })
      .toEqual([`${titles.crew} 3`])
    const ids = { crew: (await eventBattles())[0].id }
    await press(page.getByRole('button', { name: 'Publish Event' }))
    await expect(page).toHaveURL(new RegExp(`/event/${eventId}`))
    await expect(page.getByRole('dialog', { name: "We've emailed you some help" })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const chips = page.getByRole('region', { name: 'Battles' })
    await expect(chips.getByRole('link')).toHaveCount(1)
    await expect(chips.getByRole('link', { name: new RegExp(`${titles.crew}\\s*3 vs 3`) })).toHaveAttribute('href', `/battle/${ids.crew}`)
    await shot(page, 'battle-event-chips')

    // battles learns the publication (a draft event's battles are its editors' only) and the organization's
    // agreement from NATS: a guest reads the battle, with the agreement
    for (const id of [ids.crew]) {
      await expect
        .poll(async () => {
          const answer = await request.get(`/api/battles/${id}`)
          return answer.ok() ? ((await answer.json()) as BattleAnswer).hasAgreement : answer.status()
        }, { timeout: 20_000 })
        .toBe(true)
    }

    // a guest's Register goes to Login, and back here after it
    const guestContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: test.info().project.use.viewport ?? undefined, hasTouch: test.info().project.use.hasTouch })
    const guest = await guestContext.newPage()
    watch(guest, consoleErrors, 'guest')
    await acceptCookies(guest)
    await guest.goto(`/battle/${ids.crew}`)
    await expect(guest.getByRole('heading', { name: titles.crew, level: 1 })).toBeVisible()
    await press(guest.getByRole('button', { name: 'Register Crew' }))
    await expect(guest).toHaveURL(new RegExp(`/login\\?redirect=%2Fbattle%2F${ids.crew}$`))
    await guestContext.close()

    // 2. a captain registers a crew inviting two dancers, who accept in their own browsers
    const captain = await dancerBrowser(browser, names.captain, consoleErrors)
    const first = await dancerBrowser(browser, names.first, consoleErrors)
    const second = await dancerBrowser(browser, names.second, consoleErrors)
    const cap = captain.page
    await cap.goto(`/battle/${ids.crew}`)
    await expect(cap.getByRole('heading', { name: titles.crew, level: 1 })).toBeVisible()
    const capRegistration = cap.getByRole('region', { name: 'Registration' })
    await press(capRegistration.getByRole('button', { name: 'Sign agreement' }))
    await expect(capRegistration.getByText('Agreement signed')).toBeVisible()
    await press(capRegistration.getByRole('button', { name: 'Register Crew' }))
    const form = cap.getByRole('dialog', { name: 'Register Crew' })
    await form.getByRole('textbox', { name: 'Crew name*' }).fill(crewName)
    await pick(cap, 'Add dancers', names.first)
    await pick(cap, 'Add dancers', names.second)
    const members = form.getByRole('list', { name: 'Crew members' })
    await expect(members.getByRole('listitem')).toHaveCount(3)
    await expect(members.getByTestId(`member-${captain.account.userId}`)).toContainText('Agreement signed')
    await expect(members.getByTestId(`member-${first.account.userId}`)).toContainText('Agreement not signed')
    await shot(cap, 'battle-crew-form')
    await press(form.getByRole('button', { name: 'Register Crew' }))
    await expect(form).toBeHidden()
    await expect(cap.getByTestId('my-crew')).toContainText(`Your crew ${crewName} is registered.`)
    const crewId = (await battle(cap.request, ids.crew, captain.account.accessToken)).crews.find((crew) => crew.name === crewName)?.id
    expect(crewId).toBeTruthy()
    // the crew's details: the two invited are not confirmed yet
    const crewDetails = async (unconfirmed: number) => {
      await press(cap.getByTestId(`crew-${crewId}`))
      const details = cap.getByRole('dialog', { name: crewName })
      await expect(details.getByRole('listitem')).toHaveCount(3)
      await expect(details.getByRole('img', { name: 'Not confirmed' })).toHaveCount(unconfirmed)
      await press(details.getByRole('button', { name: 'Close' }))
      await expect(details).toBeHidden()
    }
    await crewDetails(2)

    // the first invited hears of it through the bell (identity's notification, from NATS); the second opens the page
    await first.page.goto('/events')
    await press(first.page.getByTestId('notifications-bell'))
    const notice = first.page.getByRole('button', { name: new RegExp(`You are invited to join the crew ${crewName} in ${titles.crew}`) })
    await expect(notice).toBeVisible({ timeout: 20_000 })
    await press(notice)
    await expect(first.page).toHaveURL(new RegExp(`/battle/${ids.crew}$`))
    await second.page.goto(`/battle/${ids.crew}`)
    for (const invitee of [first, second]) {
      const invitation = invitee.page.getByTestId(`invitation-${crewId}`)
      await expect(invitation).toContainText(`${names.captain} invites you to join ${crewName}`)
      if (invitee === first) await shot(invitee.page, 'battle-invitation')
      // the organization's agreement first, then the invitation
      const registration = invitee.page.getByRole('region', { name: 'Registration' })
      await press(registration.getByRole('button', { name: 'Sign agreement' }))
      await expect(registration.getByText('Agreement signed')).toBeVisible()
      await press(invitation.getByRole('button', { name: `Accept the invitation to ${crewName}` }))
      await expect(invitee.page.getByTestId('my-crew')).toContainText(`Your crew ${crewName} is registered.`)
      await expect(invitation).toHaveCount(0)
    }
    // the captain's page follows the acceptances live
    await expect(cap.getByTestId(`crew-${crewId}`)).toContainText('3/3')
    await expect
      .poll(async () => (await battle(cap.request, ids.crew, captain.account.accessToken)).crews[0].participants.map((member) => member.confirmed))
      .toEqual([true, true, true])
    await crewDetails(0)
    await shot(cap, 'battle-crew-complete')

    // 3. staff check the crew in on a second tablet; the organizer's open battle page follows without reloading
    const tablet = await page.context().newPage()
    watch(tablet, consoleErrors, 'staff tablet')
    await openLive(page, ids.crew)
    const crewOnOrganizer = page.getByTestId(`crew-${crewId}`)
    await expect(crewOnOrganizer).toContainText('3/3')
    await expect(crewOnOrganizer.getByRole('img', { name: 'Checked in' })).toHaveCount(0)
    await tablet.goto(`/battle/${ids.crew}`)
    await press(tablet.getByTestId(`crew-${crewId}`))
    const crewModal = tablet.getByRole('dialog', { name: crewName })
    for (const name of [names.captain, names.first, names.second]) {
      await press(crewModal.getByRole('button', { name: `Actions for ${name}` }))
      await press(tablet.getByRole('menuitem', { name: 'Check in' }))
      await expect(tablet.getByRole('menu')).toHaveCount(0)
      await expect(crewModal.getByRole('listitem').filter({ hasText: name }).getByRole('img', { name: 'Checked in' })).toBeVisible({ timeout: 20_000 })
    }
    await expect(crewOnOrganizer.getByRole('img', { name: 'Checked in' })).toBeVisible({ timeout: 20_000 })
    await expect(crewOnOrganizer.getByLabel('Number 1')).toHaveText('#1')
    await expect(page.getByTestId('battle-counters')).toContainText(/Checked in\s*1/)
    await shot(page, 'battle-crew-checked-in')
    await tablet.close()

    // 4. the event is over: the organizer moves its dates into the past (Edit event, Edit Date), then enters the
    // crew's place (battles learns the dates from NATS)
    await page.goto(`/event/${eventId}`)
    await press(page.getByRole('link', { name: 'Edit event' }))
    await expect(page).toHaveURL(new RegExp(`/create-event/${eventId}$`))
    await press(page.getByRole('button', { name: 'Edit Date' }))
    await fillDates(page, -6, -2, VENUE_ZONE)
    await press(page.getByRole('button', { name: 'Save', exact: true }))
    await press(page.getByRole('button', { name: 'Done' }))
    await expect(page).toHaveURL(new RegExp(`/event/${eventId}$`))
    await expect.poll(async () => (await battle(page.request, ids.crew, organizer.accessToken)).event.period, { timeout: 20_000 }).toBe('past')
    await page.goto(`/battle/${ids.crew}`)
    const crewEditor = page.getByRole('region', { name: 'Add Results' })
    await crewEditor.getByRole('combobox', { name: '1st Place' }).selectOption({ label: crewName })
    await press(crewEditor.getByRole('button', { name: 'Save' }))
    await expect(page.getByRole('list', { name: 'Winners' }).getByRole('listitem')).toHaveText([new RegExp(`1st Place\\s*${crewName}`)])
    await shot(page, 'battle-crew-winners')

    for (const dancer of [captain, first, second]) await dancer.page.context().close()
    expect(pageErrors(consoleErrors)).toEqual([])
  })
})

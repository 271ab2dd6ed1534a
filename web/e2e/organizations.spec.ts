import { execFileSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { acceptCookies, dancer, expect, FIXTURES, organizationOnScreens, pageErrors, pick, press, shot, signUpByApi, stubYouTube, test } from './helpers'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const VIDEO_ID = 'dQw4w9WgXcQ'
const THIS_YEAR = new Date().getFullYear()

/** A short tag that keeps names of this run and project apart (the picker searches by name). */
function tag(): string {
  return `${test.info().project.name.slice(0, 1)}${Math.random().toString(36).slice(2, 7)}`
}

/** Save a settings section and wait for the server's answer (a toast of the previous save may still show). */
async function save(page: Page, id: number) {
  const saved = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/orgs/${id}`)
  await press(page.getByRole('button', { name: 'Save' }))
  expect((await saved).ok()).toBeTruthy()
  await expect(page.getByTestId('toast')).toHaveText('Changes has been saved')
}

/** On a phone the tab's panel opens with a height transition: wait for it to end before a screenshot. */
async function expanded(page: Page, tab: string) {
  await expect(page.locator(`.MuiCollapse-entered:has(#org-panel-${tab})`)).toHaveCount(1)
}

const narrow = () => (test.info().project.use.viewport?.width ?? 0) < 900

/** Open a settings section: small screens show the list of sections first. */
async function openSection(page: Page, label: string) {
  const nav = page.getByRole('navigation', { name: 'Organization settings sections' })
  if (narrow() && !(await nav.isVisible())) await press(page.getByRole('link', { name: 'All settings' }))
  await press(nav.getByRole('link', { name: label, exact: true }))
  await expect(page.getByRole('heading', { name: label, level: 2 })).toBeVisible()
}

test.describe('organizations', () => {
  test('create, publish, list in My organizations, with an admin and a promoter', async ({ page, request, consoleErrors }) => {
    test.setTimeout(150_000)
    const t = tag()
    const admin = await dancer(request, `Admin ${t}`)
    const promoter = await dancer(request, `Promo ${t}`)
    const other = await dancer(request, `Second Promo ${t}`)
    await acceptCookies(page)
    await signUpByApi(page, { dancerName: `Founder ${t}` })

    await page.goto('/organizations')
    await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'All organizations' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'My organizations' })).toHaveCount(0)
    await press(page.getByRole('button', { name: 'Create Organization' }))

    await expect(page).toHaveURL(/\/create-organization-organization\/\d+$/)
    const id = Number(new URL(page.url()).pathname.split('/').pop())
    await expect(page.getByRole('heading', { name: 'Info' })).toBeVisible()
    await expect(page.getByRole('progressbar', { name: 'Stage 1 of 3' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
    await page.getByTestId('image-input').setInputFiles(join(FIXTURES, 'dancer.png'))
    await expect(page.getByRole('button', { name: 'Edit Image' })).toBeVisible()
    await page.getByLabel('Organization name').fill(`Floor Lords ${t}`)
    await shot(page, 'create-organization-1-info')
    await press(page.getByRole('button', { name: 'Next' }))

    await expect(page.getByRole('heading', { name: 'Organization admins' })).toBeVisible()
    await pick(page, 'Select admins', `Admin ${t}`)
    const admins = page.getByRole('list', { name: 'Admins' })
    await expect(admins.getByRole('link', { name: `Admin ${t}` })).toBeVisible()
    await expect(admins.getByRole('link', { name: `Founder ${t}` })).toBeVisible()
    await shot(page, 'create-organization-2-admins')
    await press(page.getByRole('button', { name: 'Next' }))

    await expect(page.getByRole('heading', { name: 'Organization promoters' })).toBeVisible()
    await pick(page, 'Select promoters', `Second Promo ${t}`)
    const promoters = page.getByRole('list', { name: 'Promoters' })
    await expect(promoters.getByRole('link', { name: `Second Promo ${t}` })).toBeVisible()
    await press(promoters.getByRole('button', { name: `Remove Second Promo ${t}` }))
    await expect(page.getByText('No promoters yet.')).toBeVisible()
    await pick(page, 'Select promoters', `Promo ${t}`)
    await expect(promoters.getByRole('link', { name: `Promo ${t}`, exact: true })).toBeVisible()
    // an address offers an invitation, which is said plainly not to be sent yet
    await page.getByRole('combobox', { name: 'Select promoters' }).fill('not-an-address@')
    await press(page.getByRole('button', { name: /^Invite/ }))
    await expect(page.getByText('Invalid e-mail.')).toBeVisible()
    await page.getByRole('combobox', { name: 'Select promoters' }).fill('')
    await page.getByRole('combobox', { name: 'Select promoters' }).press('Escape')
    await expect(page.getByRole('listbox')).toHaveCount(0)
    await shot(page, 'create-organization-3-promoters')
    await press(page.getByRole('button', { name: 'Publish' }))

    await expect(page).toHaveURL(new RegExp(`/organization/${id}$`))
    await expect(page.getByRole('heading', { name: `Floor Lords ${t}`, level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible()
    await expect(page.getByText('No events yet')).toBeVisible()
    await shot(page, 'organization')

    await press(page.getByRole('tab', { name: 'About' }))
    await expect(page).toHaveURL(new RegExp(`/organization/${id}\\?tab=about#org-tabs$`))
    const owners = page.getByRole('list', { name: 'Organization owners' })
    await expect(owners.getByRole('link', { name: `Admin ${t}` })).toHaveAttribute('href', `/profile/${admin.userId}`)
    await expect(owners.getByRole('link', { name: `Founder ${t}` })).toBeVisible()
    await shot(page, 'organization-about')

    await page.goto('/organizations')
    const mine = page.getByRole('region', { name: 'My organizations' })
    await expect(mine.getByRole('link', { name: new RegExp(`Floor Lords ${t}`) })).toBeVisible()
    await page.getByLabel('Search organizations').fill(`lords ${t}`)
    const all = page.getByRole('region', { name: 'All organizations' })
    await expect(all.getByRole('link')).toHaveCount(1)
    await expect(all.getByRole('link', { name: new RegExp(`Floor Lords ${t}`) })).toBeVisible()
    await press(all.getByRole('button', { name: 'List view' }))
    await expect(all.getByRole('columnheader', { name: 'Organization name' })).toBeVisible()
    await expect(all.getByRole('columnheader', { name: '# of Members' })).toBeVisible()
    await shot(page, 'organizations-mine')
    await page.getByLabel('Search organizations').fill(`no such organization ${t}`)
    await expect(all.getByText('No organizations found')).toBeVisible()

    // settings: a promoter added through the 'Edit promoter' tile, saved
    await page.goto(`/organization/${id}/settings`)
    await expect(page.getByRole('heading', { name: `Floor Lords ${t} Settings`, level: 1 })).toBeVisible()
    if (narrow()) await shot(page, 'organization-settings-menu')
    await openSection(page, 'Promoters')
    await expect(page.getByRole('list', { name: 'Promoters' }).getByRole('link', { name: `Promo ${t}`, exact: true })).toBeVisible()
    await press(page.getByRole('button', { name: 'Edit promoter' }))
    const dialog = page.getByRole('dialog', { name: 'Promoters' })
    await pick(page, 'Select promoters', `Second Promo ${t}`)
    await expect(dialog.getByRole('link', { name: `Second Promo ${t}` })).toBeVisible()
    await shot(page, 'organization-settings-promoters-editor')
    await press(dialog.getByRole('button', { name: 'Save' }))
    await expect(page.getByTestId('toast')).toHaveText('Changes has been saved')
    await expect(page.getByRole('list', { name: 'Promoters' }).getByRole('link', { name: `Second Promo ${t}` })).toBeVisible()
    await shot(page, 'organization-settings-promoters')
    await openSection(page, 'Admins')
    await expect(page.getByRole('list', { name: 'Admins' }).getByRole('link', { name: `Admin ${t}` })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Edit admin' })).toBeVisible()
    await shot(page, 'organization-settings-admins')

    const roles = await (await request.get(`/api/orgs/${id}`)).json()
    expect(roles.admins.map((user: { id: number }) => user.id)).toContain(admin.userId)
    expect(roles.promoters.map((user: { id: number }) => user.id).sort()).toEqual([promoter.userId, other.userId].sort())
    expect(consoleErrors).toEqual([])
  })

  test('members, general info, socials, agreement, media, leaderboard and a harmless description', async ({ page, request, consoleErrors }) => {
    test.setTimeout(180_000)
    const nats = process.env.E2E_NATS_URL
    expect(nats, 'deploy/local/e2e.py gives the specs E2E_NATS_URL').toBeTruthy()
    const t = tag()
    const [ace, blaze] = [await dancer(request, `Ace ${t}`), await dancer(request, `Blaze ${t}`)]
    await dancer(request, `Crash ${t}`)
    const outsider = await dancer(request, `Outsider ${t}`)
    await acceptCookies(page)
    await stubYouTube(page)
    const owner = await signUpByApi(page, { dancerName: `Owner ${t}` })
    const name = `Breakers Union ${t}`
    const id = await organizationOnScreens(page, name)

    // members: three added through the 'Add member' modal, one removed
    await page.goto(`/organization/${id}/settings/members`)
    await expect(page.getByRole('heading', { name: 'Members', level: 2 })).toBeVisible()
    await expect(page.getByTestId('members-heading')).toHaveText('Members (0)')
    await expect(page.getByText('No members yet')).toBeVisible()
    for (const member of [`Ace ${t}`, `Blaze ${t}`, `Crash ${t}`]) {
      await press(page.getByRole('button', { name: 'Add member' }))
      const modal = page.getByRole('dialog', { name: 'Add member' })
      await expect(modal.getByRole('button', { name: 'Add', exact: true })).toBeDisabled()
      await pick(page, 'Search users to add', member)
      if (member.startsWith('Crash')) await shot(page, 'organization-settings-add-member')
      await press(modal.getByRole('button', { name: 'Add', exact: true }))
      await expect(modal).toBeHidden()
      await expect(page.getByRole('list', { name: 'Current members' }).getByRole('link', { name: member })).toBeVisible()
    }
    await expect(page.getByTestId('members-heading')).toHaveText('Members (3)')
    await page.getByLabel('Search current members').fill(`crash ${t}`)
    const current = page.getByRole('list', { name: 'Current members' })
    await expect(current.getByRole('link')).toHaveCount(1)
    await press(current.getByRole('button', { name: `Remove Crash ${t}` }))
    await press(page.getByRole('dialog', { name: `Remove Crash ${t}?` }).getByRole('button', { name: 'Remove' }))
    await expect(page.getByText('No members found')).toBeVisible()
    await page.getByLabel('Search current members').fill('')
    await expect(current.getByRole('link')).toHaveCount(2)
    await expect(page.getByTestId('members-heading')).toHaveText('Members (2)')
    await shot(page, 'organization-settings-members')

    // general info: founded, a rich description, ranking on
    await openSection(page, 'General Info')
    const founded = page.getByLabel('Date created')
    await founded.pressSequentially(`0101${THIS_YEAR + 1}`)
    await press(page.getByRole('button', { name: 'Save' }))
    await expect(page.getByText('Please enter a correct date')).toBeVisible()
    await founded.fill('')
    await founded.pressSequentially('05171999')
    const description = page.getByRole('textbox', { name: 'Description' })
    await description.click()
    await page.keyboard.type('Since 1999 we ')
    await press(page.getByRole('button', { name: 'Bold' }))
    await page.keyboard.type('break')
    await press(page.getByRole('button', { name: 'Bold' }))
    await page.keyboard.type(' every Sunday.')
    await page.getByLabel('Disable ranking').uncheck()
    await shot(page, 'organization-settings-general')
    await save(page, id)
    const general = await (await request.get(`/api/orgs/${id}`)).json()
    expect(general.founded).toBe('05/17/1999')
    expect(general.description).toBe('<p>Since 1999 we <strong>break</strong> every Sunday.</p>')
    expect(general.rankingDisabled).toBe(false)

    // socials: handles after the fixed prefixes
    await openSection(page, 'Social')
    await page.getByRole('textbox', { name: 'Instagram' }).fill('@breakersunion')
    await page.getByRole('textbox', { name: 'Youtube' }).fill('UCbreakers')
    await page.getByRole('textbox', { name: 'Website' }).fill('breakers.example')
    await save(page, id)
    await expect(page.getByRole('textbox', { name: 'Instagram' })).toHaveValue('breakersunion')
    await expect(page.getByRole('textbox', { name: 'Website' })).toHaveValue('breakers.example')
    await shot(page, 'organization-settings-socials')

    // agreement: saved with its rich text
    await openSection(page, 'Agreement')
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Participation agreement')
    await page.getByRole('textbox', { name: 'Version' }).fill('1')
    await page.getByRole('textbox', { name: 'Text', exact: true }).click()
    await page.keyboard.type('I dance at my own risk.')
    await shot(page, 'organization-settings-agreement')
    await save(page, id)
    const agreement = (await (await request.get(`/api/orgs/${id}`)).json()).agreement
    expect(agreement).toEqual({ title: 'Participation agreement', subtitle: '', version: '1', text: '<p>I dance at my own risk.</p>' })
    await openSection(page, 'Waiver')
    await shot(page, 'organization-settings-waiver')

    // media: a link that is not a video previews nothing; a youtu.be link previews, saves, and is deleted
    await press(page.getByRole('link', { name: `Back to ${name}` }))
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.com/breakersunion')
    await press(page.getByRole('tab', { name: 'Media' }))
    await expect(page.getByRole('heading', { name: `${name} Clips` })).toBeVisible()
    await expect(page.getByText('No clips yet')).toBeVisible()
    await press(page.getByRole('button', { name: 'Add media' }))
    const editor = page.getByRole('dialog', { name: 'Add media' })
    await editor.getByLabel('Video link').fill('https://vimeo.com/123456')
    await press(editor.getByRole('button', { name: 'Add', exact: true }))
    await expect(editor.getByText('Enter a YouTube link or video id')).toBeVisible()
    await expect(editor.getByTestId('media-preview')).toHaveCount(0)
    await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled()
    await editor.getByLabel('Video link').fill(`https://youtu.be/${VIDEO_ID}?t=42`)
    await press(editor.getByRole('button', { name: 'Add', exact: true }))
    await expect(editor.locator('iframe')).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${VIDEO_ID}`)
    await editor.getByLabel('Clip name (optional)').fill('Final battle')
    await shot(page, 'organization-media-editor')
    await press(editor.getByRole('button', { name: 'Save' }))
    await expect(editor).toBeHidden()
    await expect(page.getByRole('button', { name: 'Play Final battle' })).toBeVisible()
    await shot(page, 'organization-media')
    // closing the editor resets it
    await press(page.getByRole('button', { name: 'Add media' }))
    await expect(page.getByRole('dialog', { name: 'Add media' }).getByLabel('Video link')).toHaveValue('')
    await press(page.getByRole('dialog', { name: 'Add media' }).getByRole('button', { name: 'Cancel' }))
    await press(page.getByRole('button', { name: 'Delete Final battle' }))
    await press(page.getByRole('dialog', { name: 'Delete this clip?' }).getByRole('button', { name: 'Delete' }))
    await expect(page.getByText('No clips yet')).toBeVisible()

    // leaderboard: points seeded as the battles service will publish them
    const seed = (battle: number, winners: Record<string, number[]>, startDate = `${THIS_YEAR}-03-14`) =>
      execFileSync(
        // the project's Python, as deploy/local/e2e.py runs (uv may not be on this shell's PATH)
        process.env.E2E_PYTHON ?? 'python3',
        ['deploy/local/seed_points.py', '--org', String(id), '--battle', String(battle), '--start-date', startDate, '--winners', JSON.stringify(winners)],
        { cwd: ROOT, env: { ...process.env, E2E_NATS_URL: nats }, stdio: 'pipe' },
      )
    const battle = 1_000_000 + Math.floor(Math.random() * 1_000_000)
    seed(battle, { '1st Place': [blaze.userId], 'Top 4': [ace.userId], '2nd Place': [outsider.userId] })
    seed(battle + 1, { 'Top 8': [ace.userId] }, '2022-06-01')
    await expect
      .poll(async () => (await (await request.get(`/api/orgs/${id}/leaderboard?y=0`)).json()).map((row: { points?: number }) => row.points ?? 0), { timeout: 20_000 })
      .toEqual([100, 75])
    await page.goto(`/organization/${id}?tab=members#org-tabs`)
    const rows = page.getByTestId('leaderboard-row')
    await expect(rows).toHaveCount(2)
    await expect(rows.nth(0)).toContainText(`Blaze ${t}`)
    await expect(rows.nth(0)).toContainText('100')
    await expect(rows.nth(0).getByTestId('rank-gold')).toBeVisible()
    await expect(rows.nth(1)).toContainText(`Ace ${t}`)
    await expect(rows.nth(1)).toContainText('50')
    await expect(rows.nth(1).getByTestId('rank-trophy')).toBeVisible()
    await expect(rows.nth(0).getByRole('link')).toHaveAttribute('href', `/profile/${blaze.userId}`)
    await expect(page.getByRole('columnheader', { name: 'Rank' })).toBeVisible()
    await expect(page.getByTestId('stat-totalPoints')).toHaveText('175')
    await shot(page, 'organization-members')
    await page.getByRole('combobox', { name: 'Year' }).click()
    await page.getByRole('option', { name: 'All Years' }).click()
    await expect(rows.nth(1)).toContainText(`Ace ${t}`)
    await expect(rows.nth(1)).toContainText('75')
    await page.getByRole('combobox', { name: 'Sort by' }).click()
    await page.getByRole('option', { name: 'A-Z' }).click()
    await press(page.getByRole('button', { name: /^Ascending/ }))
    await expect(rows.nth(0)).toContainText(`Blaze ${t}`)
    await expect(page.getByRole('button', { name: /^Descending/ })).toBeVisible()

    // a <script> or an onerror in the description does nothing on the page
    const hostile = await page.request.post(`/api/orgs/${id}`, {
      headers: { 'X-Auth-Token': owner.accessToken },
      data: { name, description: '<p>Hi</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"><a href="javascript:window.__pwned=3">x</a>' },
    })
    expect(hostile.ok(), await hostile.text()).toBeTruthy()
    await page.goto(`/organization/${id}?tab=about#org-tabs`)
    await expect(page.getByTestId('org-description')).toContainText('Hi')
    await expect(page.getByTestId('org-description').locator('script, img, [onerror]')).toHaveCount(0)
    await expect(page.getByTestId('org-description').locator('a[href^="javascript"]')).toHaveCount(0)
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    expect(pageErrors(consoleErrors)).toEqual([])
  })

  test('a guest: Create Organization goes to Signup and back; an unknown organization is the 404 page', async ({ page, browser }) => {
    const t = tag()
    // the owner makes it in a browser of their own: this page stays a guest's
    const { baseURL, viewport, hasTouch } = test.info().project.use
    const ownerContext = await browser.newContext({ baseURL, viewport: viewport ?? undefined, hasTouch })
    const ownerPage = await ownerContext.newPage()
    await acceptCookies(ownerPage)
    await signUpByApi(ownerPage, { dancerName: `Guest Owner ${t}` })
    const id = await organizationOnScreens(ownerPage, `Open Crew ${t}`)
    await ownerContext.close()
    await acceptCookies(page)
    await page.goto(`/organization/${id}`)
    await expect(page.getByRole('heading', { name: `Open Crew ${t}`, level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Edit organization image' })).toHaveCount(0)
    await press(page.getByRole('tab', { name: 'Media' }))
    await expect(page.getByRole('button', { name: 'Add media' })).toHaveCount(0)
    await shot(page, 'organization-guest')

    await page.goto('/organization/999999999')
    await expect(page.getByText("Sorry, we can't find the page you're looking for.")).toBeVisible()
    await page.goto(`/organization/${id}/settings`)
    await expect(page).toHaveURL(/\/login\?redirect=/)

    await page.goto('/organizations')
    await press(page.getByRole('button', { name: 'Create Organization' }))
    await expect(page).toHaveURL(/\/signup\?redirect=%2Forganizations$/)
  })

  test('every screen at 390×844', async ({ page, request }) => {
    test.skip(test.info().project.name !== 'desktop', 'one phone pass is enough')
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 390, height: 844 })
    const t = tag()
    const member = await dancer(request, `Phone Member ${t}`)
    await acceptCookies(page)
    await stubYouTube(page)
    await signUpByApi(page, { dancerName: `Phone Owner ${t}` })
    const id = await organizationOnScreens(page, `Phone Crew ${t}`)
    // a member added in the settings' Add member modal, a clip on the Media panel
    await page.goto(`/organization/${id}/settings/members`)
    await expect(page.getByRole('heading', { name: 'Members', level: 2 })).toBeVisible()
    await press(page.getByRole('button', { name: 'Add member' }))
    const modal = page.getByRole('dialog', { name: 'Add member' })
    await pick(page, 'Search users to add', `Phone Member ${t}`)
    await press(modal.getByRole('button', { name: 'Add', exact: true }))
    await expect(modal).toBeHidden()
    await expect(page.getByRole('list', { name: 'Current members' }).getByRole('link', { name: `Phone Member ${t}` })).toHaveAttribute('href', `/profile/${member.userId}`)
    await page.goto(`/organization/${id}?tab=media#org-tabs`)
    await press(page.getByRole('button', { name: 'Add media' }))
    const editor = page.getByRole('dialog', { name: 'Add media' })
    await editor.getByLabel('Video link').fill(`https://youtu.be/${VIDEO_ID}`)
    await press(editor.getByRole('button', { name: 'Add', exact: true }))
    await expect(editor.getByTestId('media-preview')).toBeVisible()
    await editor.getByLabel('Clip name (optional)').fill('Cypher circle')
    await press(editor.getByRole('button', { name: 'Save' }))
    await expect(editor).toBeHidden()
    await expect(page.getByRole('button', { name: 'Play Cypher circle' })).toBeVisible()

    await page.goto('/organizations')
    await expect(page.getByRole('region', { name: 'My organizations' })).toBeVisible()
    await shot(page, 'phone-organizations')
    await page.goto(`/organization/${id}`)
    await expect(page.getByRole('button', { name: 'Events' })).toHaveAttribute('aria-expanded', 'true')
    await shot(page, 'phone-organization')
    await press(page.getByRole('button', { name: 'Members' }))
    await expect(page).toHaveURL(/\?tab=members#org-tabs$/)
    await expect(page.getByTestId('leaderboard-row')).toHaveCount(1)
    await expanded(page, 'members')
    await shot(page, 'phone-organization-members')
    await press(page.getByRole('button', { name: 'Media' }))
    await expect(page.getByRole('button', { name: 'Play Cypher circle' })).toBeVisible()
    await expanded(page, 'media')
    await shot(page, 'phone-organization-media')
    await page.goto(`/organization/${id}/settings`)
    await expect(page.getByRole('navigation', { name: 'Organization settings sections' })).toBeVisible()
    await shot(page, 'phone-organization-settings')
    for (const [section, label] of [
      ['general', 'General Info'],
      ['admins', 'Admins'],
      ['members', 'Members'],
      ['socials', 'Social'],
      ['agreement', 'Agreement'],
    ] as const) {
      await press(page.getByRole('link', { name: label, exact: true }))
      await expect(page.getByRole('heading', { name: label, level: 2 })).toBeVisible()
      if (section === 'general') await expect(page.getByRole('textbox', { name: 'Description' })).toBeVisible()
      await shot(page, `phone-organization-settings-${section}`)
      await press(page.getByRole('link', { name: 'All settings' }))
    }
    await press(page.getByRole('link', { name: 'Members', exact: true }))
    await press(page.getByRole('button', { name: 'Add member' }))
    await expect(page.getByRole('dialog', { name: 'Add member' })).toBeVisible()
    await shot(page, 'phone-organization-settings-add-member')
    await page.goto('/organizations')
    await press(page.getByRole('button', { name: 'Create Organization' }))
    await expect(page.getByRole('heading', { name: 'Info' })).toBeVisible()
    await shot(page, 'phone-create-organization')
  })
})

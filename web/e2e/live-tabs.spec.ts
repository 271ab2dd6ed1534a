import type { Request } from '@playwright/test'
import { acceptCookies, expect, pageErrors, press, signUpByApi, tag, test, watch, wizardToBattles } from './helpers'

/**
 * An organizer's screens in the tabs of one browser over plain HTTP/1.1, which holds 6 connections per host: the
 * live feed is one connection for the whole browser (docs/architecture.md, The live feed), so eight battle pages
 * and the wizard in a ninth tab all load, and a rename made in the ninth shows on all eight without a reload.
 * The organizer creates the event and its battle in the wizard; only the account is made through the API.
 */

const TABS = 8

test.describe('live feed', () => {
  test('eight live tabs of one browser share one connection and all show a change made in a ninth', async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one browser of tabs: the viewport does not matter')
    // about 50 s on a quiet 2-core machine; nine tabs starting at once on a loaded one take longer
    test.setTimeout(150_000)
    const errors: string[] = []
    const t = tag()
    const eventTitle = `Live Tabs Jam ${t}`
    const battleTitle = `Tabs 1v1 ${t}`
    const renamed = `Tabs Final ${t}`

    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1280, height: 800 } })
    // every /api/live stream the browser opens, while it is open
    const streams = new Set<Request>()
    const isLive = (request: Request) => new URL(request.url()).pathname === '/api/live'
    context.on('request', (request) => void (isLive(request) && streams.add(request)))
    context.on('requestfailed', (request) => void streams.delete(request))
    context.on('requestfinished', (request) => void streams.delete(request))
    const page = await context.newPage()
    watch(page, errors, 'wizard')
    await acceptCookies(page)
    await signUpByApi(page, { dancerName: `Host ${t}`, prefix: 'live-tabs' })

    // the wizard: the event with one battle, published
    const eventId = await wizardToBattles(page, { title: eventTitle })
    const next = () => press(page.getByRole('button', { name: 'Next', exact: true }))
    await press(page.getByRole('button', { name: 'Add Battle' }))
    const dialog = page.getByRole('dialog', { name: 'Edit Battle' })
    await dialog.getByRole('textbox', { name: 'Title' }).fill(battleTitle)
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/api\/battles\/\d+$/.test(new URL(response.url()).pathname))
    await press(dialog.getByRole('button', { name: 'Save' }))
    const answer = await saved
    expect(answer.ok()).toBeTruthy()
    const battleId = Number(new URL(answer.url()).pathname.split('/').pop())
    await expect(dialog).toBeHidden()
    await next()
    await press(page.getByRole('button', { name: 'Publish Event' }))
    await expect(page).toHaveURL(new RegExp(`/event/${eventId}$`))

    // eight tabs on the battle page, each live
    const tabs = await Promise.all(
      Array.from({ length: TABS }, async (_, n) => {
        const tab = await context.newPage()
        watch(tab, errors, `tab ${n + 1}`)
        await tab.goto(`/battle/${battleId}`)
        await expect(tab.getByRole('heading', { name: battleTitle, level: 1 })).toBeVisible({ timeout: 30_000 })
        // marks this document: still there at the end, the tab was never reloaded
        await tab.evaluate(() => Object.assign(window, { liveTabsMark: true }))
        return tab
      }),
    )

    // the ninth tab: the organizer renames the battle in the wizard
    await page.goto(`/create-event/${eventId}`)
    await press(page.getByRole('button', { name: 'Edit Battles' }))
    await press(page.getByRole('button', { name: `Edit ${battleTitle}` }))
    const editor = page.getByRole('dialog', { name: `Edit ${battleTitle}` })
    await editor.getByRole('textbox', { name: 'Title' }).fill(renamed)
    await press(editor.getByRole('button', { name: 'Save' }))
    await expect(editor).toBeHidden()

    await Promise.all(
      tabs.map(async (tab) => {
        await expect(tab.getByRole('heading', { name: renamed, level: 1 })).toBeVisible({ timeout: 20_000 })
        expect(await tab.evaluate(() => (window as { liveTabsMark?: boolean }).liveTabsMark)).toBe(true)
      }),
    )
    // nine tabs, one stream
    await expect.poll(() => streams.size).toBe(1)
    expect(pageErrors(errors)).toEqual([])
    await context.close()
  })
})

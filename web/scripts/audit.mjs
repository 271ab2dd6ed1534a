// `make audit` (through deploy/local/audit.py): console errors on every covered screen at three viewports,
// and Lighthouse (mobile preset) on Login, Signup, Home and Events, against a running stack at AUDIT_BASE_URL.
// Prints one JSON object on stdout. Lighthouse varies from run to run on a shared machine: each page is run
// LIGHTHOUSE_RUNS times (default 3) and the median run (by performance score) is reported.
/* global document, window */
import { mkdirSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs'

const base = process.env.AUDIT_BASE_URL ?? 'http://localhost:18380'
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'tablet', viewport: { width: 820, height: 1180 }, hasTouch: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
]
const GUEST_SCREENS = ['/', '/login', '/signup', '/reset-password', '/magic-link', '/faq', '/patreon', '/terms', '/policy', '/events', '/events/map', '/organizations', '/studios', '/members', '/404']
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const SCREENSHOTS = new URL('../e2e/screenshots/', import.meta.url)
const LIGHTHOUSE_SCREENS = [
  ['Login', '/login'],
  ['Signup', '/signup'],
  ['Home', '/'],
  ['Events', '/events'],
]

async function settle(page) {
  await page.waitForLoadState('load')
  await page.locator('#main').waitFor({ state: 'visible', timeout: 20_000 })
  await page.waitForFunction(() => !document.querySelector('[data-testid="page-loader"]'), null, { timeout: 20_000 })
  await page.waitForTimeout(500)
}

async function shot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const file = `phone-${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.png`
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: new URL(file, SCREENSHOTS).pathname, fullPage: true })
}

async function consoleAudit() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const screens = []
  const errors = []
  try {
    for (const device of VIEWPORTS) {
      const context = await browser.newContext({ baseURL: base, viewport: device.viewport, hasTouch: device.hasTouch, isMobile: device.isMobile })
      await context.addCookies([{ name: 'cookie', value: 'accepted', url: base }])
      const page = await context.newPage()
      let current = ''
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push({ device: device.name, screen: current, text: message.text() })
      })
      page.on('pageerror', (error) => errors.push({ device: device.name, screen: current, text: error.message }))
      for (const path of GUEST_SCREENS) {
        current = path
        await page.goto(path)
        await settle(page)
        screens.push(`${device.name} ${path}`)
        if (device.name === 'phone') await shot(page, path)
      }
      // Signed in: an account made through the API, its profile completed, the session hint set.
      const email = `audit.${device.name}.${Date.now().toString(36)}@example.com`
      const signup = await page.request.post('/api/auth/signup', { data: { email, password: 'audit-password-1' } })
      const auth = await signup.json()
      await page.request.post('/api/user', {
        headers: { 'X-Auth-Token': auth.accessToken },
        data: { dancerName: `Audit ${device.name}`, fullName: 'Audit Dancer', birthday: '10/18/1993', country: 'Canada', state: 'Quebec', city: 'Montreal' },
      })
      await page.evaluate(() => window.localStorage.setItem('cypher.session', '1'))
      // An event happening now with a paid tier (the buyer's and the door's screens) and a studio of this user.
      const headers = { 'X-Auth-Token': auth.accessToken }
      const { id: eventId } = await (await page.request.post('/api/events', { headers })).json()
      const wall = (offset) => new Date(Date.now() + offset).toISOString().slice(0, 16)
      await page.request.post(`/api/events/${eventId}`, {
        headers,
        data: { title: `Audit Jam ${device.name}`, dateStart: wall(-3_600_000), dateEnd: wall(3 * 3_600_000), tiers: [{ title: 'General', cost: 1500 }] },
      })
      await page.request.post(`/api/events/${eventId}/publish`, { headers })
      const { id: studioId } = await (await page.request.post('/api/studios', { headers })).json()
      await page.request.put(`/api/studios/${studioId}`, { headers, data: { name: `Audit Studio ${device.name}`, founded: '05/01/2019' } })
      const signedIn = [
        `/event/${eventId}`,
        `/event/${eventId}/checkin`,
        `/create-studio/${studioId}`,
        `/studio/${studioId}`,
        `/studio/${studioId}/settings`,
        '/studios?view=map',
        '/',
        `/profile/${auth.user.id}`,
        '/profile-setting',
        '/profile-setting?tabName=SettingsProfile',
        '/profile-setting?tabName=SettingsSocial',
        '/profile-setting?tabName=SettingsStats',
        '/profile-setting?tabName=SettingsPassword',
        '/profile-setting?tabName=SettingsOtherProfiles',
        '/create-other-profile',
      ]
      for (const path of signedIn) {
        current = path
        await page.goto(path)
        await settle(page)
        await page.getByTestId('user-menu-button').waitFor({ state: 'visible', timeout: 20_000 })
        screens.push(`${device.name} ${path} (signed in)`)
        if (device.name === 'phone') await shot(page, `${path} signed-in`)
      }
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return { screens, errors }
}

async function lighthouseAudit() {
  const results = []
  for (const [name, path] of LIGHTHOUSE_SCREENS) {
    const runs = []
    for (let run = 0; run < RUNS; run += 1) runs.push(await lighthouseRun(name, path))
    runs.sort((a, b) => a.performance - b.performance)
    results.push({ ...runs[Math.floor(runs.length / 2)], runs: runs.map((item) => item.performance) })
  }
  return results
}

async function lighthouseRun(name, path) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] })
    try {
      const run = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      const { categories, audits } = run.lhr
      return {
        name,
        path,
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        bestPractices: Math.round(categories['best-practices'].score * 100),
        seo: Math.round(categories.seo.score * 100),
        fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
        lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(audits['total-blocking-time'].numericValue),
        cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        failedAccessibility: categories.accessibility.auditRefs
          .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
          .map((ref) => ref.id),
      }
    } finally {
      await chrome.kill()
    }
}

const only = process.argv[2]
const output = {}
if (!only || only === 'console') output.console = await consoleAudit()
if (!only || only === 'lighthouse') output.lighthouse = await lighthouseAudit()
process.stdout.write(JSON.stringify(output))

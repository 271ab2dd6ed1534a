// usage: node shot.mjs URL OUT WIDTH HEIGHT [waitText]
import { chromium } from '@playwright/test'
const [url, out, w = '1280', h = '900', wait] = process.argv.slice(2)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const page = await browser.newPage({ viewport: { width: +w, height: +h } })
const errors = []
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
await page.context().addCookies([{ name: 'cookie', value: 'accepted', url }])
await page.goto(url)
if (wait) await page.getByText(wait).first().waitFor({ timeout: 15000 })
else await page.waitForLoadState('networkidle')
await page.waitForTimeout(800)
await page.screenshot({ path: out, fullPage: true })
console.log('console errors:', errors)
await browser.close()

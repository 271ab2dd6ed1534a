import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs'

/**
 * Playwright against the real stack (deploy/local/e2e.py starts it and sets E2E_BASE_URL), driving Debian's
 * Chromium (scripts/chromium.mjs).
 */
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:18380'

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // three on a 2-core machine: at two it was idle 28% of the time (a walk waiting for an event to end, pages
  // waiting on the stack), at three 8%, 494 s → 423 s; four took longer, 96% busy (docs/development.md)
  workers: Number(process.env.E2E_WORKERS) || 3,
  // one retry: a test that passes only on it is listed as flaky in the report (see docs/decisions.md)
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    // The tablet runs the screen groups whose layout or input changes at its width (the header's drawer, the
    // browse grid, map and calendar by touch, the wizards, the door, buying a ticket); the others are the same
    // screens as on the desktop, and the rehearsal already holds tablets and phones in its own browsers
    // (docs/development.md, The test budget).
    {
      name: 'tablet',
      testMatch: /(shell|browse|browse-calendar|events|studios|checkin|attendance)\.spec\.ts/,
      use: { browserName: 'chromium', viewport: { width: 820, height: 1180 }, hasTouch: true },
    },
    // a phone for the events page's specs only (the other specs were written for the two above)
    {
      name: 'phone',
      testMatch: /browse\.spec\.ts/,
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    },
  ],
})

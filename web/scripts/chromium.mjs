// Debian's Chromium, as the e2e suite (playwright.config.ts) and `make audit` (audit.mjs) start it. The
// background-networking flags keep Chromium from hanging on a closed network.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

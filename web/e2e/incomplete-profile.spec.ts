import { acceptCookies, expect, press, shot, signUpByApi, test } from './helpers'

const BANNER = 'Hey it looks like your profile is incomplete. Finish setting up your profile to access the site'

/** docs/product/accounts-and-profiles.md: a signed-in user without a dancer name finishes onboarding first, whatever the way in. */
test.describe('an incomplete profile', () => {
  test('an incomplete profile logs in from /login and reloads Home: Signup with the banner', async ({ browser, page, consoleErrors }) => {
    await acceptCookies(page)
    // The account is made in another browser: this one only knows the login form.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL })
    const account = await signUpByApi(await other.newPage(), { prefix: 'incomplete' })
    await other.close()

    await page.goto('/login')
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel(/^Password/).fill(account.password)
    await press(page.getByRole('button', { name: 'Log in', exact: true }))
    await expect(page).toHaveURL(/\/signup\?incomplete=true&redirect=%2F$/)
    await expect(page.getByText(BANNER)).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Full name' })).toBeVisible()
    await shot(page, 'incomplete-after-login')

    // A reload on Home with the refresh cookie: the same rule.
    await page.goto('/')
    await expect(page).toHaveURL(/\/signup\?incomplete=true&redirect=%2F$/)
    await expect(page.getByText(BANNER)).toBeVisible()

    // A public page, and a protected one, reached directly: the same rule, with the way back.
    await page.goto('/organizations')
    await expect(page).toHaveURL(/\/signup\?incomplete=true&redirect=%2Forganizations$/)
    await page.goto('/profile-setting')
    await expect(page).toHaveURL(/\/signup\?incomplete=true&redirect=%2Fprofile-setting$/)
    await expect(page.getByText(BANNER)).toBeVisible()
    // Log in again while signed in: the login page sends on, and the guard holds there too.
    await page.goto('/login?redirect=%2Fmembers')
    await expect(page).toHaveURL(/\/signup\?incomplete=true&redirect=%2Fmembers$/)
    expect(consoleErrors).toEqual([])
  })
})

import { acceptCookies, expect, fillOnboarding, PASSWORD, press, shot, signUpByApi, test, uniqueEmail } from './helpers'

test.describe('sign-up and sign-in', () => {
  test('a guest signs up, walks the onboarding and lands on Home', async ({ page, consoleErrors }) => {
    await acceptCookies(page)
    const email = uniqueEmail('signup')
    await page.goto('/signup')
    await expect(page.getByRole('heading', { name: 'Create profile' })).toBeVisible()
    await shot(page, 'signup')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Email').press('Enter')
    await expect(page.getByLabel(/^Password/)).toBeFocused()
    await page.getByLabel(/^Password/).fill(PASSWORD)
    await page.getByLabel('Confirm password').fill('something-else')
    await press(page.getByRole('button', { name: 'Create profile' }))
    await expect(page.getByRole('alert')).toHaveText('Passwords must be equal')
    await page.getByLabel('Confirm password').fill(PASSWORD)
    await press(page.getByRole('button', { name: 'Create profile' }))

    // Signed in now, without a dancer name: only Log out in the header, and the onboarding steps.
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
    await fillOnboarding(
      page,
      {
        firstName: 'Ana',
        lastName: 'Rocks',
        dancerName: 'B-girl Ana',
        birthdayDigits: '10181993',
        countryQuery: 'u.s',
        country: 'United States',
        state: 'California',
        city: 'Los Angeles',
        avatar: 'dancer.png',
      },
      'onboarding',
    )
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByTestId('user-menu-button')).toBeVisible()
    await expect(page.getByTestId('notifications-bell')).toBeVisible()
    await shot(page, 'home-signed-in')
    expect(consoleErrors).toEqual([])
  })

  test('a wrong password reads "Incorrect email or password"', async ({ page, browser }) => {
    await acceptCookies(page)
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL })
    const account = await signUpByApi(await other.newPage(), { dancerName: 'Wrong Pass' })
    await other.close()
    await page.goto('/login')
    await press(page.getByRole('button', { name: 'Log in', exact: true }))
    await expect(page.getByRole('alert')).toHaveText('All fields is required')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel(/^Password/).fill('whatever')
    await press(page.getByRole('button', { name: 'Log in', exact: true }))
    await expect(page.getByRole('alert')).toHaveText('Invalid e-mail')
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel(/^Password/).fill('not-the-password')
    await page.getByLabel(/^Password/).press('Enter')
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password')
    await shot(page, 'login-error')
    await press(page.getByRole('button', { name: 'Show password' }))
    await expect(page.getByLabel(/^Password/)).toHaveAttribute('type', 'text')
  })

  test('the guard sends a guest to Login and back, and an incomplete profile to Signup and back', async ({ page, browser }) => {
    await acceptCookies(page)
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL })
    const complete = await signUpByApi(await other.newPage(), { dancerName: 'Guard Complete' })
    await other.close()

    await page.goto('/profile-setting?tabName=SettingsSocial')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile-setting%3FtabName%3DSettingsSocial$/)
    await shot(page, 'login')
    await page.getByLabel('Email').fill(complete.email)
    await page.getByLabel(/^Password/).fill(complete.password)
    await press(page.getByRole('button', { name: 'Log in', exact: true }))
    await expect(page).toHaveURL(/\/profile-setting\?tabName=SettingsSocial$/)
    await expect(page.getByRole('heading', { name: 'Contact / Social' })).toBeVisible()

    // Log out: back to Login with a redirect; then an account without a dancer name is sent to finish it.
    await press(page.getByTestId('user-menu-button'))
    await press(page.getByRole('menuitem', { name: 'Log out' }))
    await expect(page).toHaveURL(/\/login\?redirect=/)
    const incomplete = await signUpByApi(page)
    await page.goto('/members')
    await expect(page).toHaveURL(/\/signup\?incomplete=true&redirect=%2Fmembers$/)
    await expect(
      page.getByText('Hey it looks like your profile is incomplete. Finish setting up your profile to access the site'),
    ).toBeVisible()
    await shot(page, 'signup-incomplete')
    expect(incomplete.email).toContain('@')
    await fillOnboarding(page, {
      firstName: 'Guard',
      lastName: 'Incomplete',
      dancerName: 'Guard Incomplete',
      birthdayDigits: '01021990',
      countryQuery: 'fra',
      country: 'France',
      city: 'Paris',
    })
    await expect(page).toHaveURL(/\/members$/)
    await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible()
  })

  test('a password is reset through the link of the mail', async ({ page, browser }) => {
    await acceptCookies(page)
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL })
    const account = await signUpByApi(await other.newPage(), { dancerName: 'Reset Me' })
    await other.close()

    await page.goto('/login')
    await press(page.getByRole('button', { name: 'Forgot password?' }))
    await expect(page).toHaveURL(/\/reset-password$/)
    await expect(page.getByRole('heading', { name: 'forgot password' })).toBeVisible()
    await press(page.getByRole('button', { name: 'Submit' }))
    await expect(page.getByText('Field is required')).toBeVisible()
    await shot(page, 'reset-password')
    await page.getByLabel('Email').fill(account.email)
    await press(page.getByRole('button', { name: 'Submit' }))
    await expect(page.getByTestId('toast')).toHaveText(
      `Email has been sent to "${account.email}" with password reset instructions`,
    )
    await expect(page).toHaveURL(/\/login$/)

    let link = ''
    await expect
      .poll(async () => {
        const mails = (await (await page.request.get('/dev/mail')).json()) as { to: string; text: string }[]
        const mail = mails.filter((item) => item.to.includes(account.email)).at(-1)
        link = /https?:\/\/\S*\/reset-password\?token=[\w%-]+/.exec(mail?.text ?? '')?.[0] ?? ''
        return link
      })
      .not.toBe('')
    await page.goto(new URL(link).pathname + new URL(link).search)
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
    await page.getByLabel(/^New Password/).fill('a-new-password-1')
    await page.getByLabel('Confirm New Password').fill('a-new-password-1')
    await shot(page, 'reset-password-new')
    await press(page.getByRole('button', { name: 'Save password' }))
    await expect(page.getByText('Your password has been changed')).toBeVisible()

    await press(page.getByRole('link', { name: 'Log in' }).last())
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel(/^Password/).fill('a-new-password-1')
    await press(page.getByRole('button', { name: 'Log in', exact: true }))
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByTestId('user-menu-button')).toBeVisible()
  })

  test('the magic link page asks for an email and confirms', async ({ page }) => {
    await acceptCookies(page)
    await page.goto('/magic-link')
    await expect(page.getByRole('heading', { name: 'Magic Link' })).toBeVisible()
    await press(page.getByRole('button', { name: 'Submit' }))
    await expect(page.getByText('Field is required')).toBeVisible()
    await page.getByLabel('Email').fill(uniqueEmail('magic'))
    await press(page.getByRole('button', { name: 'Submit' }))
    await expect(page.getByText('Check your inbox for the magic link')).toBeVisible()
    await shot(page, 'magic-link-sent')
  })
})

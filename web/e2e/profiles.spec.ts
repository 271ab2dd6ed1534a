import { acceptCookies, expect, FIXTURES, fillOnboarding, press, shot, signUpByApi, test, uniqueEmail } from './helpers'

test.describe('profiles', () => {
  test('the public profile and the settings of its owner', async ({ page, consoleErrors }) => {
    await acceptCookies(page)
    const account = await signUpByApi(page, { dancerName: 'Settings Owner' })
    await page.goto(`/profile/${account.userId}`)
    await expect(page.getByRole('heading', { name: 'Settings Owner' })).toBeVisible()
    await expect(page.getByRole('img', { name: 'Flag of United States' })).toBeVisible()
    await expect(page.getByText('Test Dancer, ')).toBeVisible()
    await expect(page.getByText('Los Angeles, California, United States')).toBeVisible()
    await expect(page.getByText('Events Attended')).toBeVisible()
    await shot(page, 'profile')
    await press(page.getByRole('tab', { name: 'Badges' }))
    await expect(page.getByTestId('badge-1')).toHaveCSS('opacity', '0.3')
    await shot(page, 'profile-badges')
    await press(page.getByRole('tab', { name: 'Player Card' }))
    await page.getByTestId('image-input').setInputFiles(`${FIXTURES}/dancer.jpg`)
    await expect(page.getByTestId('toast')).toHaveText('Changes has been saved')
    await shot(page, 'profile-player-card')

    await press(page.getByRole('link', { name: 'Add your social media' }))
    await expect(page).toHaveURL(/\/profile-setting\?tabName=SettingsSocial$/)
    await page.getByRole('textbox', { name: 'Instagram' }).fill('@bgirl_settings')
    await page.getByRole('textbox', { name: 'Website' }).fill('cypher.example')
    await shot(page, 'settings-social')
    await press(page.getByRole('button', { name: 'Save' }))
    await expect(page.getByTestId('toast')).toHaveText('Changes has been saved')
    await expect(page.getByRole('textbox', { name: 'Instagram' })).toHaveValue('bgirl_settings')

    if ((test.info().project.use.viewport?.width ?? 0) < 900) {
      // On narrow screens the settings toggle between the menu and the form.
      await press(page.getByRole('button', { name: 'All settings' }))
      await expect(page.getByRole('navigation', { name: 'Settings sections' })).toBeVisible()
      await shot(page, 'settings-menu')
    }
    await press(page.getByRole('button', { name: 'Profile', exact: true }))
    await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible()
    await page.getByLabel('Dancer Name').fill('')
    await press(page.getByRole('button', { name: 'Save' }))
    await expect(page.getByText('Dancer name is required')).toBeVisible()
    await page.getByLabel('Dancer Name').fill('Settings Owner 2')
    await page.getByLabel('Birthday').fill('')
    await page.getByLabel('Birthday').pressSequentially(`0101${new Date().getFullYear()}`)
    await press(page.getByRole('button', { name: 'Save' }))
    await expect(page.getByText('Please enter a correct date')).toBeVisible()
    await page.getByLabel('Birthday').fill('')
    await page.getByLabel('Birthday').pressSequentially('05051995')
    await shot(page, 'settings-profile')
    await press(page.getByRole('button', { name: 'Save' }))
    await expect(page.getByTestId('toast')).toHaveText('Changes has been saved')

    await page.goto('/profile-setting?tabName=SettingsStats')
    await page.getByLabel('Battles Won').uncheck()
    await shot(page, 'settings-stats')
    await press(page.getByRole('button', { name: 'Save' }))
    await expect(page.getByTestId('toast')).toHaveText('Changes has been saved')

    await page.goto('/profile-setting?tabName=SettingsPassword')
    await press(page.getByRole('button', { name: 'Change password', exact: true }))
    await expect(page.getByRole('alert')).toHaveText('All fields are required')
    await page.getByLabel('Old Password').fill(account.password)
    await page.getByLabel(/^New Password/).fill('another-pass-1')
    await page.getByLabel('Confirm New Password').fill('another-pass-2')
    await press(page.getByRole('button', { name: 'Change password', exact: true }))
    await expect(page.getByRole('alert')).toHaveText('Passwords must be equal')
    await shot(page, 'settings-password')

    await page.goto(`/profile/${account.userId}`)
    await expect(page.getByRole('heading', { name: 'Settings Owner 2' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.com/bgirl_settings')
    expect(consoleErrors).toEqual([])
  })

  test('a second profile is added, switched to, set as main, and the other one released', async ({ page }) => {
    await acceptCookies(page)
    await signUpByApi(page, { dancerName: 'First Profile' })
    await page.goto('/')
    await press(page.getByTestId('user-menu-button'))
    await press(page.getByRole('menuitem', { name: 'Add profile' }))
    await expect(page).toHaveURL(/\/create-other-profile$/)
    await fillOnboarding(
      page,
      {
        firstName: 'Second',
        lastName: 'Self',
        dancerName: 'Second Profile',
        birthdayDigits: '02031998',
        countryQuery: 'can',
        country: 'Canada',
        state: 'Quebec',
        city: 'Montreal',
      },
      'create-other-profile',
    )
    await expect(page).toHaveURL(/\/profile\/\d+$/)
    await expect(page.getByRole('heading', { name: 'Second Profile' })).toBeVisible()
    const secondId = Number(new URL(page.url()).pathname.split('/').pop())

    // Acting as the second profile now; switch back to the first from the user menu.
    await press(page.getByTestId('user-menu-button'))
    await shot(page, 'user-menu')
    const reloaded = page.waitForEvent('load')
    await press(page.getByRole('menuitem', { name: 'First Profile' }))
    await reloaded
    // the reloaded page has its session before the next navigation (an interrupted refresh would be replayed)
    await expect(page.getByTestId('user-menu-button')).toBeVisible()
    await page.goto('/profile-setting?tabName=SettingsOtherProfiles')
    await expect(page.getByText('Acting now')).toBeVisible()
    const firstRow = page.getByRole('listitem').filter({ hasText: 'First Profile' })
    await expect(firstRow.getByText('Main profile')).toBeVisible()
    await expect(firstRow.getByText('Acting now')).toBeVisible()
    await shot(page, 'settings-other-profiles')

    // Set the second as main.
    await press(page.getByRole('button', { name: 'Actions for Second Profile' }))
    await press(page.getByRole('menuitem', { name: 'Set as main' }))
    await expect(page.getByTestId('toast')).toHaveText('Changes has been saved')
    const secondRow = page.getByRole('listitem').filter({ hasText: 'Second Profile' })
    await expect(secondRow.getByText('Main profile')).toBeVisible()

    // Release the first (no longer main) profile with its own email and password.
    await press(page.getByRole('button', { name: 'Actions for First Profile' }))
    await press(page.getByRole('menuitem', { name: 'Release profile' }))
    await expect(page).toHaveURL(/\/release-profile\/\d+$/)
    await expect(page.getByText('will no longer be associated with the parent email')).toBeVisible()
    const releasedEmail = uniqueEmail('released')
    await page.getByLabel('Email').fill(releasedEmail)
    await page.getByLabel('Email').press('Enter')
    await expect(page.getByLabel(/^Password/)).toBeFocused()
    await page.getByLabel(/^Password/).fill('released-pass-1')
    await page.getByLabel('Confirm password').fill('released-pass-2')
    await press(page.getByRole('button', { name: 'Release profile' }))
    await expect(page.getByRole('alert')).toHaveText('Passwords must be equal')
    await page.getByLabel('Confirm password').fill('released-pass-1')
    await shot(page, 'release-profile')
    await press(page.getByRole('button', { name: 'Release profile' }))
    await expect(page).toHaveURL(/\/profile-setting\?tabName=SettingsOtherProfiles$/)
    await expect(page.getByRole('listitem').filter({ hasText: 'First Profile' })).toHaveCount(0)
    await expect(page.getByText('Create and manage your other profiles.')).toBeVisible()
    await expect(page.getByRole('listitem').filter({ hasText: 'Second Profile' })).toBeVisible()
    expect(secondId).toBeGreaterThan(0)

    // The released profile signs in on its own.
    const login = await page.request.post('/api/auth/login', { data: { email: releasedEmail, password: 'released-pass-1' } })
    expect(login.status()).toBe(200)
    expect((await login.json()).user.dancerName).toBe('First Profile')
  })
})

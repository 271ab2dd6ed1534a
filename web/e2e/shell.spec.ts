import { acceptCookies, expect, press, shot, test } from './helpers'

test.describe('shell', () => {
  test('the cookie banner stores consent in the cookie named cookie', async ({ page, consoleErrors }) => {
    await page.goto('/')
    const banner = page.getByTestId('cookie-banner')
    await expect(banner).toBeVisible()
    await shot(page, 'home-cookie-banner')
    await press(banner.getByRole('button', { name: 'Allow' }))
    await expect(banner).toBeHidden()
    const cookies = await page.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'cookie')?.value).toBe('accepted')
    await page.reload()
    await expect(page.getByRole('heading', { name: /Find your next battle/ })).toBeVisible()
    await expect(banner).toBeHidden()
    expect(consoleErrors).toEqual([])
  })

  test('Decline hides the banner too', async ({ page }) => {
    await page.goto('/faq')
    await press(page.getByTestId('cookie-banner').getByRole('button', { name: 'Decline' }))
    await expect(page.getByTestId('cookie-banner')).toBeHidden()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible()
    await expect(page.getByTestId('cookie-banner')).toBeHidden()
  })

  test('an unknown path shows the 404 page with Back to home', async ({ page, consoleErrors }) => {
    await acceptCookies(page)
    await page.goto('/no/such/page')
    await expect(page).toHaveURL(/\/404$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Page not found. Sorry, we can't find the page you're looking for.",
    )
    await shot(page, 'not-found')
    await press(page.getByRole('link', { name: 'Back to home' }))
    await expect(page).toHaveURL(/\/$/)
    expect(consoleErrors).toEqual([])
  })

  test('a missing profile raises the not-found state, cleared by leaving it', async ({ page }) => {
    await acceptCookies(page)
    await page.goto('/profile/999999999')
    await expect(page.getByText("Sorry, we can't find the page you're looking for.")).toBeVisible()
    await expect(page).toHaveURL(/\/profile\/999999999$/)
    await page.getByRole('banner').getByRole('link', { name: 'Cypher, home' }).click()
    await expect(page.getByRole('heading', { name: /Find your next battle/ })).toBeVisible()
  })

  test('the header links open their pages, and the public screens render', async ({ page, consoleErrors }) => {
    await acceptCookies(page)
    await page.goto('/')
    await shot(page, 'home')
    const headerLink = async (name: string) => {
      const wide = (test.info().project.use.viewport?.width ?? 0) >= 900
      if (wide) {
        await press(page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }))
      } else {
        await press(page.getByRole('button', { name: 'Open navigation' }))
        await press(page.getByRole('dialog').getByRole('link', { name, exact: true }))
      }
    }
    for (const [name, heading, file] of [
      ['Events', 'Events', 'events'],
      ['Organizations', 'Organizations', 'organizations'],
      ['Studios', 'Studios', 'studios'],
      ['Members', 'Members', 'members'],
      ['Faqs', 'Frequently asked questions', 'faq'],
      ['Patreon', 'Support Cypher on Patreon', 'patreon'],
    ] as const) {
      await headerLink(name)
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
      await shot(page, file)
    }
    await page.goto('/terms')
    await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible()
    await expect(page.getByText('2-3 weeks')).toBeVisible()
    await shot(page, 'terms')
    await press(page.getByRole('main').getByRole('link', { name: 'Privacy Policy' }))
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible()
    await shot(page, 'policy')

    await page.goto('/')
    await press(page.getByRole('button', { name: 'Watch the tour video' }))
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Register to battle' })).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    expect(consoleErrors.filter((error) => !error.includes('youtube'))).toEqual([])
  })
})

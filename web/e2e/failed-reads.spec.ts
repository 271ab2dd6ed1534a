import { acceptCookies, expect, organizationOnScreens, press, shot, signUpByApi, test } from './helpers'

/**
 * A failed read is an error, not "this does not exist": the venue's bad Wi-Fi is stood in
 * for at the browser's network (a 503, then a dropped connection); the real stack answers the Retry.
 */
test.describe('a failed read', () => {
  test('an organization that fails to load shows Retry, not the 404 page; Retry shows it', async ({ page }) => {
    await acceptCookies(page)
    await signUpByApi(page, { dancerName: 'Retry Owner', prefix: 'retry' })
    const id = await organizationOnScreens(page, 'Bad Wifi Crew')

    let failures = 0
    await page.route(`**/api/orgs/${id}`, async (route) => {
      failures += 1
      if (failures === 1) await route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Service unavailable' } } })
      else if (failures === 2) await route.abort('internetdisconnected')
      else await route.continue()
    })
    await page.goto(`/organization/${id}`)
    const state = page.getByTestId('error-state')
    await expect(state).toContainText('Something went wrong, please try again later')
    await expect(page.getByText('Page not found')).toHaveCount(0)
    await expect(page.getByTestId('toast')).toContainText('Service unavailable')
    await shot(page, 'error-state')

    await press(page.getByRole('button', { name: 'Retry' }))
    await expect(state).toBeVisible()
    await press(page.getByRole('button', { name: 'Retry' }))
    await expect(page.getByRole('heading', { name: 'Bad Wifi Crew' })).toBeVisible()
    await expect(state).toHaveCount(0)

    // Only a 404 is the not-found page.
    await page.goto('/organization/2147483000')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Page not found')
    await expect(page.getByTestId('error-state')).toHaveCount(0)
  })
})

import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { acceptCookies, dancer, expect, FIXTURES, pageErrors, pick, press, shot, signUpByApi, tag, test } from './helpers'

const narrow = () => (test.info().project.use.viewport?.width ?? 0) < 900

/** Open a settings section: small screens show the list of sections first. */
async function openSection(page: Page, label: string, heading = label) {
  const nav = page.getByRole('navigation', { name: 'Studio settings sections' })
  if (narrow() && !(await nav.isVisible())) await press(page.getByRole('link', { name: 'All settings' }))
  await press(nav.getByRole('link', { name: label, exact: true }))
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible()
}

/** The studio's next button, waiting for the save it makes. */
async function next(page: Page, id: number, label = 'Next') {
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === `/api/studios/${id}`)
  await press(page.getByRole('button', { name: label, exact: true }))
  expect((await saved).ok()).toBeTruthy()
}

/** Add a person in a settings section: the add modal, its picker, and Add (disabled until someone is picked). */
async function addPerson(page: Page, button: string, picker: string, name: string) {
  await press(page.getByRole('button', { name: button }))
  const dialog = page.getByRole('dialog', { name: button })
  await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toBeDisabled()
  await pick(page, picker, name)
  await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toBeEnabled()
  await press(dialog.getByRole('button', { name: 'Add', exact: true }))
  await expect(dialog).toHaveCount(0)
}

test.describe('studios', () => {
  test('create a studio in six steps, find it on the map and in the grid, manage its people, deactivate and publish, cancel a draft', async ({ page, request, consoleErrors }) => {
    test.setTimeout(180_000)
    const t = tag()
    const name = `Floor Lab ${t}`
    await dancer(request, `Teacher ${t}`, 'teacher')
    await dancer(request, `Student ${t}`, 'student')
    await acceptCookies(page)
    const owner = await signUpByApi(page, { dancerName: `Owner ${t}` })

    await page.goto('/studios')
    await expect(page.getByRole('heading', { name: 'Studios', level: 1 })).toBeVisible()
    await press(page.getByRole('button', { name: 'Create a studio' }))
    await expect(page).toHaveURL(/\/create-studio\/\d+$/)
    const id = Number(new URL(page.url()).pathname.split('/').pop())

    // 1 General info
    await expect(page.getByRole('heading', { name: 'Create Studio Profile', level: 1 })).toBeVisible()
    await expect(page.getByRole('progressbar', { name: 'Step 1 of 6' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled()
    await page.getByTestId('image-input').setInputFiles(join(FIXTURES, 'dancer.png'))
    await expect(page.getByRole('button', { name: 'Edit Image' })).toBeVisible()
    await page.getByLabel('Studio name').fill(name)
    await page.getByLabel('Studio start date').pressSequentially('05012015')
    await expect(page.getByLabel('Studio start date')).toHaveValue('05/01/2015')
    await shot(page, 'create-studio-1-general')
    await next(page, id)

    // 2 Location: a place picked from the autocomplete brings its coordinates
    await expect(page.getByRole('heading', { name: 'Location', level: 2 })).toBeVisible()
    await page.getByPlaceholder('Address of the studio').fill('Queens')
    await press(page.getByRole('option', { name: /^Queens\s*New York, United States/ }).first())
    await shot(page, 'create-studio-2-location')
    await next(page, id)

    // 3 Contact and social info
    await expect(page.getByRole('heading', { name: 'Contact and social info' })).toBeVisible()
    await page.getByLabel('Email').fill(`lab.${t}@example.com`)
    await page.getByRole('textbox', { name: 'Instagram' }).fill(`floorlab${t}`)
    await next(page, id)

    // 4 to 6: the people (the owner is an admin already); back saves too
    await expect(page.getByRole('heading', { name: 'Add admins' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Admins' }).getByRole('link', { name: `Owner ${t}` })).toBeVisible()
    await next(page, id, 'Back')
    await expect(page.getByRole('heading', { name: 'Contact and social info' })).toBeVisible()
    await next(page, id)
    await next(page, id)
    await expect(page.getByRole('heading', { name: 'Add teachers' })).toBeVisible()
    await expect(page.getByText('No teachers found for this studio')).toBeVisible()
    await next(page, id)
    await expect(page.getByRole('heading', { name: 'Add students' })).toBeVisible()
    await expect(page.getByRole('progressbar', { name: 'Step 6 of 6' })).toBeVisible()
    await shot(page, 'create-studio-6-students')
    await next(page, id, 'create studio')

    await expect(page).toHaveURL(new RegExp(`/studio/${id}$`))
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Email' })).toHaveAttribute('href', `mailto:lab.${t}@example.com`)
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible()
    await expect(page.getByText('No students found for this studio')).toBeVisible()
    await shot(page, 'studio')

    // in the grid, found by its name
    await page.goto('/studios')
    await page.getByLabel('Search studios').fill(t)
    await expect(page.getByRole('region', { name: 'All Studios' }).getByRole('link', { name: new RegExp(name) })).toHaveAttribute('href', `/studio/${id}`)
    await expect(page.getByRole('region', { name: 'My Studios' }).getByRole('link', { name: new RegExp(name) })).toBeVisible()

    // on the map (New York at zoom 5 holds Queens), in the list of the view, its marker or its cluster shown
    await press(page.getByRole('button', { name: 'Map' }))
    await expect(page.locator('footer')).toHaveCount(0)
    const card = page.getByRole('list', { name: 'Studios in this area' }).locator(`a[href="/studio/${id}"]`)
    await expect(card).toBeVisible({ timeout: 20_000 })
    await expect(page.locator(`.leaflet-marker-icon[data-studio-id="${id}"]`)).toBeVisible()
    if (!test.info().project.use.hasTouch) {
      await card.hover()
      await expect(page.locator(`.leaflet-marker-icon[data-studio-id="${id}"]`)).toHaveClass(/map-marker--active/)
    }
    await shot(page, 'studios-map')

    // a teacher and a student, in settings
    await page.goto(`/studio/${id}/settings`)
    await expect(page.getByRole('heading', { name: `${name} Settings`, level: 1 })).toBeVisible()
    await openSection(page, 'Teachers')
    await addPerson(page, 'Add teacher', 'Select teachers', `Teacher ${t}`)
    await expect(page.getByRole('list', { name: 'Current teachers' }).getByRole('link', { name: `Teacher ${t}` })).toBeVisible()
    await openSection(page, 'Students', 'Students (0)')
    await addPerson(page, 'Add student', 'Select students', `Student ${t}`)
    await expect(page.getByRole('heading', { name: 'Students (1)', level: 2 })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Current students' }).getByRole('link', { name: `Student ${t}` })).toBeVisible()
    await shot(page, 'studio-settings-students')

    // deactivate, then publish again
    await press(page.getByRole('button', { name: 'Deactivate Studio' }))
    const deactivate = page.getByRole('dialog', { name: `Deactivate ${name}?` })
    await expect(deactivate).toContainText('This will hide your studio from the public.')
    await press(deactivate.getByRole('button', { name: 'Deactivate' }))
    await expect(page.getByTestId('toast')).toHaveText('Studio has been deactivated')
    await press(page.getByRole('button', { name: 'Publish Studio' }))
    const publish = page.getByRole('dialog', { name: `Publish ${name}?` })
    await expect(publish).toContainText('This will make your studio visible to the public.')
    await press(publish.getByRole('button', { name: 'Publish' }))
    await expect(page.getByTestId('toast')).toHaveText('Studio has been published')
    await expect(page.getByRole('button', { name: 'Deactivate Studio' })).toBeVisible()

    // the studio page lists them
    await page.goto(`/studio/${id}?tab=teachers#studio-tabs`)
    await expect(page.getByRole('link', { name: `Teacher ${t}` })).toBeVisible()

    // a second wizard, cancelled: the draft is gone
    await page.goto('/studios')
    await press(page.getByRole('button', { name: 'Create a studio' }))
    await expect(page).toHaveURL(/\/create-studio\/\d+$/)
    const draftId = Number(new URL(page.url()).pathname.split('/').pop())
    expect(draftId).not.toBe(id)
    await expect(page.getByRole('heading', { name: 'General info' })).toBeVisible()
    await press(page.getByRole('button', { name: 'Cancel' }))
    await expect(page).toHaveURL(/\/studios$/)
    const gone = await request.get(`/api/studios/${draftId}`, { headers: { 'X-Auth-Token': owner.accessToken } })
    expect(gone.status()).toBe(404)

    expect(pageErrors(consoleErrors)).toEqual([])
  })
})

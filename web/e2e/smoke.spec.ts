import { acceptCookies, confirm, expect, openLive, pageErrors, press, publishWithBattles, registerOnPhone, shot, signUpByApi, tag, test, watch, wizardToBattles } from './helpers'

/**
 * Seven to smoke (beside the spec: docs/decisions.md, "Seven to smoke") through the screens: the organizer adds
 * the battle in the wizard with the style Seven to smoke, three dancers register on the battle page from one
 * phone, the organizer starts it and taps each battle's winner at a tablet's size, a dancer's phone follows live, and
 * the champion and the places show on the battle page. Only the accounts are made through the API.
 */
test.describe('seven to smoke', () => {
  test('wizard → three register → started → the winner stays, the loser queues → first to seven → the places', async ({ page, browser, request, consoleErrors }) => {
    test.skip(test.info().project.name !== 'desktop', 'the organizer holds a tablet and the dancers a phone of their own')
    test.setTimeout(150_000)
    const t = tag()
    const title = `Smoke ${t}`
    await acceptCookies(page)
    await signUpByApi(page, { dancerName: `Host ${t}`, prefix: 'smoke-host' })
    const eventId = await wizardToBattles(page, { title: `Smoke Jam ${t}` })
    await press(page.getByRole('button', { name: 'Add Battle' }))
    const dialog = page.getByRole('dialog', { name: 'Edit Battle' })
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title)
    await press(dialog.getByRole('radio', { name: 'Seven to smoke' }))
    await expect(dialog.getByRole('combobox', { name: 'Bracket size' })).toHaveCount(0)
    await press(dialog.getByRole('button', { name: 'Save' }))
    await expect(dialog).toBeHidden()
    const [battleId] = await publishWithBattles(page, request, eventId, [title], () => expect(page.getByText('Style: Seven to smoke')).toBeVisible())

    // three dancers register on the battle page from one phone, one after another
    const names = [1, 2, 3].map((n) => `Smoker${n} ${t}`)
    const { phone } = await registerOnPhone(browser, [battleId], names, 'smoker', consoleErrors)
    // the last dancer's phone stays on the battle page, following it live
    await openLive(phone, `/battle/${battleId}`, `battle:${battleId}`)
    await expect(phone.getByText('Seven to smoke has not started yet.')).toBeVisible()

    // the organizer, on a page the size of a tablet, starts it: the first two to register on the floor, the third up next
    const tablet = await page.context().newPage()
    await tablet.setViewportSize({ width: 820, height: 1180 })
    watch(tablet, consoleErrors, 'organizer tablet')
    await openLive(tablet, `/battle/${battleId}`, `battle:${battleId}`)
    await press(tablet.getByRole('button', { name: 'Start seven to smoke' }))
    await confirm(tablet, 'Start seven to smoke', 'Start')
    const floor = tablet.getByRole('region', { name: 'On the floor' })
    await expect(floor.getByTestId('smoke-red')).toContainText(names[0])
    await expect(floor.getByTestId('smoke-blue')).toContainText(names[1])
    await expect(tablet.getByRole('list', { name: 'Up next' })).toContainText(names[2])
    // battle 1: the challenger wins; the loser goes to the back, the third challenges; the phone follows live
    await press(floor.getByRole('button', { name: `${names[1]} wins` }))
    await expect(floor).toContainText('Battle 2')
    await expect(floor.getByTestId('smoke-red')).toContainText(names[1])
    await expect(floor.getByTestId('smoke-blue')).toContainText(names[2])
    await expect(phone.getByRole('region', { name: 'On the floor' }).getByTestId('smoke-blue')).toContainText(names[2])
    await expect(phone.getByRole('button', { name: /wins/ })).toHaveCount(0)
    await shot(tablet, 'smoke-floor-tablet')
    // a wrong tap is undone
    await press(floor.getByRole('button', { name: `${names[2]} wins` }))
    await expect(floor).toContainText('Battle 3')
    await press(tablet.getByRole('button', { name: 'Undo battle 2' }))
    await confirm(tablet, 'Undo battle 2', 'Undo')
    await expect(floor).toContainText('Battle 2')
    // then the second dancer wins on until seven
    for (let battle = 2; battle <= 7; battle++) {
      await expect(floor).toContainText(`Battle ${battle}`)
      await press(floor.getByRole('button', { name: `${names[1]} wins` }))
    }
    await expect(tablet.getByTestId('smoke-champion')).toContainText(names[1])
    await expect(phone.getByTestId('smoke-champion')).toContainText(names[1])
    await shot(phone, 'smoke-champion-phone')
    const winners = tablet.getByRole('list', { name: 'Winners' }).getByRole('listitem')
    await expect(winners.nth(0)).toContainText(new RegExp(`1st Place\\s*${names[1]}`))
    await expect(winners.nth(1)).toContainText('2nd Place')
    await phone.context().close()
    expect(pageErrors(consoleErrors)).toEqual([])
  })
})

import type { Browser, Locator, Page } from '@playwright/test'
import { acceptCookies, type Account, addBracketBattle, confirm, expect, json, openLive, pageErrors, press, publishWithBattles, registerOnPhone, shot, signUpByApi, tag, test, watch, wizardToBattles } from './helpers'

/**
 * The judging modes beside the spec's points (docs/product/judging.md), each end to end through the screens: one
 * event made in the wizard with three bracket battles of 4 (point at the winner, Threefold, five criteria), three
 * judges on tablets (touch), four dancers registering on a phone and checked in at the door, the organizer at a
 * desktop, and the projector's scoreboard following each battle's final round by round. Only the accounts are
 * made through the API; the test reads the API to check results.
 */

type Side = { id: number; name: string } | null
type BracketSparring = { sparringId: number; level: string; red: Side; blue: Side }
type Brackets = { left: BracketSparring[][]; right: BracketSparring[][]; final: BracketSparring | null }
type SparringAnswer = { sparringId: number; status: string; winnerId: number; red: Side; blue: Side; rounds: { decision: string | null }[] }
type Verdict = 'red' | 'blue' | 'tie'

const MODES = [
  { judging: 'Point at the winner', title: 'Pick', finalRounds: 2, criteria: [] as string[] },
  { judging: 'Threefold (WDSF, 3 criteria)', title: 'Threefold', finalRounds: 1, criteria: ['Physical', 'Artistic', 'Interpretative'] },
  { judging: 'Five criteria (WDSF)', title: 'Five', finalRounds: 1, criteria: ['Technique', 'Vocabulary', 'Execution', 'Musicality', 'Originality'] },
]
type Mode = (typeof MODES)[number]

interface Judge {
  page: Page
  account: Account
}

/** A judge's tablet: a browser of their own, touch, signed in. */
async function tablet(browser: Browser, name: string, errors: string[]): Promise<Judge> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 820, height: 1180 }, hasTouch: true })
  const page = await context.newPage()
  watch(page, errors, name)
  await acceptCookies(page)
  return { page, account: await signUpByApi(page, { dancerName: name, prefix: 'judging' }) }
}

/** A fader moved by the judge's thumb: a tap on the rail lands the thumb, the arrows set it exactly. */
async function moveFader(slider: Locator, value: number) {
  const rail = slider.locator('xpath=ancestor::span[contains(@class, "MuiSlider-root")]')
  const box = (await rail.boundingBox())!
  // the rail runs from -10 (red, left) to 10 (blue, right)
  await rail.tap({ position: { x: ((value + 10) / 20) * box.width, y: box.height / 2 } })
  await slider.focus()
  const now = Number(await slider.getAttribute('aria-valuenow'))
  for (let step = now; step !== value; step += value > step ? 1 : -1) await slider.press(value > step ? 'ArrowRight' : 'ArrowLeft')
  await expect(slider).toHaveAttribute('aria-valuenow', String(value))
}

/** A judge gives one round of the sparring open on their tablet: the pick, or the faders leaning to `verdict`. */
async function judgeRound(judge: Judge, mode: Mode, round: number, verdict: Verdict, names: { red: string; blue: string }) {
  const editor = judge.page.getByRole('region', { name: 'Your decisions' })
  const label = `Round ${round}`
  await expect(editor.getByTestId(`editor-round-${round}`)).toBeVisible({ timeout: 20_000 })
  if (!mode.criteria.length) {
    await editor.getByRole('button', { name: `${label}: ${verdict === 'tie' ? 'Tie' : names[verdict]}`, exact: true }).tap()
  } else {
    // the first criterion leans to the side, the others stay even: 3 toward red, 2 toward blue, or even
    const lean = verdict === 'red' ? -3 : verdict === 'blue' ? 2 : 0
    await moveFader(editor.getByRole('slider', { name: `${label} ${mode.criteria[0]}` }), lean)
    await expect(editor.getByTestId('fader-vote')).toHaveText(`Your vote: ${verdict === 'tie' ? 'Tie' : names[verdict]}`)
  }
  await editor.getByRole('button', { name: 'Submit' }).tap()
  await expect(judge.page.getByTestId(`score-${round}-${judge.account.userId}`)).toBeVisible({ timeout: 20_000 })
}

test.describe('judging modes', () => {
  test('point at the winner, Threefold and five criteria: a battle of 4 each, three judges on tablets, the scoreboard live', async ({ page, browser, request, consoleErrors }) => {
    test.skip(test.info().project.name !== 'desktop', 'the judges hold tablets of their own and the projector is its own screen')
    test.setTimeout(300_000)
    const t = tag()

    // the organizer makes the event in the wizard: happening now, one carpet, three battles in three modes
    await acceptCookies(page)
    await signUpByApi(page, { dancerName: `Host ${t}`, prefix: 'judging-host' })
    const judges = await Promise.all([1, 2, 3].map((n) => tablet(browser, `Judge${n} ${t}`, consoleErrors)))
    const eventId = await wizardToBattles(page, { title: `Judging Jam ${t}` }, async () => {
      await press(page.getByRole('button', { name: 'Add carpet' }))
      await expect(page.getByLabel('Carpet 1 name')).toHaveValue('Carpet 1')
    })
    for (const mode of MODES) {
      await addBracketBattle(page, {
        title: `${mode.title} ${t}`,
        size: '4',
        judges: judges.map((_, n) => `Judge${n + 1} ${t}`),
        judging: mode.judging,
        rounds: { 'Semi-final': 1, Final: mode.finalRounds },
        shotName: mode === MODES[2] ? 'judging-wizard-battle' : undefined,
      })
    }
    const battleIds = await publishWithBattles(page, request, eventId, MODES.map((mode) => `${mode.title} ${t}`))

    // four dancers register for the three battles on one phone, and are checked in at the door
    const dancerNames = [1, 2, 3, 4].map((n) => `Dancer${n} ${t}`)
    const { phone, dancers } = await registerOnPhone(browser, battleIds, dancerNames, 'judging-dancer', consoleErrors)
    await phone.context().close()
    await page.goto(`/event/${eventId}/checkin`)
    for (const [index, one] of dancers.entries()) {
      await expect(page.getByTestId(`attendee-${one.userId}`)).toBeVisible({ timeout: 20_000 })
      await press(page.getByRole('button', { name: `Check-In ${dancerNames[index]}` }))
      await expect(page.getByTestId(`attendee-${one.userId}`).getByText('Checked-in')).toBeVisible({ timeout: 20_000 })
    }

    // the projector: the scoreboard of Carpet 1, full screen
    const projectorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1920, height: 1080 } })
    const board = await projectorContext.newPage()
    watch(board, consoleErrors, 'projector')
    await acceptCookies(board)

    for (const [index, mode] of MODES.entries()) {
      const battleId = battleIds[index]
      // the prelims: every one of the four passes; Randomize, then Add to bracket
      type PrelimsAnswer = { participants: { checkedIn: boolean }[] }
      await expect.poll(async () => (await json<PrelimsAnswer>(request, `/api/battles/${battleId}/prelims`)).participants.filter((row) => row.checkedIn).length, { timeout: 20_000 }).toBe(4)
      await page.goto(`/battle/${battleId}/prelims`)
      await press(page.getByRole('button', { name: 'Randomize' }))
      await confirm(page, 'Randomize', 'Randomize')
      const add = page.getByRole('button', { name: 'Add to bracket' })
      await expect(add).toBeEnabled()
      await press(add)
      await confirm(page, 'Add to bracket', 'Add to bracket')
      await expect(page.getByText('In bracket')).toHaveCount(4)
      const brackets = await json<Brackets>(request, `/api/battles/${battleId}/brackets`)
      const semis = [...brackets.left.flat(), ...brackets.right.flat()]
      expect(semis).toHaveLength(2)
      const finalId = brackets.final!.sparringId

      // the semi-finals: the judges point (or move their faders) on their tablets, the organizer finishes
      for (const [semi, votes] of [
        [semis[0], ['red', 'red', 'blue']],
        [semis[1], ['blue', 'tie', 'blue']],
      ] as [BracketSparring, Verdict[]][]) {
        const names = { red: semi.red!.name, blue: semi.blue!.name }
        await Promise.all(
          judges.map(async (judge, n) => {
            await openLive(judge.page, `/sparring/${semi.sparringId}`, `sparring:${semi.sparringId}`)
            await judgeRound(judge, mode, 1, votes[n], names)
          }),
        )
        await openLive(page, `/sparring/${semi.sparringId}`, `sparring:${semi.sparringId}`)
        const won = votes.filter((v) => v === 'red').length > votes.filter((v) => v === 'blue').length ? 'red' : 'blue'
        await expect(page.getByTestId('decision-1')).toContainText(names[won])
        await expect(page.getByTestId(`${won}-total`)).toHaveText('Rounds won: 1')
        await press(page.getByRole('button', { name: 'Finish', exact: true }))
        await confirm(page, 'Are you sure you want to finish this sparring?', 'Finish')
        await expect(page.getByTestId('winner-view')).toContainText(names[won])
      }

      // the final on the carpet (Display mode), the projector following it round by round
      await page.goto(`/event/${eventId}`)
      await press(page.getByRole('button', { name: 'Display mode' }))
      const display = page.getByRole('dialog', { name: 'Display mode' })
      const select = display.getByRole('combobox', { name: 'Sparring on Carpet 1' })
      await select.selectOption({ value: String(finalId) })
      await expect(select).toHaveValue(String(finalId))
      const carpetId = Number((await display.getByRole('link', { name: 'Open scoreboard of Carpet 1' }).getAttribute('href'))!.split('/').pop())
      await press(display.getByRole('button', { name: 'Done' }))
      await expect(display).toBeHidden()
      const final = await json<SparringAnswer>(request, `/api/sparrings/${finalId}`)
      const names = { red: final.red!.name, blue: final.blue!.name }
      await openLive(board, `/event/${eventId}/scoreboard/${carpetId}`, `carpet:${carpetId}`)
      await expect(board.getByTestId('board-red')).toContainText(names.red)
      await expect(board.getByTestId('board-red-total')).toHaveText('0')

      // round 1: red by two votes to a tie; round 2 (pick only): red again
      const finalVotes: Verdict[][] = [['red', 'tie', 'red'], ['red', 'red', 'blue']].slice(0, mode.finalRounds) as Verdict[][]
      await Promise.all(judges.map((judge) => openLive(judge.page, `/sparring/${finalId}`, `sparring:${finalId}`)))
      for (const [at, votes] of finalVotes.entries()) {
        const round = at + 1
        await Promise.all(judges.slice(0, 2).map((judge, n) => judgeRound(judge, mode, round, votes[n], names)))
        // two of three judges: no decision yet on the projector
        await expect(board.getByTestId(`board-decision-${round}`)).toHaveText('Decision–')
        await judgeRound(judges[2], mode, round, votes[2], names)
        await expect(board.getByTestId(`board-decision-${round}`)).toHaveText(`Decision${names.red}`)
        await expect(board.getByTestId('board-red-total')).toHaveText(String(round))
      }
      if (index === 0) await board.screenshot({ path: test.info().outputPath('judging-scoreboard.png') })
      if (index === 2) await shot(judges[0].page, 'judging-five-criteria-tablet')
      await openLive(page, `/sparring/${finalId}`, `sparring:${finalId}`)
      await press(page.getByRole('button', { name: 'Finish', exact: true }))
      await confirm(page, 'Are you sure you want to finish this sparring?', 'Finish')
      await expect(page.getByTestId('winner-view')).toContainText(names.red)
      await expect(board.getByTestId('board-red')).toHaveAttribute('data-winner', 'true')
      const decided = await json<SparringAnswer>(request, `/api/sparrings/${finalId}`)
      expect(decided.rounds.map((round) => round.decision)).toEqual(finalVotes.map(() => 'red'))

      // the champion's scorecard, public now: each judge's vote, and each criterion where the mode has them
      await page.goto(`/battle/${battleId}/scorecard/${final.red!.id}`)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(names.red)
      for (const criterion of mode.criteria) await expect(page.getByText(new RegExp(criterion)).first()).toBeVisible()
    }

    await projectorContext.close()
    for (const judge of judges) await judge.page.context().close()
    expect(pageErrors(consoleErrors)).toEqual([])
  })
})

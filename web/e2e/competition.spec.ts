import { join } from 'node:path'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { acceptCookies, dancer, eventFields, expect, organization, pageErrors, press, SCREENSHOTS, shot, signUpByApi, tag, test, watch, type Account } from './helpers'

/**
 * The competition end to end: a bracket battle of 4 run live. Setup by API (an organizer's organization, an event of it
 * happening now with one carpet, a 1 vs 1 bracket battle, three judges, five dancers checked in). Judge 1 scores
 * the prelims on a tablet of their own (the others by API) while the organizer's browser follows the pass
 * statuses live; Randomize and Add to bracket. A semi-final is judged while the organizer's sparring page and the
 * carpet's scoreboard (put there through the event's Display mode) update live; the other semi-final ends level,
 * gets a tie breaker and a winner; judge 1 scores the final offline and the score arrives once when back online;
 * the battle page shows the winners and the organization's leaderboard the champion.
 * The bus is asynchronous: the test waits on the API or on what the user sees, never on a fixed time.
 */

type Side = { id: number; name: string } | null
type BracketSparring = { sparringId: number; level: string; status: string; red: Side; blue: Side; winner: number }
type Brackets = { left: BracketSparring[][]; right: BracketSparring[][]; final: BracketSparring | null }
type JudgeScore = { id: number; redPoints: number | null; bluePoints: number | null }
type SparringAnswer = {
  sparringId: number
  status: string
  winnerId: number
  red: { id: number; name: string; totalPoints: number } | null
  blue: { id: number; name: string; totalPoints: number } | null
  rounds: { round: number; scores: JudgeScore[] }[]
  roundsCount: number
}

async function json<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const response = await request.get(path, { headers: token ? { 'X-Auth-Token': token } : {} })
  expect(response.ok(), `${path}: ${await response.text()}`).toBeTruthy()
  return (await response.json()) as T
}

/** A write through the API that must succeed; its answer. */
async function post<T = unknown>(request: APIRequestContext, path: string, token: string, data?: unknown): Promise<T> {
  const response = await request.post(path, { headers: { 'X-Auth-Token': token }, data })
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBeTruthy()
  return (await response.json().catch(() => null)) as T
}

/** Resolves once the page's live feed has subscribed to `topic` (the screen re-reads on ready). */
function subscribed(page: Page, topic: string) {
  return page.waitForResponse(
    (response) => {
      const url = new URL(response.url())
      return url.pathname === '/api/live' && (url.searchParams.get('topics') ?? '').split(',').includes(topic)
    },
    { timeout: 30_000 },
  )
}

/** Open `path` and wait until its live feed follows `topic`. */
async function openLive(page: Page, path: string, topic: string) {
  const live = subscribed(page, topic)
  await page.goto(path)
  await live
}

/** A judge's tablet: a browser context of its own, touch and a tablet's screen, signed in. */
async function judgeTablet(browser: Browser, dancerName: string, errors: string[]): Promise<{ page: Page; account: Account }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 820, height: 1180 }, hasTouch: true })
  const page = await context.newPage()
  watch(page, errors, 'judge 1')
  await acceptCookies(page)
  const account = await signUpByApi(page, { dancerName, prefix: 'judge' })
  return { page, account }
}

/** Confirm the question a button opened. */
async function confirm(page: Page, title: string | RegExp, label: string) {
  const dialog = page.getByRole('dialog', { name: title })
  await press(dialog.getByRole('button', { name: label, exact: true }))
  await expect(dialog).toBeHidden()
}

test.describe('competition', () => {
  test('prelims by three judges live → bracket → a semi-final on the scoreboard live → a tie breaker → the final scored offline → winners and leaderboard', async ({
    page,
    browser,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(300_000)
    const t = tag()
    const dancerNames = [0, 1, 2, 3, 4].map((index) => `Breaker${index} ${t}`)
    const battleTitle = `Bracket 1v1 ${t}`
    const carpetName = 'Main'
    // judge 1's tablet logs the requests it cannot make while offline (the live feed's reconnects): kept apart
    const judgeErrors: string[] = []

    // setup by API: the organizer and the organization, an event of it happening now with one carpet, published
    await acceptCookies(page)
    const organizer = await signUpByApi(page, { dancerName: `Host ${t}`, prefix: 'comp-host' })
    const token = organizer.accessToken
    const headers = { 'X-Auth-Token': token }
    const orgId = await organization(page.request, token, `Cypher League ${t}`)
    const { id: eventId } = (await (await page.request.post('/api/events', { headers })).json()) as { id: number }
    await post(page.request, `/api/events/${eventId}`, token, eventFields(`Bracket Jam ${t}`, orgId, -1, 3))
    await post(page.request, `/api/events/${eventId}/carpets`, token, { carpets: [{ name: carpetName }] })
    await post(page.request, `/api/events/${eventId}/publish`, token)
    // battles learns the event from NATS: a battle added once it knows it (its organization, happening now)
    let battleId = 0
    await expect
      .poll(
        async () => {
          const added = await page.request.post(`/api/events/${eventId}/add-battle`, { headers })
          if (added.status() !== 201) return `${added.status()}`
          const answer = (await added.json()) as { id: number; orgId: number; event: { period: string } }
          if (answer.orgId === orgId && answer.event.period === 'now') {
            battleId = answer.id
            return 'ready'
          }
          expect((await page.request.delete(`/api/battles/${answer.id}`, { headers })).status()).toBe(204)
          return `org ${answer.orgId}, ${answer.event.period}`
        },
        { timeout: 30_000 },
      )
      .toBe('ready')
    const levels = [
      { name: 'Semi-final', rounds: 1 },
      { name: 'Final', rounds: 2 },
    ]
    const put = await page.request.put(`/api/battles/${battleId}`, { headers, data: { title: battleTitle, crewSize: 1, style: 'bracket', bracketSize: 4, bracketLevels: levels } })
    expect(put.ok(), await put.text()).toBeTruthy()

    // three judges (judge 1 on a tablet of their own), five dancers registered, checked in and members
    const judge1 = await judgeTablet(browser, `Judge1 ${t}`, judgeErrors)
    const judge2 = await dancer(request, `Judge2 ${t}`, 'judge')
    const judge3 = await dancer(request, `Judge3 ${t}`, 'judge')
    for (const judge of [judge1.account, judge2, judge3]) await post(page.request, `/api/battles/${battleId}/role`, token, { userId: judge.userId, role: 'judge' })
    await expect.poll(async () => (await request.get(`/api/battles/${battleId}`)).status(), { timeout: 20_000 }).toBe(200)
    const dancers: Account[] = []
    for (const name of dancerNames) dancers.push(await dancer(request, name, 'breaker'))
    for (const one of dancers) {
      await post(request, `/api/battles/${battleId}/dancer`, one.accessToken)
      await post(page.request, `/api/events/${eventId}/checkin/${one.userId}`, token)
      await post(page.request, `/api/orgs/${orgId}/members/${one.userId}`, token)
    }
    type PrelimsAnswer = { participants: { id: number; checkedIn: boolean; passStatus: string | null; pointsAverage: number }[] }
    // battles learns the check-ins from NATS
    await expect
      .poll(async () => (await json<PrelimsAnswer>(request, `/api/battles/${battleId}/prelims`)).participants.filter((row) => row.checkedIn).length, { timeout: 20_000 })
      .toBe(5)
    const [d0, d1, d2, d3, d4] = dancers
    const row = (who: Page, one: Account) => who.getByTestId(`prelims-row-${one.userId}`)

    // 1. prelims: the organizer's page follows live
    await openLive(page, `/battle/${battleId}/prelims`, `battle:${battleId}`)
    await expect(page.getByRole('heading', { name: battleTitle, level: 1 })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Participants' }).getByRole('listitem')).toHaveCount(5)
    // judges 2 and 3 by API: the 4th and 5th are level at the cut
    for (const judge of [judge2, judge3]) {
      await post(
        request,
        `/api/battles/${battleId}/prelims`,
        judge.accessToken,
        [9, 8, 7, 6, 6].map((points, index) => ({ userId: dancers[index].userId, points, mode: 'new', round: 1 })),
      )
    }
    await expect(row(page, d3)).toContainText('Same score')
    await expect(row(page, d4)).toContainText('Same score')
    await expect(row(page, d0)).toContainText('Passed')
    await expect(page.getByTestId('prelims-error')).toHaveText(
      'Too many competitors with the same points for the final bracket spot(s). Update the points on the competitors to proceed.',
    )
    await expect(page.getByRole('button', { name: 'Add to bracket' })).toBeDisabled()

    // judge 1 on the tablet: edit mode opens by itself (no score yet), the stars and the half star, Done saves
    const judgePage = judge1.page
    await judgePage.goto(`/battle/${battleId}/prelims`)
    await expect(judgePage.getByRole('button', { name: 'Done' })).toBeVisible()
    const judged: [Account, number, boolean][] = [
      [d0, 9, false],
      [d1, 8, true],
      [d2, 7, false],
      [d3, 7, false],
      [d4, 5, false],
    ]
    for (const [one, points, half] of judged) {
      const stars = row(judgePage, one).getByRole('group', { name: /^Points for / })
      await press(stars.getByRole('button', { name: `${points} points`, exact: true }))
      if (half) await press(stars.getByRole('button', { name: 'Half point' }))
      await expect(stars.getByTestId('star-value')).toHaveText(String(half ? points + 0.5 : points))
    }
    await shot(judgePage, 'competition-prelims-judge')
    await press(judgePage.getByRole('button', { name: 'Done' }))
    await expect(judgePage.getByRole('button', { name: 'Edit points' })).toBeVisible()
    await expect(row(judgePage, d1).getByTestId('my-points')).toHaveText('Your points: 8.5')
    // the organizer's page, live: the 4th passes, the 5th does not, the error is gone
    await expect(row(page, d3)).toContainText('Passed')
    await expect(row(page, d4)).not.toContainText(/Passed|Same score/)
    await expect(row(page, d1).getByTestId('points-average')).toHaveText('8.17')
    await expect(page.getByTestId('prelims-error')).toHaveCount(0)
    await shot(page, 'competition-prelims-organizer')

    // Randomize, then Add to bracket, each through its dialog; the view shows the bracket
    await press(page.getByRole('button', { name: 'Randomize' }))
    await confirm(page, 'Randomize', 'Randomize')
    const add = page.getByRole('button', { name: 'Add to bracket' })
    await expect(add).toBeEnabled()
    await press(add)
    await confirm(page, 'Add to bracket', 'Add to bracket')
    for (const one of [d0, d1, d2, d3]) await expect(row(page, one)).toContainText('In bracket')
    await expect(row(page, d4)).not.toContainText('In bracket')
    const brackets = await json<Brackets>(request, `/api/battles/${battleId}/brackets`)
    const semis = [...brackets.left.flat(), ...brackets.right.flat()].filter((sparring) => sparring.level === 'Semi-final')
    expect(semis).toHaveLength(2)
    // standard seeding: 1st meets 4th, 2nd meets 3rd
    const semiA = semis.find((sparring) => [sparring.red?.id, sparring.blue?.id].includes(d0.userId))!
    const semiB = semis.find((sparring) => sparring !== semiA)!
    expect([semiA.red?.id, semiA.blue?.id].sort()).toEqual([d0.userId, d3.userId].sort())
    expect([semiB.red?.id, semiB.blue?.id].sort()).toEqual([d1.userId, d2.userId].sort())
    const finalId = brackets.final!.sparringId
    await press(page.getByRole('tab', { name: 'Brackets' }))
    await expect(page).toHaveURL(new RegExp(`/battle/${battleId}/brackets$`))
    const view = page.getByTestId('brackets-view')
    for (const semi of [semiA, semiB]) {
      await expect(view.getByTestId(`sparring-${semi.sparringId}`)).toContainText(semi.red!.name)
      await expect(view.getByTestId(`sparring-${semi.sparringId}`)).toContainText(semi.blue!.name)
    }
    await expect(view.getByTestId(`sparring-${finalId}`)).toBeVisible()
    await shot(page, 'competition-brackets')

    // 2. semi-final A on the carpet's board, through the event page's Display mode
    const boards = await post<{ carpetId: number; carpetName: string }[]>(page.request, `/api/events/${eventId}/scoreboards/init`, token)
    const carpetId = boards.find((board) => board.carpetName === carpetName)!.carpetId
    // the event's battles (the select's options) come from the events service's copy, by NATS
    await expect
      .poll(async () => ((await json<{ battles?: { id: number; title: string }[] }>(page.request, `/api/events/${eventId}`, token)).battles ?? []).map((item) => item.title), { timeout: 20_000 })
      .toEqual([battleTitle])
    // the organizer keeps the Display mode dialog open on the event page, to put each sparring on the carpet
    await page.goto(`/event/${eventId}`)
    await press(page.getByRole('button', { name: 'Display mode' }))
    const display = page.getByRole('dialog', { name: 'Display mode' })
    const select = display.getByRole('combobox', { name: `Sparring on ${carpetName}` })
    const putOnCarpet = async (sparringId: number, option: string, screenshot?: string) => {
      await expect(select.locator('option', { hasText: option })).toHaveCount(1)
      await select.selectOption({ label: option })
      await expect
        .poll(async () => (await json<{ sparring: { sparringId: number } | null }>(request, `/api/events/${eventId}/scoreboards/${carpetId}`)).sparring?.sparringId, { timeout: 20_000 })
        .toBe(sparringId)
      await expect(select).toHaveValue(String(sparringId))
      if (screenshot) await shot(page, screenshot)
    }
    await putOnCarpet(semiA.sparringId, `Semi-final: ${semiA.red!.name} vs ${semiA.blue!.name}`, 'competition-display-mode')

    // the organizer's sparring page and the carpet's scoreboard, both following live
    const sparringPage = await page.context().newPage()
    watch(sparringPage, consoleErrors, 'organizer sparring')
    const board = await page.context().newPage()
    watch(board, consoleErrors, 'scoreboard')
    await openLive(board, `/event/${eventId}/scoreboard/${carpetId}`, `sparring:${semiA.sparringId}`)
    await expect(board.getByRole('heading', { name: carpetName, level: 1 })).toBeVisible()
    await expect(board.getByTestId('board-red')).toContainText(semiA.red!.name)
    await expect(board.getByTestId('board-red-total')).toHaveText('0')
    await openLive(sparringPage, `/sparring/${semiA.sparringId}`, `sparring:${semiA.sparringId}`)
    await expect(sparringPage.getByRole('heading', { name: `${semiA.red!.name} vs ${semiA.blue!.name}`, level: 1 })).toBeVisible()

    // judge 1 scores it on the tablet: red 9, blue 8.5
    await judgePage.goto(`/sparring/${semiA.sparringId}`)
    const editor = judgePage.getByRole('region', { name: 'Your scores' })
    await press(editor.getByRole('button', { name: 'Round 1 red 9 points', exact: true }))
    await press(editor.getByRole('button', { name: 'Round 1 blue 8 points', exact: true }))
    await press(editor.getByRole('button', { name: 'Round 1 blue half point', exact: true }))
    await press(editor.getByRole('button', { name: 'Submit' }))
    await expect(judgePage.getByTestId(`score-1-${judge1.account.userId}`)).toContainText(/9\s*8\.5/)
    // the organizer's sparring page and the board show the judge's points without a reload
    for (const screen of [sparringPage, board]) {
      await expect(screen.getByTestId(`score-1-${judge1.account.userId}`)).toContainText(/9\s*8\.5/)
    }
    await expect(board.getByTestId('board-red-total')).toHaveText('9')
    await expect(board.getByTestId('board-blue-total')).toHaveText('8.5')
    // judges 2 and 3 by API
    for (const judge of [judge2, judge3]) await post(request, `/api/sparrings/${semiA.sparringId}/judge`, judge.accessToken, { rounds: [{ round: 1, redPoints: 9, bluePoints: 8 }] })
    await expect(board.getByTestId('board-red-total')).toHaveText('27')
    await expect(board.getByTestId('board-blue-total')).toHaveText('24.5')
    await expect(sparringPage.getByTestId('red-total')).toContainText('27')
    // the board is full screen, outside the app's frame (no #main): a screenshot of its own
    await board.screenshot({ path: join(SCREENSHOTS, `${test.info().project.name}-competition-scoreboard.png`), animations: 'disabled' })
    await press(sparringPage.getByRole('button', { name: 'Finish', exact: true }))
    await confirm(sparringPage, 'Are you sure you want to finish this sparring?', 'Finish')
    await expect(sparringPage.getByTestId('winner-view')).toContainText(semiA.red!.name)
    await expect(board.getByTestId('board-red')).toHaveAttribute('data-winner', 'true')
    await shot(sparringPage, 'competition-sparring-winner')

    // 3. semi-final B: equal totals and votes once every judge scored → Add tie breaker at once (no Finish first) →
    //    the extra round → winner
    await openLive(sparringPage, `/sparring/${semiB.sparringId}`, `sparring:${semiB.sparringId}`)
    await openLive(judgePage, `/sparring/${semiB.sparringId}`, `sparring:${semiB.sparringId}`)
    for (const judge of [judge1.account, judge2, judge3]) await post(request, `/api/sparrings/${semiB.sparringId}/judge`, judge.accessToken, { rounds: [{ round: 1, redPoints: 8, bluePoints: 8 }] })
    await expect(sparringPage.getByTestId('red-total')).toContainText('24')
    await expect(sparringPage.getByTestId('blue-total')).toContainText('24')
    const tieBreaker = sparringPage.getByRole('button', { name: 'Add tie breaker' })
    await expect(tieBreaker).toBeVisible()
    await expect(sparringPage.getByRole('button', { name: 'Finish', exact: true })).toHaveCount(0)
    await press(tieBreaker)
    await confirm(sparringPage, 'Are you sure you want to add a tie breaker round?', 'Add tie breaker')
    // the finish recorded the tie, then the round was added
    await expect.poll(async () => (await json<SparringAnswer>(request, `/api/sparrings/${semiB.sparringId}`)).roundsCount, { timeout: 20_000 }).toBe(2)
    // judge 1 scores the extra round on the tablet (it opens live), the others by API: blue wins it
    const judgeEditor = judgePage.getByRole('region', { name: 'Your scores' })
    await expect(judgeEditor.getByTestId('editor-round-2')).toContainText('Tie breaker 1')
    await press(judgeEditor.getByRole('button', { name: 'Tie breaker 1 red 8 points', exact: true }))
    await press(judgeEditor.getByRole('button', { name: 'Tie breaker 1 blue 9 points', exact: true }))
    await press(judgeEditor.getByRole('button', { name: 'Submit' }))
    await expect(sparringPage.getByTestId(`score-2-${judge1.account.userId}`)).toContainText(/8\s*9/)
    for (const judge of [judge2, judge3]) await post(request, `/api/sparrings/${semiB.sparringId}/judge`, judge.accessToken, { rounds: [{ round: 2, redPoints: 8, bluePoints: 9 }] })
    await expect(sparringPage.getByTestId('blue-total')).toContainText('51')
    await press(sparringPage.getByRole('button', { name: 'Finish', exact: true }))
    await confirm(sparringPage, 'Are you sure you want to finish this sparring?', 'Finish')
    await expect(sparringPage.getByTestId('winner-view')).toContainText(semiB.blue!.name)
    const champion = semiA.red!
    const finalist = semiB.blue!

    // 4. the final: judge 1 goes offline, scores both rounds on the tablet, sees them pending; back online they arrive once
    const final = await json<SparringAnswer>(request, `/api/sparrings/${finalId}`)
    expect([final.red?.id, final.blue?.id].sort()).toEqual([champion.id, finalist.id].sort())
    const championColor = final.red?.id === champion.id ? 'red' : 'blue'
    const finalistColor = championColor === 'red' ? 'blue' : 'red'
    // the organizer puts the final on the carpet in the dialog still open (its choices follow the bracket live);
    // the board, still open, follows the carpet to it
    await putOnCarpet(finalId, `Final: ${final.red!.name} vs ${final.blue!.name}`)
    await expect(board.getByText(`${battleTitle} · Final`)).toBeVisible()
    await expect(board.getByTestId('board-red')).toContainText(final.red!.name)
    await expect(board.getByTestId('board-blue')).toContainText(final.blue!.name)
    await expect(board.getByTestId('board-red-total')).toHaveText('0')
    await openLive(judgePage, `/sparring/${finalId}`, `sparring:${finalId}`)
    const finalEditor = judgePage.getByRole('region', { name: 'Your scores' })
    await expect(finalEditor.getByTestId('editor-round-2')).toBeVisible()
    await judgePage.context().setOffline(true)
    await expect(finalEditor.getByText(/You are offline/)).toBeVisible()
    for (const round of [1, 2]) {
      await press(finalEditor.getByRole('button', { name: `Round ${round} ${championColor} 10 points`, exact: true }))
      await press(finalEditor.getByRole('button', { name: `Round ${round} ${finalistColor} 9 points`, exact: true }))
    }
    await press(finalEditor.getByRole('button', { name: 'Submit' }))
    await expect(finalEditor.getByTestId('judge-pending')).toHaveText('Pending')
    await shot(judgePage, 'competition-final-offline')
    const judge1Scores = async () => {
      const answer = await json<SparringAnswer>(request, `/api/sparrings/${finalId}`)
      return [1, 2].map((round) => answer.rounds.find((item) => item.round === round)?.scores.filter((score) => score.id === judge1.account.userId).length ?? 0)
    }
    expect(await judge1Scores()).toEqual([0, 0])
    await judgePage.context().setOffline(false)
    await expect(finalEditor.getByTestId('judge-pending')).toHaveCount(0, { timeout: 20_000 })
    await expect.poll(judge1Scores, { timeout: 20_000 }).toEqual([1, 1])
    // the board shows the points that waited on the tablet
    await expect(board.getByTestId(`board-${championColor}-total`)).toHaveText('20')
    await expect(board.getByTestId(`score-2-${judge1.account.userId}`)).toBeVisible()
    const rounds = (await json<SparringAnswer>(request, `/api/sparrings/${finalId}`)).rounds
    for (const round of rounds) {
      const mine = round.scores.find((score) => score.id === judge1.account.userId)!
      expect(championColor === 'red' ? [mine.redPoints, mine.bluePoints] : [mine.bluePoints, mine.redPoints]).toEqual([10, 9])
    }
    const byColor = (champ: number, other: number) => (championColor === 'red' ? { redPoints: champ, bluePoints: other } : { redPoints: other, bluePoints: champ })
    for (const judge of [judge2, judge3]) {
      await post(request, `/api/sparrings/${finalId}/judge`, judge.accessToken, { rounds: [1, 2].map((round) => ({ round, ...byColor(9, 8) })) })
    }
    // the scores stay one per judge and round
    expect((await json<SparringAnswer>(request, `/api/sparrings/${finalId}`)).rounds.map((round) => round.scores.length)).toEqual([3, 3])
    await openLive(sparringPage, `/sparring/${finalId}`, `sparring:${finalId}`)
    await expect(sparringPage.getByTestId(`${championColor}-total`)).toContainText('56')
    await press(sparringPage.getByRole('button', { name: 'Finish', exact: true }))
    await confirm(sparringPage, 'Are you sure you want to finish this sparring?', 'Finish')
    await expect(sparringPage.getByTestId('winner-view')).toContainText(champion.name)
    await expect(judgePage.getByTestId('winner-view')).toContainText(champion.name)
    await expect(board.getByTestId(`board-${championColor}`)).toHaveAttribute('data-winner', 'true')

    // 5. the battle page shows the winners; the organization's leaderboard lists the champion first
    await press(display.getByRole('button', { name: 'Done' }))
    await expect(display).toBeHidden()
    await page.goto(`/battle/${battleId}`)
    const winners = page.getByRole('list', { name: 'Winners' })
    await expect(winners.getByRole('listitem')).toHaveCount(4)
    await expect(winners.getByRole('listitem').nth(0)).toContainText(new RegExp(`1st Place\\s*${champion.name}`))
    await expect(winners.getByRole('listitem').nth(1)).toContainText(new RegExp(`2nd Place\\s*${finalist.name}`))
    const topFour = [semiA.blue!.name, semiB.red!.name].sort()
    await expect(winners.getByRole('listitem').nth(2)).toContainText('Top 4')
    await expect(winners.getByRole('listitem').nth(3)).toContainText('Top 4')
    expect([await winners.getByRole('listitem').nth(2).textContent(), await winners.getByRole('listitem').nth(3).textContent()].map((text) => topFour.find((name) => text?.includes(name))).sort()).toEqual(topFour)
    await shot(page, 'competition-winners')
    type LeaderRow = { id: number; points?: number }
    await expect
      .poll(async () => (await json<LeaderRow[]>(request, `/api/orgs/${orgId}/leaderboard?y=0`)).filter((member) => member.points).map((member) => member.id)[0], { timeout: 30_000 })
      .toBe(champion.id)
    await page.goto(`/organization/${orgId}?tab=members#org-tabs`)
    await expect(page.getByTestId('leaderboard-row').first()).toContainText(champion.name)
    await shot(page, 'competition-leaderboard')

    await judgePage.context().close()
    expect(pageErrors(consoleErrors)).toEqual([])
    // while offline the tablet logs the requests it could not make (the live feed's reconnects): those only
    expect(pageErrors(judgeErrors).filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|network/i.test(error))).toEqual([])
  })
})

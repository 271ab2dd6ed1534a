import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pendingWrites, resetQueue } from '@/lib/offline-queue'
import { buildBattle, buildRound, buildSparring, buildSparringSide } from '@/testing/battle-builders'
import { fakeBattleServer, type Call } from '@/testing/battle-server'
import { jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { SparringPage } from './components/sparring/sparring-page'
import type { Sparring } from './bracket-types'

beforeEach(async () => {
  await resetQueue()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The gateway for sparring 11: `state.sparring` answers its reads, `write` every other call (404 without). */
function serve(sparring: Sparring, write: (call: Call, state: { sparring: Sparring }) => Sparring | Response | undefined = () => undefined) {
  const state = { sparring }
  const server = fakeBattleServer(buildBattle(), (call) => {
    if (call.method === 'GET' && call.path === '/api/sparrings/11') return jsonResponse(state.sparring)
    const answer = write(call, state)
    if (answer instanceof Response) return answer
    if (answer) {
      state.sparring = answer
      return jsonResponse(answer)
    }
    return undefined
  })
  const reads = () => server.calls.filter((call) => call.method === 'GET' && call.path === '/api/sparrings/11').length
  return { ...server, state, reads }
}

const show = (options: { signedIn?: boolean; liveDelayMs?: number } = {}) =>
  renderWithProviders(<SparringPage id={11} liveDelayMs={options.liveDelayMs ?? 600_000} />, {
    route: '/sparring/11',
    path: '/sparring/:id',
    preloadedState: options.signedIn === false ? undefined : signedInState(),
  })

const title = () => screen.findByRole('heading', { level: 1 })
const points = (round: number, color: 'red' | 'blue', value: number) => screen.getByRole('button', { name: `Round ${round} ${color} ${value} points` })
const half = (round: number, color: 'red' | 'blue') => screen.getByRole('button', { name: `Round ${round} ${color} half point` })

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')))
}

const judging = (overrides: Partial<Sparring> = {}) => buildSparring({ permissions: { canSetScore: true }, ...overrides })

/** The page shown with its live stream open and ready (re-read once on ready). */
async function showLive(server: ReturnType<typeof serve>) {
  show({ liveDelayMs: 0 })
  await title()
  await waitFor(() => expect(server.streams).toHaveLength(1))
  server.streams[0].send('id: B:1\nevent: ready\ndata: {}\n\n')
  await waitFor(() => expect(server.reads()).toBe(2))
}

/** A live message `n` about sparring 11 (battle 7 of event 42). */
const message = (n: number, type: string, data: Record<string, unknown>) =>
  `id: B:${n}\nevent: message\ndata: ${JSON.stringify({ id: `m${n}`, type, topics: ['sparring:11'], data: { sparringId: 11, battleId: 7, eventId: 42, carpetId: null, ...data } })}\n\n`

/** A judge's page, shown, whose saves answer B-girl Ana's round 1 as `red`-`blue`. */
async function judgeSaving(red: number, blue: number) {
  const server = serve(judging(), (call, state) =>
    call.method === 'POST' && call.path === '/api/sparrings/11/judge'
      ? { ...state.sparring, status: 'judging', rounds: [buildRound(1, [[1, 'B-girl Ana', red, blue]])] }
      : undefined,
  )
  show()
  await title()
  return server
}

describe('Sparring: what everyone sees', () => {
  it("shows the breadcrumb, red and blue with 'N/A' for a nameless side, each round's judges' points, totals and votes", async () => {
    serve(
      buildSparring({
        status: 'judging',
        red: buildSparringSide(1, { name: null, totalPoints: 17, audiencePoints: 3 }),
        blue: buildSparringSide(8, { totalPoints: 18.5, audiencePoints: 5 }),
        rounds: [buildRound(1, [[1, 'B-girl Ana', 8, 9.5], [20, 'Judge Roxy', 9, 9]]), buildRound(2, [])],
      }),
    )
    show({ signedIn: false })
    expect(await title()).toHaveTextContent('N/A vs Dancer 8')
    expect(screen.getByRole('link', { name: 'Bboy 1v1 · Brackets' })).toHaveAttribute('href', '/battle/7/brackets')
    expect(screen.getByTestId('sparring-red')).toHaveTextContent('N/A')
    expect(screen.getByTestId('red-total')).toHaveTextContent('Total: 17')
    expect(screen.getByTestId('blue-total')).toHaveTextContent('Total: 18.5')
    expect(screen.getByTestId('red-audience')).toHaveTextContent('Audience votes: 3')
    expect(screen.getByTestId('blue-audience')).toHaveTextContent('Audience votes: 5')
    const round1 = screen.getByRole('table', { name: 'Round 1' })
    expect(within(round1).getByTestId('score-1-1')).toHaveTextContent('B-girl Ana89.5')
    expect(within(round1).getByTestId('score-1-20')).toHaveTextContent('Judge Roxy99')
    expect(within(round1).getByText('Sum').closest('tr')).toHaveTextContent('Sum1718.5')
    // a round without scores yet: no judge's row, sums of 0
    expect(within(screen.getByTestId('round-2')).getByText('Sum').closest('tr')).toHaveTextContent('Sum00')
    expect(screen.queryByTestId('score-2-1')).toBeNull()
    // a spectator: no editor, no vote, no admin buttons
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Reset score' })).toBeNull()
    expect(screen.queryByText("Vote for the people's champ")).toBeNull()
  })

  it('raises the not-found state for a sparring that does not exist', async () => {
    fakeBattleServer(buildBattle())
    const { store } = show()
    await waitFor(() => expect(store.getState().notFound.path).toBe('/sparring/11'))
  })

  it("shows the read-only winner view of a finished sparring, the crown on the winner's side", async () => {
    serve(buildSparring({ status: 'finished', winnerId: 8, rounds: [buildRound(1, [[20, 'Judge Roxy', 7, 9]])] }))
    show()
    const view = await screen.findByTestId('winner-view')
    expect(view).toHaveTextContent('Winner')
    expect(view).toHaveTextContent('Dancer 8')
    expect(within(screen.getByTestId('sparring-blue')).getByTestId('crown')).toBeInTheDocument()
    expect(within(screen.getByTestId('sparring-red')).queryByTestId('crown')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('re-reads the sparring when its live topic says a judge scored', async () => {
    const server = serve(buildSparring({ status: 'ready' }))
    show({ liveDelayMs: 0 })
    await title()
    await waitFor(() => expect(server.streams).toHaveLength(1))
    server.streams[0].send('id: B:1\nevent: ready\ndata: {}\n\n')
    await waitFor(() => expect(server.reads()).toBe(2))
    server.state.sparring = buildSparring({ status: 'judging', rounds: [buildRound(1, [[20, 'Judge Roxy', 9, 8]])] })
    server.streams[0].send(`id: B:2\nevent: message\ndata: ${JSON.stringify({ id: 'x', type: 'battles.sparring.scored', topics: ['sparring:11', 'battle:7'], data: {} })}\n\n`)
    expect(await screen.findByTestId('score-1-20')).toHaveTextContent('Judge Roxy98')
  })

  it("applies a judge's score and the audience's counts from the message itself: a crowd does not re-read on each", async () => {
    const sparring = buildSparring({
      status: 'judging',
      red: buildSparringSide(1, { totalPoints: 9, audiencePoints: 1 }),
      blue: buildSparringSide(8, { totalPoints: 8 }),
      rounds: [buildRound(1, [[20, 'Judge Roxy', 9, 8]]), buildRound(2, [])],
    })
    const server = serve(sparring)
    await showLive(server)
    // two scores in a row, before any render: the second builds on the first
    server.streams[0].send(
      message(2, 'battles.sparring.scored', { judgeId: 1, rounds: [{ round: 1, redPoints: 7.5, bluePoints: 10 }] }) +
        message(3, 'battles.sparring.scored', { judgeId: 20, rounds: [{ round: 2, redPoints: 6, bluePoints: 6.5 }] }),
    )
    expect(await screen.findByTestId('score-1-1')).toHaveTextContent('B-girl Ana7.510')
    expect(await screen.findByTestId('score-2-20')).toHaveTextContent('Judge Roxy66.5')
    expect(screen.getByTestId('score-1-20')).toHaveTextContent('Judge Roxy98')
    expect(screen.getByText('22.5')).toBeInTheDocument() // red: 9 + 7.5 + 6
    server.streams[0].send(message(4, 'battles.sparring.voted', { redVotes: 1, blueVotes: 3 }))
    await waitFor(() => expect(screen.getAllByText('3').length).toBeGreaterThan(0))
    expect(server.reads()).toBe(2)
    // a finish is re-read
    server.streams[0].send(message(5, 'battles.sparring.decided', { winnerId: 1 }))
    await waitFor(() => expect(server.reads()).toBe(3))
  })
})

describe('Sparring: the newest copy wins', () => {
  it("keeps a score applied from a live message when an older copy arrives after it (judges submitting at once)", async () => {
    const server = serve(buildSparring({ version: 1, status: 'judging', rounds: [buildRound(1, [[1, 'B-girl Ana', 8, 7]])] }))
    await showLive(server)
    server.streams[0].send(message(2, 'battles.sparring.scored', { version: 2, judgeId: 20, rounds: [{ round: 1, redPoints: 9, bluePoints: 6 }] }))
    expect(await screen.findByTestId('score-1-20')).toHaveTextContent('Judge Roxy96')
    // a message the copy already holds changes nothing and reads nothing
    server.streams[0].send(message(3, 'battles.sparring.scored', { version: 2, judgeId: 20, rounds: [{ round: 1, redPoints: 6, bluePoints: 6 }] }))
    // a re-read answered as of version 1 (before judge 20's score) arrives last: the page keeps version 2
    server.streams[0].send(message(4, 'battles.sparring.touched', {}))
    await waitFor(() => expect(server.reads()).toBe(3))
    expect(screen.getByTestId('score-1-20')).toHaveTextContent('Judge Roxy96')
    expect(screen.getByTestId('score-1-1')).toHaveTextContent('B-girl Ana87')
    // a newer copy is taken
    server.state.sparring = buildSparring({ version: 3, status: 'judging', rounds: [buildRound(1, [[1, 'B-girl Ana', 10, 7], [20, 'Judge Roxy', 9, 6]])] })
    server.streams[0].send(message(5, 'battles.sparring.touched', {}))
    await waitFor(() => expect(screen.getByTestId('score-1-1')).toHaveTextContent('B-girl Ana107'))
  })
})

describe("Sparring: the judge's round editor", () => {
  it('opens a round only after the previous one has both sides, and submits through the queue with an Idempotency-Key', async () => {
    const server = await judgeSaving(8.5, 9)
    const round2 = screen.getByTestId('editor-round-2')
    expect(round2).toBeDisabled()
    // nothing of theirs stored: nothing for the judge to reset
    expect(screen.queryByRole('button', { name: 'Reset score' })).toBeNull()
    const submit = screen.getByRole('button', { name: 'Submit' })
    expect(submit).toBeDisabled()
    // a half point needs the whole points first, and 10 takes none
    expect(half(1, 'red')).toBeDisabled()
    await userEvent.click(points(1, 'red', 10))
    expect(half(1, 'red')).toBeDisabled()
    await userEvent.click(points(1, 'red', 8))
    await userEvent.click(half(1, 'red'))
    expect(points(1, 'red', 8)).toHaveAttribute('aria-pressed', 'true')
    expect(half(1, 'red')).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('alert')).toHaveTextContent('Both sides need points in every round')
    expect(submit).toBeDisabled()
    expect(round2).toBeDisabled()
    await userEvent.click(points(1, 'blue', 9))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(round2).toBeEnabled()
    // round 2 still empty: Submit waits, and says why
    expect(submit).toBeDisabled()
    expect(screen.getByText('Submitting sparring scores needs both sides to have points in every round.')).toBeInTheDocument()
    expect(submit).toHaveAccessibleDescription('Submitting sparring scores needs both sides to have points in every round.')
    await userEvent.click(points(2, 'red', 7))
    expect(submit).toBeDisabled()
    await userEvent.click(points(2, 'blue', 6))
    expect(screen.queryByText('Submitting sparring scores needs both sides to have points in every round.')).toBeNull()
    await userEvent.click(submit)
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    const [post] = server.posts()
    expect(post.path).toBe('/api/sparrings/11/judge')
    expect(post.body).toEqual({
      rounds: [
        { round: 1, redPoints: 8.5, bluePoints: 9 },
        { round: 2, redPoints: 7, bluePoints: 6 },
      ],
    })
    expect(post.headers.get('Idempotency-Key')).toBeTruthy()
    // the answer is on screen: the judge's row, and nothing left on the device
    expect(await screen.findByTestId('score-1-1')).toHaveTextContent('B-girl Ana8.59')
    await waitFor(async () => expect(await pendingWrites()).toEqual([]))
    expect(screen.queryByTestId('judge-pending')).toBeNull()
    expect(points(1, 'red', 8)).toHaveAttribute('aria-pressed', 'true')
  })

  it('starts from the judge\'s stored points (matched by the user id) and sends every round given', async () => {
    const server = serve(judging({ status: 'judging', rounds: [buildRound(1, [[1, 'B-girl Ana', 7, 8], [20, 'Judge Roxy', 9, 9]])] }), (call, state) =>
      call.method === 'POST' ? state.sparring : undefined,
    )
    show()
    await title()
    expect(points(1, 'red', 7)).toHaveAttribute('aria-pressed', 'true')
    expect(points(1, 'blue', 8)).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByTestId('editor-round-2')).toBeEnabled()
    // a judge (not an editor) may clear their own scores
    expect(screen.getByRole('button', { name: 'Reset score' })).toBeInTheDocument()
    // nothing changed: nothing to send
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled()
    await userEvent.click(points(2, 'red', 6))
    await userEvent.click(points(2, 'blue', 10))
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    expect(server.posts()[0].body).toEqual({
      rounds: [
        { round: 1, redPoints: 7, bluePoints: 8 },
        { round: 2, redPoints: 6, bluePoints: 10 },
      ],
    })
  })

  it('keeps a score made offline on the device, shows it pending, and sends it once when back online', async () => {
    const server = await judgeSaving(9, 7)
    setOnline(false)
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument()
    await userEvent.click(points(1, 'red', 9))
    await userEvent.click(points(1, 'blue', 7))
    await userEvent.click(points(2, 'red', 8))
    await userEvent.click(points(2, 'blue', 8))
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByTestId('judge-pending')).toHaveTextContent('Pending')
    // still shown as given, although the server has nothing yet
    expect(points(1, 'red', 9)).toHaveAttribute('aria-pressed', 'true')
    expect(server.posts()).toEqual([])
    const [queued] = await pendingWrites('sparring:11')
    expect(queued).toEqual(expect.objectContaining({ method: 'POST', path: '/sparrings/11/judge', body: { rounds: [{ round: 1, redPoints: 9, bluePoints: 7 }, { round: 2, redPoints: 8, bluePoints: 8 }] } }))

    setOnline(true)
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    expect(server.posts()[0].headers.get('Idempotency-Key')).toBe(queued.key)
    await waitFor(() => expect(screen.queryByTestId('judge-pending')).toBeNull())
    expect(screen.getByTestId('score-1-1')).toHaveTextContent('B-girl Ana97')
    // another `online` sends nothing again
    setOnline(true)
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(server.posts()).toHaveLength(1)
  })
})

describe('Sparring: a refused score', () => {
  it("drops a queued score the server refuses, with a toast of its answer, and reads the sparring again", async () => {
    const server = serve(judging(), (call) =>
      call.method === 'POST' ? jsonResponse({ error: { code: 'conflict', message: 'This sparring is finished' } }, 409) : undefined,
    )
    const { store } = show()
    await title()
    await userEvent.click(points(1, 'red', 9))
    await userEvent.click(points(1, 'blue', 9))
    await userEvent.click(points(2, 'red', 9))
    await userEvent.click(points(2, 'blue', 9))
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('This sparring is finished'))
    expect(server.posts()).toHaveLength(1)
    await waitFor(() => expect(server.reads()).toBe(2))
    await waitFor(() => expect(screen.queryByTestId('judge-pending')).toBeNull())
    expect(await pendingWrites()).toEqual([])
  })
})

describe('Sparring: the audience', () => {
  it("votes once for the people's champ: a colour first, then Submit", async () => {
    const server = serve(buildSparring({ permissions: { canSetAudienceScore: true } }), (call, state) =>
      call.method === 'POST' && call.path === '/api/sparrings/11/audience/blue'
        ? { ...state.sparring, myVote: 'blue', blue: buildSparringSide(8, { audiencePoints: 1 }), permissions: { ...state.sparring.permissions, canSetAudienceScore: false } }
        : undefined,
    )
    show()
    expect(await screen.findByRole('heading', { name: "Vote for the people's champ" })).toBeInTheDocument()
    const submit = screen.getByRole('button', { name: 'Submit' })
    expect(submit).toBeDisabled()
    // each side's button in its colour: blue is not the theme's red
    expect(screen.getByRole('button', { name: 'Vote Dancer 8' }).className).toMatch(/MuiButton-colorInfo/)
    expect(screen.getByRole('button', { name: 'Vote Dancer 1' }).className).toMatch(/MuiButton-colorError/)
    await userEvent.click(screen.getByRole('button', { name: 'Vote Dancer 8' }))
    expect(screen.getByRole('button', { name: 'Vote Dancer 8' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'Vote Dancer 1' })).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(submit)
    expect(await screen.findByTestId('my-vote')).toHaveTextContent('Thanks for voting: Dancer 8')
    expect(screen.queryByRole('heading', { name: "Vote for the people's champ" })).toBeNull()
    expect(screen.getByTestId('blue-audience')).toHaveTextContent('Audience votes: 1')
    expect(server.posts()).toHaveLength(1)
  })

  it('tells who may not vote in a battle of checked-in voters why, and nobody else', async () => {
    serve(buildSparring({ status: 'judging', votersCheckedIn: true }))
    show()
    expect(await screen.findByTestId('checked-in-vote')).toHaveTextContent('Only the people checked in at the event vote')
    expect(screen.queryByRole('heading', { name: "Vote for the people's champ" })).toBeNull()
  })

  it('shows a checked-in viewer of such a battle the vote, without the notice', async () => {
    serve(buildSparring({ status: 'judging', votersCheckedIn: true, permissions: { canSetAudienceScore: true } }))
    show()
    expect(await screen.findByRole('heading', { name: "Vote for the people's champ" })).toBeInTheDocument()
    expect(screen.queryByTestId('checked-in-vote')).toBeNull()
  })
})

describe('Sparring: admins and hosts', () => {
  it('tells who cannot add a tie breaker that an admin or host must', async () => {
    serve(buildSparring({ status: 'need-tie-breaker', rounds: [buildRound(1, [[20, 'Judge Roxy', 8, 8]])] }))
    show()
    expect(await screen.findByText('Admin or host needs to add A tie breaker round.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add tie breaker' })).toBeNull()
  })

  it('adds a tie breaker round after confirming', async () => {
    const server = serve(
      buildSparring({ status: 'need-tie-breaker', rounds: [buildRound(1, [[20, 'Judge Roxy', 8, 8]])], permissions: { canAddExtra: true, canFinish: true } }),
      (call, state) => (call.method === 'POST' && call.path === '/api/sparrings/11/extra' ? { ...state.sparring, status: 'judging', roundsCount: 3, extraRounds: 1, permissions: { ...state.sparring.permissions, canAddExtra: false } } : undefined),
    )
    show()
    await title()
    expect(screen.queryByText('Admin or host needs to add A tie breaker round.')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Add tie breaker' }))
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to add a tie breaker round?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tie breaker' }))
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add tie breaker' })).toBeNull())
  })

  it('finishes and resets a scored sparring after confirming each', async () => {
    const scored = buildSparring({ status: 'judging', rounds: [buildRound(1, [[20, 'Judge Roxy', 9, 8]])], permissions: { canFinish: true, canSetWinner: true, canReset: true } })
    const server = serve(scored, (call, state) => {
      if (call.method === 'POST' && call.path === '/api/sparrings/11/finish') return { ...state.sparring, status: 'finished', winnerId: 1 }
      if (call.method === 'DELETE' && call.path === '/api/sparrings/11/judge') return { ...scored, status: 'ready', rounds: [], permissions: { ...scored.permissions, canReset: false } }
      return undefined
    })
    show()
    await title()
    expect(screen.queryByRole('heading', { name: 'Choose the winner' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }))
    const finish = screen.getByRole('dialog', { name: 'Are you sure you want to finish this sparring?' })
    // Judge Roxy gave round 1 only, B-girl Ana nothing
    expect(finish).toHaveTextContent('0 of 2 judges have scored every round.')
    await userEvent.click(within(finish).getByRole('button', { name: 'Cancel' }))
    expect(server.posts()).toEqual([])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }))
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Finish' }))
    expect(await screen.findByTestId('winner-view')).toHaveTextContent('Dancer 1')
    // finished: an editor may still reset it
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Reset score' }))
    const reset = screen.getByRole('dialog', { name: 'Are you sure you want to reset the score of this sparring?' })
    await userEvent.click(within(reset).getByRole('button', { name: 'Reset score' }))
    await waitFor(() => expect(screen.queryByTestId('winner-view')).toBeNull())
    expect(server.posts().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/sparrings/11/finish', 'DELETE /api/sparrings/11/judge'])
  })

  it('offers Add tie breaker at once on a tie (every judge scored, totals and votes equal): finish records it, then the round is added', async () => {
    const tied = buildSparring({
      status: 'judging',
      red: buildSparringSide(1, { totalPoints: 34, audiencePoints: 2 }),
      blue: buildSparringSide(8, { totalPoints: 34, audiencePoints: 2 }),
      rounds: [buildRound(1, [[1, 'B-girl Ana', 8, 9], [20, 'Judge Roxy', 9, 8]]), buildRound(2, [[1, 'B-girl Ana', 8, 8], [20, 'Judge Roxy', 9, 9]])],
      permissions: { canFinish: true, canSetWinner: true, canReset: true },
    })
    const server = serve(tied, (call, state) => {
      if (call.method === 'POST' && call.path === '/api/sparrings/11/finish') return { ...state.sparring, status: 'need-tie-breaker', permissions: { ...state.sparring.permissions, canAddExtra: true } }
      if (call.method === 'POST' && call.path === '/api/sparrings/11/extra')
        return { ...state.sparring, status: 'judging', roundsCount: 3, extraRounds: 1, permissions: { ...state.sparring.permissions, canAddExtra: false } }
      return undefined
    })
    show()
    await title()
    expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Add tie breaker' }))
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to add a tie breaker round?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tie breaker' }))
    await waitFor(() => expect(server.posts().map((call) => call.path)).toEqual(['/api/sparrings/11/finish', '/api/sparrings/11/extra']))
    // the round is there: no tie any more until it is scored, Finish is back (with its warning)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.queryByRole('button', { name: 'Add tie breaker' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }))
    expect(screen.getByRole('dialog', { name: 'Are you sure you want to finish this sparring?' })).toHaveTextContent('0 of 2 judges have scored every round.')
  })

  it('warns nothing on Finish when every judge has scored every round, and shows no tie breaker without a tie', async () => {
    serve(
      buildSparring({
        status: 'judging',
        red: buildSparringSide(1, { totalPoints: 35 }),
        blue: buildSparringSide(8, { totalPoints: 34 }),
        rounds: [buildRound(1, [[1, 'B-girl Ana', 9, 9], [20, 'Judge Roxy', 9, 8]]), buildRound(2, [[1, 'B-girl Ana', 8, 8], [20, 'Judge Roxy', 9, 9]])],
        permissions: { canFinish: true, canSetWinner: true },
      }),
    )
    show()
    await title()
    expect(screen.queryByRole('button', { name: 'Add tie breaker' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }))
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to finish this sparring?' })
    expect(dialog).not.toHaveTextContent('judges have scored')
  })

  it('lets an admin with no points choose the winner, then Finish by set-winner (Reset clears the choice)', async () => {
    const server = serve(buildSparring({ permissions: { canSetWinner: true, canFinish: true, canSetAudienceScore: true } }), (call, state) =>
      call.method === 'POST' && call.path === '/api/admin/sparrings/11/set-winner/8' ? { ...state.sparring, status: 'finished', winnerId: 8 } : undefined,
    )
    show()
    const panel = await screen.findByRole('region', { name: 'Choose the winner' })
    expect(screen.queryByRole('heading', { name: "Vote for the people's champ" })).toBeNull()
    const finish = within(panel).getByRole('button', { name: 'Finish' })
    expect(finish).toBeDisabled()
    await userEvent.click(within(panel).getByRole('button', { name: 'Dancer 1' }))
    await userEvent.click(within(panel).getByRole('button', { name: 'Reset' }))
    expect(finish).toBeDisabled()
    await userEvent.click(within(panel).getByRole('button', { name: 'Dancer 8' }))
    await userEvent.click(finish)
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to finish with Dancer 8 as the winner?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finish' }))
    expect(await screen.findByTestId('winner-view')).toHaveTextContent('Dancer 8')
    expect(server.posts().map((call) => call.path)).toEqual(['/api/admin/sparrings/11/set-winner/8'])
  })
})

describe('Sparring: the deciding modes (docs/product/judging.md)', () => {
  const FIVE = ['Technique', 'Vocabulary', 'Execution', 'Musicality', 'Originality']
  const voted = (round: number, picks: [number, string, 'red' | 'blue' | 'tie'][]) => ({
    ...buildRound(
      round,
      picks.map(([id, name, pick]) => [id, name, pick === 'red' ? 1 : 0, pick === 'blue' ? 1 : 0]),
    ),
  })

  it('lets a judge point at the winner round by round: one round shown, then the next once it is given', async () => {
    const server = serve(judging({ judgingMode: 'pick' }), (call, state) =>
      call.method === 'POST' && call.path === '/api/sparrings/11/judge'
        ? { ...state.sparring, status: 'judging', rounds: [voted(1, [[1, 'B-girl Ana', 'red']]), buildRound(2, [])] }
        : undefined,
    )
    show()
    await title()
    expect(screen.getByRole('heading', { name: 'Your decisions' })).toBeInTheDocument()
    expect(screen.queryByTestId('editor-round-2')).toBeNull()
    const submit = screen.getByRole('button', { name: 'Submit' })
    expect(submit).toBeDisabled()
    expect(submit).toHaveAccessibleDescription('Point at the winner of every round, or a tie, to submit.')
    expect(screen.getByRole('button', { name: 'Round 1: Tie' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Round 1: Dancer 1' }))
    expect(screen.getByRole('button', { name: 'Round 1: Dancer 1' })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(submit)
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    expect(server.posts()[0].body).toEqual({ rounds: [{ round: 1, pick: 'red' }] })
    // round 1 is given (on the device at once, then the server's answer): round 2 opens, round 1 stays to correct
    expect(await screen.findByTestId('editor-round-2')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Round 1: Dancer 1' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(await screen.findByTestId('score-1-1')).getAllByText('●')).toHaveLength(1)
  })

  it('moves the five criteria faders by keyboard: the vote follows the side they lean to, and the faders are sent', async () => {
    const server = serve(judging({ judgingMode: 'five', criteria: FIVE, roundsCount: 1 }), (call, state) =>
      call.method === 'POST' ? { ...state.sparring, status: 'judging' } : undefined,
    )
    show()
    await title()
    expect(screen.getByTestId('fader-vote')).toHaveTextContent('Your vote: Tie')
    const technique = screen.getByRole('slider', { name: 'Round 1 Technique' })
    expect(technique).toHaveAttribute('aria-valuetext', 'Even')
    technique.focus()
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}')
    expect(technique).toHaveAttribute('aria-valuetext', '3 toward Dancer 1')
    const originality = screen.getByRole('slider', { name: 'Round 1 Originality' })
    originality.focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByTestId('fader-vote')).toHaveTextContent('Your vote: Dancer 1')
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    expect(server.posts()[0].body).toEqual({ rounds: [{ round: 1, faders: [-3, 0, 0, 0, 1] }] })
  })

  it("shows each judge's vote and faders, the round's decision and the rounds won", async () => {
    const round1 = voted(1, [[1, 'B-girl Ana', 'blue'], [20, 'Judge Roxy', 'tie']])
    round1.scores[0].faders = [2, 0, 1]
    round1.scores[1].faders = [0, 0, 0]
    serve(
      buildSparring({
        status: 'judging',
        judgingMode: 'threefold',
        criteria: ['Physical', 'Artistic', 'Interpretative'],
        red: buildSparringSide(1, { roundsWon: 0 }),
        blue: buildSparringSide(8, { roundsWon: 1 }),
        rounds: [{ ...round1, decision: 'blue' }, { ...buildRound(2, []), decision: null }],
      }),
    )
    show({ signedIn: false })
    await title()
    expect(screen.getByTestId('blue-total')).toHaveTextContent('Rounds won: 1')
    expect(screen.getByTestId('faders-1-1')).toHaveTextContent('Physical +2 · Artistic 0 · Interpretative +1')
    expect(screen.getByTestId('score-1-20')).toHaveTextContent('Judge RoxyPhysical 0 · Artistic 0 · Interpretative 0TieTie')
    expect(screen.getByTestId('decision-1')).toHaveTextContent('DecisionDancer 8')
    expect(screen.getByTestId('decision-2')).toHaveTextContent('Decision–')
  })
})

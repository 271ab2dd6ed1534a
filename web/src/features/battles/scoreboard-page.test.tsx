import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildBattle, buildRound, buildSparring, buildSparringSide } from '@/testing/battle-builders'
import { fakeBattleServer } from '@/testing/battle-server'
import { jsonResponse } from '@/testing/builders'
import { renderWithProviders } from '@/testing/render'
import { ScoreboardPage } from './components/scoreboard/scoreboard-page'
import type { Board } from './bracket-types'
import { keepStyles } from '@/testing/styles'

afterEach(() => vi.unstubAllGlobals())

const EVENT = { id: 42, title: 'Winter Jam', scoreboardLogo: 'logo-1', scoreboardBgImage: 'bg-1' }

function serve(board: () => Board | Response) {
  const server = fakeBattleServer(buildBattle(), (call) => {
    if (call.method === 'GET' && call.path === '/api/events/42/scoreboards/3') {
      const answer = board()
      return answer instanceof Response ? answer : jsonResponse(answer)
    }
    if (call.method === 'GET' && call.path === '/api/events/42') return jsonResponse(EVENT)
    return undefined
  })
  const reads = () => server.calls.filter((call) => call.path === '/api/events/42/scoreboards/3').length
  return { ...server, reads }
}

const show = (liveDelayMs = 600_000) =>
  renderWithProviders(<ScoreboardPage eventId={42} carpetId={3} liveDelayMs={liveDelayMs} />, { route: '/event/42/scoreboard/3', path: '/event/:id/scoreboard/:carpetId' })

/** Board 3 of event 42, the carpet 'Main carpet', showing `sparring`. */
const mainCarpet = (sparring: Board['sparring']): Board => ({ carpetId: 3, carpetName: 'Main carpet', eventId: 42, sparring })

const live = (topics: string[], n: number) =>
  `id: B:${n}\nevent: message\ndata: ${JSON.stringify({ id: `x${n}`, type: 'battles.sparring.scored', topics, data: {} })}\n\n`

describe('Scoreboard (display mode)', () => {
  it("shows the event's logo and background, the carpet, the sparring's sides, totals, votes and each judge's points", async () => {
    keepStyles() // reads computed styles
    serve(() =>
      mainCarpet(
        buildSparring({
          status: 'judging',
          red: buildSparringSide(1, { name: 'Kid Flex', totalPoints: 17.5, audiencePoints: 12 }),
          blue: buildSparringSide(8, { name: null, totalPoints: 16, audiencePoints: 30 }),
          rounds: [buildRound(1, [[1, 'B-girl Ana', 9, 8], [20, 'Judge Roxy', 8.5, 8]])],
        }),
      ),
    )
    show()
    expect(await screen.findByRole('heading', { level: 1, name: 'Main carpet' })).toBeInTheDocument()
    expect(screen.getByText('Winter Jam')).toBeInTheDocument()
    expect(screen.getByText('Bboy 1v1 · Top 8')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('board-logo')).toHaveAttribute('src', '/api/images/logo-1?size=400&type=logo'))
    expect(getComputedStyle(screen.getByTestId('scoreboard')).backgroundImage).toContain('/api/images/bg-1?size=1920&type=bg')
    const red = screen.getByTestId('board-red')
    expect(red).toHaveTextContent('Kid Flex')
    expect(screen.getByTestId('board-red-total')).toHaveTextContent('17.5')
    expect(screen.queryByTestId('board-red-caption')).toBeNull() // points are points: no caption
    expect(screen.getByTestId('board-red-audience')).toHaveTextContent('Audience votes: 12')
    expect(screen.getByTestId('board-blue')).toHaveTextContent('N/A')
    expect(screen.getByTestId('board-blue-audience')).toHaveTextContent('Audience votes: 30')
    expect(screen.getByTestId('score-1-20')).toHaveTextContent('Judge Roxy8.58')
    expect(within(red).queryByTestId('crown')).toBeNull()
  })

  it('says when no sparring is on the carpet, and shows the one put on it when the carpet topic says so', async () => {
    let board: Board = mainCarpet(null)
    const server = serve(() => board)
    show(0)
    expect(await screen.findByText('No sparring on this carpet yet')).toBeInTheDocument()
    await waitFor(() => expect(server.streams).toHaveLength(1))
    server.streams[0].send('id: B:0\nevent: ready\ndata: {}\n\n')
    board = { ...board, sparring: buildSparring({ status: 'finished', winnerId: 8, blue: buildSparringSide(8, { name: 'Rocka' }) }) }
    server.streams[0].send(live(['carpet:3', 'event:42'], 1))
    expect(await screen.findByTestId('board-blue')).toHaveTextContent('Rocka')
    expect(within(screen.getByTestId('board-blue')).getByTestId('crown')).toBeInTheDocument()
    // the sparring it shows announces itself on the carpet's topic: the same stream, and a change it cannot apply
    // (a finished sparring's) re-reads the board
    const before = server.reads()
    board = { ...board, sparring: { ...board.sparring!, rounds: [buildRound(1, [[20, 'Judge Roxy', 9, 10]])] } }
    server.streams[0].send(live(['sparring:11', 'carpet:3'], 2))
    expect(await screen.findByTestId('score-1-20')).toHaveTextContent('Judge Roxy910')
    expect(server.reads()).toBeGreaterThan(before)
    expect(server.streams).toHaveLength(1)
  })

  it("applies a judge's score and the votes from the live message itself (no re-read), as the sparring page does", async () => {
    const sparring = buildSparring({
      status: 'judging',
      red: buildSparringSide(1, { totalPoints: 9, audiencePoints: 1 }),
      blue: buildSparringSide(8, { totalPoints: 8 }),
      rounds: [buildRound(1, [[20, 'Judge Roxy', 9, 8]]), buildRound(2, [])],
    })
    const server = serve(() => mainCarpet(sparring))
    show(0)
    await screen.findByTestId('board-red')
    await waitFor(() => expect(server.streams.at(-1)?.topics).toEqual(['carpet:3']))
    const feed = server.streams.at(-1)!
    feed.send('id: B:0\nevent: ready\ndata: {}\n\n')
    await waitFor(() => expect(server.reads()).toBe(2))
    const message = (n: number, type: string, data: Record<string, unknown>) =>
      `id: B:${n}\nevent: message\ndata: ${JSON.stringify({ id: `m${n}`, type, topics: ['sparring:11', 'carpet:3'], data: { sparringId: 11, battleId: 7, eventId: 42, carpetId: 3, ...data } })}\n\n`
    feed.send(message(1, 'battles.sparring.scored', { judgeId: 1, rounds: [{ round: 2, redPoints: 7.5, bluePoints: 10 }] }))
    expect(await screen.findByTestId('score-2-1')).toHaveTextContent('B-girl Ana7.510')
    expect(screen.getByTestId('board-red-total')).toHaveTextContent('16.5')
    expect(screen.getByTestId('board-blue-total')).toHaveTextContent('18')
    feed.send(message(2, 'battles.sparring.voted', { redVotes: 4, blueVotes: 2 }))
    await waitFor(() => expect(screen.getByTestId('board-red-audience')).toHaveTextContent('Audience votes: 4'))
    expect(server.reads()).toBe(2)
  })

  it('keeps every round, tie breakers included, in fixed-width cards, and names wrap between words, never sideways', async () => {
    keepStyles() // reads computed styles
    const rounds = [1, 2, 3, 4, 5].map((round) => buildRound(round, [[1, 'B-girl Ana', 9, 8], [20, 'Judge Roxy', 8, 8], [30, 'Judge Kai', 7, 9]]))
    serve(() =>
      mainCarpet(
        buildSparring({
          status: 'judging',
          red: buildSparringSide(1, { name: 'B-girl Ayuminakamura-Supersonic' }),
          roundsCount: 5,
          extraRounds: 2,
          judges: [
            { id: 1, dancerName: 'B-girl Ana', avatar: null },
            { id: 20, dancerName: 'Judge Roxy', avatar: null },
            { id: 30, dancerName: 'Judge Kai', avatar: null },
          ],
          rounds,
        }),
      ),
    )
    show()
    await screen.findByTestId('board-red')
    expect(screen.getAllByRole('table').map((table) => table.getAttribute('aria-label'))).toEqual(['Round 1', 'Round 2', 'Round 3', 'Tie breaker 1', 'Tie breaker 2'])
    expect(screen.getByTestId('score-5-30')).toHaveTextContent('Judge Kai79')
    for (const table of screen.getAllByRole('table')) expect(getComputedStyle(table).tableLayout).toBe('fixed')
    const name = within(screen.getByTestId('board-red')).getByText('B-girl Ayuminakamura-Supersonic')
    expect(getComputedStyle(name).overflowWrap).toBe('normal')
    expect(getComputedStyle(name).overflow).toBe('hidden')
    expect(getComputedStyle(name).textOverflow).toBe('ellipsis')
    expect(getComputedStyle(screen.getByTestId('scoreboard')).overflowX).toBe('hidden')
  })

  it("shows a deciding mode's rounds won, each judge's vote and each round's decision as it comes in (docs/product/judging.md)", async () => {
    const round = (n: number, votes: [number, number][], decision: 'red' | 'blue' | 'tie' | null) => ({
      ...buildRound(n, votes.map(([red, blue], at) => [[1, 20][at], ['B-girl Ana', 'Judge Roxy'][at], red, blue] as [number, string, number, number])),
      decision,
    })
    serve(() =>
      mainCarpet(
        buildSparring({
          status: 'judging',
          judgingMode: 'pick',
          red: buildSparringSide(1, { name: 'Kid Flex', totalPoints: 2, roundsWon: 1 }),
          blue: buildSparringSide(8, { name: 'Lil Zoo', totalPoints: 1, roundsWon: 0 }),
          rounds: [round(1, [[1, 0], [1, 0]], 'red'), round(2, [[0, 1]], null)],
        }),
      ),
    )
    show()
    expect(await screen.findByTestId('board-red-total')).toHaveTextContent('1')
    expect(screen.getByTestId('board-red-caption')).toHaveTextContent('Rounds won')
    expect(screen.getByTestId('board-blue-total')).toHaveTextContent('0')
    expect(screen.getByTestId('score-1-20')).toHaveTextContent('Judge Roxy●')
    expect(screen.getByTestId('board-decision-1')).toHaveTextContent('DecisionKid Flex')
    // round 2: one judge of two so far, no decision yet
    expect(screen.getByTestId('board-decision-2')).toHaveTextContent('Decision–')
  })

  it('says so for a carpet without a board', async () => {
    serve(() => jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404))
    show()
    expect(await screen.findByText('This scoreboard does not exist')).toBeInTheDocument()
  })
})

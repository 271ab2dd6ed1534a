import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildBattle } from '@/testing/battle-builders'
import { fakeBattleServer } from '@/testing/battle-server'
import { jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { ScorecardPage } from './components/scorecard/scorecard-page'
import type { Scorecard } from './bracket-types'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const judge = (id: number, name: string) => ({ id, dancerName: name, avatar: null })

/** Dancer 10 of battle 7: a semi-final won 17.5 to 16 (one audience vote against), the final lost. */
const card = (overrides: Partial<Scorecard> = {}): Scorecard => ({
  battleId: 7,
  battleTitle: 'Bboy 1v1',
  competitor: { id: 10, name: 'B-boy Ten', avatar: null },
  decided: true,
  sparrings: [
    {
      sparringId: 21,
      level: 'Semi-final',
      color: 'red',
      status: 'finished',
      result: 'won',
      opponent: { id: 13, name: 'B-girl Thirteen', avatar: null },
      rounds: [
        {
          round: 1,
          scores: [
            { judge: judge(5, 'Judge Roxy'), mine: 9, theirs: 8 },
            { judge: judge(6, 'Judge Max'), mine: 8.5, theirs: 8 },
          ],
          mine: 17.5,
          theirs: 16,
        },
      ],
      mine: 17.5,
      theirs: 16,
      votesMine: 0,
      votesTheirs: 1,
    },
    {
      sparringId: 23,
      level: 'Final',
      color: 'red',
      status: 'finished',
      result: 'lost',
      opponent: { id: 12, name: 'B-boy Twelve', avatar: null },
      rounds: [],
      mine: 0,
      theirs: 0,
      votesMine: 0,
      votesTheirs: 0,
    },
  ],
  ...overrides,
})

function show(answer: Response) {
  fakeBattleServer(buildBattle(), (call) => (call.method === 'GET' && call.path === '/api/battles/7/scorecards/10' ? answer : undefined))
  return renderWithProviders(<ScorecardPage battleId={7} competitorId={10} />, {
    route: '/battle/7/scorecard/10',
    path: '/battle/:id/scorecard/:competitorId',
    preloadedState: signedInState(),
  })
}

describe('Scorecard', () => {
  it("shows each sparring from the competitor's side: the opponent, the result, each judge's points per round, totals and votes", async () => {
    show(jsonResponse(card()))
    expect(await screen.findByRole('heading', { level: 1, name: 'B-boy Ten' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Bboy 1v1 · Brackets' })).toHaveAttribute('href', '/battle/7/brackets')
    expect(screen.queryByTestId('scorecard-private')).toBeNull()
    const semi = screen.getByRole('region', { name: 'Semi-final vs B-girl Thirteen' })
    expect(within(semi).getByText('Won')).toBeInTheDocument()
    expect(within(semi).getByRole('link', { name: 'Semi-final vs B-girl Thirteen' })).toHaveAttribute('href', '/sparring/21')
    const round = within(semi).getByRole('table', { name: 'Semi-final round 1' })
    expect(within(round).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Round 1B-boy TenB-girl Thirteen',
      'Judge Roxy98',
      'Judge Max8.58',
      'Sum17.516',
    ])
    expect(screen.getByTestId('scorecard-21-totals')).toHaveTextContent('Total: 17.5 – 16 · Audience votes: 0 – 1')
    expect(within(screen.getByRole('region', { name: 'Final vs B-boy Twelve' })).getByText('Lost')).toBeInTheDocument()
  })

  it('says it is private until the final is decided, to those who may read it before', async () => {
    show(jsonResponse(card({ decided: false, sparrings: [{ ...card().sparrings[0], status: 'judging', result: null }] })))
    expect(await screen.findByTestId('scorecard-private')).toHaveTextContent("Private until the battle's final is decided")
    expect(screen.getByText('Not decided yet')).toBeInTheDocument()
  })

  it("shows the server's reason to whoever may not read it yet", async () => {
    show(jsonResponse({ error: { code: 'forbidden', message: 'A scorecard is public once the battle is decided' } }, 403))
    expect(await screen.findByText('A scorecard is public once the battle is decided')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
  })

  it('says so when the competitor has no sparring yet', async () => {
    show(jsonResponse(card({ sparrings: [] })))
    expect(await screen.findByText('No sparrings yet.')).toBeInTheDocument()
  })
})

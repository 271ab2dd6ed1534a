import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildBattle } from '@/testing/battle-builders'
import { fakeBattleServer } from '@/testing/battle-server'
import { jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { ScorecardPage } from './components/scorecard/scorecard-page'
import type { Scorecard, SparringCard } from './bracket-types'

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
      judgingMode: 'points',
      criteria: [],
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
      judgingMode: 'points',
      criteria: [],
      rounds: [],
      mine: 0,
      theirs: 0,
      votesMine: 0,
      votesTheirs: 0,
    },
  ],
  ...overrides,
})

/** A vote as the card holds it from the competitor's side: 1 for the side chosen, both 0 a tie. */
const vote = (side: 'mine' | 'theirs' | 'tie') => ({ mine: side === 'mine' ? 1 : 0, theirs: side === 'theirs' ? 1 : 0 })

/**
 * The semi-final pointed at: round 1 Roxy and Max for Ten, Jo for Thirteen (won); round 2 Roxy for Thirteen, Max a
 * tie, Jo for Ten (a tie); round 3 Roxy and Max for Thirteen, Jo not yet (no decision).
 */
const pickSemi = (): SparringCard => ({
  ...card().sparrings[0],
  status: 'judging',
  result: null,
  judgingMode: 'pick',
  criteria: [],
  rounds: [
    {
      round: 1,
      scores: [
        { judge: judge(5, 'Judge Roxy'), ...vote('mine') },
        { judge: judge(6, 'Judge Max'), ...vote('mine') },
        { judge: judge(8, 'Judge Jo'), ...vote('theirs') },
      ],
      mine: 2,
      theirs: 1,
      decision: 'won',
    },
    {
      round: 2,
      scores: [
        { judge: judge(5, 'Judge Roxy'), ...vote('theirs') },
        { judge: judge(6, 'Judge Max'), ...vote('tie') },
        { judge: judge(8, 'Judge Jo'), ...vote('mine') },
      ],
      mine: 1,
      theirs: 1,
      decision: 'tie',
    },
    {
      round: 3,
      scores: [
        { judge: judge(5, 'Judge Roxy'), ...vote('theirs') },
        { judge: judge(6, 'Judge Max'), ...vote('theirs') },
      ],
      mine: 0,
      theirs: 2,
      decision: null,
    },
  ],
  mine: 3,
  theirs: 4,
})

const FIVE = ['Technique', 'Vocabulary', 'Execution', 'Musicality', 'Originality']

/** The semi-final in five criteria, one round: Roxy leans to Ten by 6 in all, Max by 1; Ten takes the round. */
const fiveSemi = (): SparringCard => ({
  ...card().sparrings[0],
  judgingMode: 'five',
  criteria: FIVE,
  rounds: [
    {
      round: 1,
      scores: [
        { judge: judge(5, 'Judge Roxy'), ...vote('mine'), faders: [3, -2, 0, 1, 4] },
        { judge: judge(6, 'Judge Max'), ...vote('mine'), faders: [2, -1, 0, 1, -1] },
      ],
      mine: 2,
      theirs: 0,
      decision: 'won',
    },
  ],
  mine: 2,
  theirs: 0,
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

  it("in point at the winner shows each judge's vote under the side it went to, each round's decision once given, and the rounds won", async () => {
    show(jsonResponse(card({ decided: false, sparrings: [pickSemi()] })))
    const semi = await screen.findByRole('region', { name: 'Semi-final vs B-girl Thirteen' })
    const rows = (round: number) => within(within(semi).getByRole('table', { name: `Semi-final round ${round}` })).getAllByRole('row').map((row) => row.textContent)
    // no points: the vote, a tie across both sides, the votes counted and the decision from Ten's side
    expect(rows(1)).toEqual(['Round 1B-boy TenB-girl Thirteen', 'Judge RoxyVote', 'Judge MaxVote', 'Judge JoVote', 'Votes21', 'DecisionWon'])
    expect(rows(2)).toEqual(['Round 2B-boy TenB-girl Thirteen', 'Judge RoxyVote', 'Judge MaxTie', 'Judge JoVote', 'Votes11', 'DecisionTie'])
    // a judge has not given round 3 yet: no decision
    expect(rows(3)).toEqual(['Round 3B-boy TenB-girl Thirteen', 'Judge RoxyVote', 'Judge MaxVote', 'Votes02'])
    const roxy = within(within(semi).getByRole('table', { name: 'Semi-final round 1' })).getByRole('row', { name: /Judge Roxy/ })
    expect(within(roxy).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Judge Roxy', 'Vote', ''])
    const jo = within(within(semi).getByRole('table', { name: 'Semi-final round 1' })).getByRole('row', { name: /Judge Jo/ })
    expect(within(jo).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Judge Jo', '', 'Vote'])
    expect(within(semi).queryByRole('list')).toBeNull()
    expect(screen.getByTestId('scorecard-21-totals')).toHaveTextContent('Rounds won: 1 – 0 · Audience votes: 0 – 1')
  })

  it("in five criteria shows each judge's faders from the competitor's side, criterion by criterion, with the vote they make", async () => {
    show(jsonResponse(card({ sparrings: [fiveSemi()] })))
    const semi = await screen.findByRole('region', { name: 'Semi-final vs B-girl Thirteen' })
    expect(screen.getByTestId('scorecard-21-faders')).toHaveTextContent('Faders: + toward B-boy Ten, − toward B-girl Thirteen')
    const round = within(semi).getByRole('table', { name: 'Semi-final round 1' })
    const roxy = within(round).getByRole('list', { name: 'Faders of Judge Roxy (+ toward B-boy Ten)' })
    expect(within(roxy).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Technique +3', 'Vocabulary −2', 'Execution 0', 'Musicality +1', 'Originality +4'])
    const max = within(round).getByRole('list', { name: 'Faders of Judge Max (+ toward B-boy Ten)' })
    expect(within(max).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Technique +2', 'Vocabulary −1', 'Execution 0', 'Musicality +1', 'Originality −1'])
    expect(within(within(round).getByRole('row', { name: /^Judge Roxy/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Judge Roxy', 'Vote', ''])
    expect(within(within(round).getByRole('row', { name: /^Judge Max/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Judge Max', 'Vote', ''])
    expect(within(round).getByRole('row', { name: /^Votes/ })).toHaveTextContent('Votes20')
    expect(within(round).getByRole('row', { name: /^Decision/ })).toHaveTextContent('DecisionWon')
    expect(screen.getByTestId('scorecard-21-totals')).toHaveTextContent('Rounds won: 1 – 0 · Audience votes: 0 – 1')
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

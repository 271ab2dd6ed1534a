import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildBattle, buildBracketSet, buildBracketSparring, buildCrew, buildParticipant, buildSide } from '@/testing/battle-builders'
import { fakeBattleServer, showBattleRoutes } from '@/testing/battle-server'
import { jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { BracketsView } from './components/brackets/brackets-view'
import type { Bracket } from './bracket-types'
import type { Battle } from './types'

afterEach(() => vi.unstubAllGlobals())

const dancers = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => buildParticipant(id))

function serve(battle: Battle, set: () => Bracket, seed?: (body: unknown) => Response) {
  return fakeBattleServer(battle, (call) => {
    if (call.method === 'GET' && call.path === '/api/battles/7/brackets') return jsonResponse(set())
    if (call.method === 'POST' && call.path === '/api/battles/7/seed') return seed?.(call.body) ?? jsonResponse(set())
    return undefined
  })
}

const show = (battle: Battle, signedIn = true) =>
  renderWithProviders(<BracketsView battle={battle} />, {
    route: '/battle/7/brackets',
    path: '/battle/:id/brackets',
    preloadedState: signedIn ? signedInState() : undefined,
  })

const side = (sparringId: number, color: 'red' | 'blue') => screen.getByTestId(`side-${sparringId}-${color}`)

describe('Brackets: the drawing', () => {
  it('shows the level chips, the two halves, links for sparrings with both sides, and VS for an empty final', async () => {
    serve(buildBattle({ style: 'bracket', participants: dancers }), () => buildBracketSet())
    show(buildBattle({ style: 'bracket', participants: dancers }), false)
    await screen.findByRole('region', { name: 'Left Bracket' })
    const levels = screen.getByRole('list', { name: 'Levels' })
    expect(within(levels).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Top 8 · 1 round', 'Semi-final · 1 round', 'Final · 2 rounds'])
    expect(screen.getByRole('region', { name: 'Right Bracket' })).toBeInTheDocument()
    const link = screen.getByRole('link', { name: 'Left Bracket round 1 sparring 1: Dancer 1 vs Dancer 8' })
    expect(link).toHaveAttribute('href', '/sparring/1')
    // the semi-final has nobody yet: '?' on both sides and no link
    expect(side(5, 'red')).toHaveTextContent('?')
    expect(within(screen.getByTestId('sparring-5')).queryByRole('link')).toBeNull()
    expect(screen.queryByRole('link', { name: /Left Bracket round 2/ })).toBeNull()
    expect(screen.getByTestId('final-vs')).toHaveTextContent('VS')
    // guests and non-editors get no editor
    expect(screen.queryByRole('button', { name: 'Edit brackets' })).toBeNull()
  })

  it("crowns the winners, styles the loser, shows '?' for the final's empty side, and highlights me", async () => {
    const set = buildBracketSet({
      left: [
        [
          buildBracketSparring(1, { status: 'finished', red: buildSide(1), blue: buildSide(8), winner: 1 }),
          buildBracketSparring(2, { status: 'finished', red: buildSide(4), blue: buildSide(5), winner: 5 }),
        ],
        [buildBracketSparring(5, { round: 2, status: 'finished', red: buildSide(1), blue: buildSide(5), winner: 1 })],
      ],
      final: buildBracketSparring(7, { level: 'Final', red: buildSide(1) }),
    })
    const battle = buildBattle({ style: 'bracket', participants: dancers })
    serve(battle, () => set)
    show(battle)
    await screen.findByRole('region', { name: 'Left Bracket' })
    expect(within(side(1, 'red')).getByTestId('crown')).toBeInTheDocument()
    expect(side(1, 'red')).toHaveAttribute('data-result', 'winner')
    expect(side(1, 'blue')).toHaveAttribute('data-result', 'loser')
    expect(within(side(1, 'blue')).queryByTestId('crown')).toBeNull()
    // the signed-in dancer is user 1 (B-girl Ana): highlighted wherever they are
    await waitFor(() => expect(side(1, 'red')).toHaveAttribute('data-own', 'true'))
    expect(side(7, 'red')).toHaveAttribute('data-own', 'true')
    expect(side(2, 'red')).not.toHaveAttribute('data-own')
    expect(side(7, 'red')).toHaveTextContent('Dancer 1')
    expect(side(7, 'blue')).toHaveTextContent('?')
    expect(screen.queryByTestId('final-vs')).toBeNull()
  })

  it('shows the battle for third place under the final, linked once both semi-finals have their losers there', async () => {
    const set = buildBracketSet({
      final: buildBracketSparring(7, { level: 'Final', red: buildSide(1), blue: buildSide(2) }),
      third: buildBracketSparring(8, { level: 'Third place', status: 'ready', red: buildSide(5), blue: buildSide(6) }),
    })
    const battle = buildBattle({ style: 'bracket', participants: dancers })
    serve(battle, () => set)
    show(battle, false)
    const third = await screen.findByRole('region', { name: 'Third place' })
    expect(within(third).getByRole('link', { name: 'Third place: Dancer 5 vs Dancer 6' })).toHaveAttribute('href', '/sparring/8')
    expect(within(screen.getByRole('region', { name: 'Final' })).getByRole('region', { name: 'Third place' })).toBe(third)
  })

  it('has no third place section when the battle has none', async () => {
    const battle = buildBattle({ style: 'bracket', participants: dancers })
    serve(battle, () => buildBracketSet())
    show(battle, false)
    await screen.findByRole('region', { name: 'Left Bracket' })
    expect(screen.queryByRole('region', { name: 'Third place' })).toBeNull()
  })

  it('highlights my crew in a crew battle', async () => {
    const battle = buildBattle({ style: 'bracket', crewSize: 2, crews: [buildCrew(1), buildCrew(8)], myCrewId: 8 })
    serve(battle, () => buildBracketSet())
    show(battle)
    await screen.findByRole('region', { name: 'Left Bracket' })
    expect(side(1, 'blue')).toHaveAttribute('data-own', 'true')
    expect(side(1, 'blue')).toHaveTextContent('Your crew')
    expect(side(1, 'red')).not.toHaveAttribute('data-own')
  })

  it('says the bracket is not drawn yet before Add to bracket', async () => {
    const battle = buildBattle({ style: 'bracket', canEdit: true })
    serve(battle, () => ({ left: [], right: [], groups: [], final: null, levels: [], bracketSize: 8, canEdit: true }))
    show(battle)
    expect(await screen.findByText('The bracket is drawn once the prelims are added to it.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit brackets' })).toBeNull()
  })

  it("re-reads the bracket when the battle topic says something changed, on the battle page's one feed", async () => {
    let set = buildBracketSet()
    const battle = buildBattle({ style: 'bracket', participants: dancers })
    const server = serve(battle, () => set)
    showBattleRoutes('/battle/7/brackets', { liveDelayMs: 0 })
    await screen.findByRole('region', { name: 'Left Bracket' })
    // a browser holds 6 connections per host over HTTP/1.1: the tab's view adds no second stream of the same topic
    await waitFor(() => expect(server.streams).toHaveLength(1))
    server.streams[0].send('id: B:1\nevent: ready\ndata: {}\n\n')
    const reads = () => server.calls.filter((call) => call.path === '/api/battles/7/brackets').length
    await waitFor(() => expect(reads()).toBe(2))
    set = buildBracketSet({ left: [[buildBracketSparring(1, { status: 'finished', red: buildSide(1), blue: buildSide(8), winner: 8 }), set.left[0][1]], set.left[1]] })
    server.streams[0].send(`id: B:2\nevent: message\ndata: ${JSON.stringify({ id: 'x', type: 'battles.sparring.decided', topics: ['battle:7', 'sparring:1'], data: {} })}\n\n`)
    await waitFor(() => expect(side(1, 'blue')).toHaveAttribute('data-result', 'winner'))
    expect(reads()).toBe(3)
  })
})

describe('Brackets: the editor', () => {
  const editor = buildBattle({ style: 'bracket', canEdit: true, participants: dancers.map((dancer) => (dancer.id === 7 ? { ...dancer, place: 8 } : dancer)) })

  it('has a select per slot of the current round, greys out placed and decided competitors, and locks decided sparrings', async () => {
    const set = buildBracketSet({
      left: [[buildBracketSparring(1, { status: 'finished', red: buildSide(1), blue: buildSide(8), winner: 1 }), buildBracketSet().left[0][1]], buildBracketSet().left[1]],
    })
    serve(editor, () => set)
    show(editor)
    await userEvent.click(await screen.findByRole('button', { name: 'Edit brackets' }))
    const select = screen.getByLabelText('Left Bracket round 1 sparring 2 red')
    expect(select).toHaveValue('4')
    const options = within(select).getAllByRole('option') as HTMLOptionElement[]
    expect(options[0]).toHaveTextContent('Empty')
    const disabled = options.filter((option) => option.disabled).map((option) => option.textContent)
    expect(disabled).toEqual(['Dancer 1', 'Dancer 7', 'Dancer 8'])
    // the decided sparring has no selects; the semi-finals and the final are not edited yet
    expect(screen.queryByLabelText('Left Bracket round 1 sparring 1 red')).toBeNull()
    expect(screen.getByTitle('Locked: decided')).toBeInTheDocument()
    expect(screen.queryByLabelText('Left Bracket round 2 sparring 1 red')).toBeNull()
    expect(screen.queryByLabelText('Final red')).toBeNull()
    expect(screen.getAllByRole('combobox')).toHaveLength(6)
  })

  it('refuses the same participant in two spots and sends nothing', async () => {
    const server = serve(editor, () => buildBracketSet())
    show(editor)
    await userEvent.click(await screen.findByRole('button', { name: 'Edit brackets' }))
    await userEvent.selectOptions(screen.getByLabelText('Right Bracket round 1 sparring 1 red'), '4')
    await userEvent.click(screen.getByRole('button', { name: 'Submit bracket' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The same participant is in two spots')
    expect(server.posts()).toEqual([])
  })

  it("says 'crew' in a crew battle", async () => {
    const crews = buildBattle({ style: 'bracket', crewSize: 3, canEdit: true, crews: [1, 2, 3, 4, 5, 6, 7, 8].map((id) => buildCrew(id)) })
    serve(crews, () => buildBracketSet())
    show(crews)
    await userEvent.click(await screen.findByRole('button', { name: 'Edit brackets' }))
    await userEvent.selectOptions(screen.getByLabelText('Left Bracket round 1 sparring 1 blue'), '1')
    await userEvent.click(screen.getByRole('button', { name: 'Submit bracket' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The same crew is in two spots')
  })

  it('submits the undecided sparrings of the current rounds and closes on the answer; Cancel drops the changes', async () => {
    let set = buildBracketSet()
    const server = serve(editor, () => set, (body) => {
      set = buildBracketSet({ left: [[buildBracketSparring(1, { status: 'waiting', red: buildSide(1) }), set.left[0][1]], set.left[1]] })
      return jsonResponse(body ? set : null)
    })
    show(editor)
    await userEvent.click(await screen.findByRole('button', { name: 'Edit brackets' }))
    await userEvent.selectOptions(screen.getByLabelText('Left Bracket round 1 sparring 1 blue'), '')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(side(1, 'blue')).toHaveTextContent('Dancer 8')

    await userEvent.click(screen.getByRole('button', { name: 'Edit brackets' }))
    expect(screen.getByLabelText('Left Bracket round 1 sparring 1 blue')).toHaveValue('8')
    await userEvent.selectOptions(screen.getByLabelText('Left Bracket round 1 sparring 1 blue'), '')
    await userEvent.click(screen.getByRole('button', { name: 'Submit bracket' }))
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    expect(server.posts()[0].body).toEqual([
      { sparringId: 1, red: 1, blue: null },
      { sparringId: 2, red: 4, blue: 5 },
      { sparringId: 3, red: 2, blue: 7 },
      { sparringId: 4, red: 3, blue: 6 },
    ])
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull())
    expect(side(1, 'blue')).toHaveTextContent('?')
  })

  it('edits the final of a bracket of 2 at once', async () => {
    const pair = buildBattle({ style: 'bracket', canEdit: true, bracketSize: 2, participants: dancers.slice(0, 2) })
    const server = serve(pair, () => ({ left: [], right: [], groups: [], final: buildBracketSparring(9, { level: 'Final' }), levels: [{ name: 'Final', rounds: 1 }], bracketSize: 2, canEdit: true }))
    show(pair)
    await userEvent.click(await screen.findByRole('button', { name: 'Edit brackets' }))
    await userEvent.selectOptions(screen.getByLabelText('Final red'), '2')
    await userEvent.selectOptions(screen.getByLabelText('Final blue'), '1')
    await userEvent.click(screen.getByRole('button', { name: 'Submit bracket' }))
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    expect(server.posts()[0].body).toEqual([{ sparringId: 9, red: 2, blue: 1 }])
  })
})

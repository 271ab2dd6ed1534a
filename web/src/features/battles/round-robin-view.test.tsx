import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildBattle, buildBracketSet } from '@/testing/battle-builders'
import { fakeBattleServer, showBattleRoutes } from '@/testing/battle-server'
import { jsonResponse } from '@/testing/builders'
import type { RoundRobin } from './bracket-types'

afterEach(() => vi.unstubAllGlobals())

const side = (id: number) => ({ id, name: `Dancer ${id}`, avatar: null })
const row = (id: number, rounds: number, votes: number, at: number, tied = false) => ({ ...side(id), rounds, votes, tied, advances: at < 2 })
const fight = (sparringId: number, red: number, blue: number, status: string, rounds: [number, number] = [0, 0]) => ({
  sparringId,
  red: side(red),
  blue: side(blue),
  status,
  winner: status === 'finished' ? (rounds[0] > rounds[1] ? red : blue) : 0,
  redRounds: rounds[0],
  blueRounds: rounds[1],
})

const underway = (canEdit: boolean): RoundRobin => ({
  made: true,
  bracket: false,
  advance: 2,
  rounds: 2,
  canEdit,
  blocked: 'Every group battle must be decided before Add to bracket',
  groups: [
    {
      number: 1,
      name: 'Group A',
      standings: [row(10, 2, 2, 0), row(13, 0, 0, 1), row(14, 0, 0, 2)],
      battles: [fight(1, 10, 14, 'finished', [2, 0]), fight(2, 13, 14, 'judging', [1, 0]), fight(3, 10, 13, 'ready')],
    },
  ],
})

const tied = (): RoundRobin => ({
  ...underway(true),
  blocked: 'Group A has a tie: a tie-break round decides it before Add to bracket',
  groups: [
    {
      number: 1,
      name: 'Group A',
      standings: [row(10, 2, 2, 0, true), row(13, 2, 2, 1, true), row(14, 2, 2, 2, true)],
      battles: [fight(1, 10, 14, 'finished', [2, 0]), fight(2, 13, 10, 'finished', [2, 0]), fight(3, 14, 13, 'finished', [2, 0])],
    },
  ],
})

function serve(groups: () => RoundRobin, writes: (method: string, path: string) => RoundRobin | undefined = () => undefined) {
  return fakeBattleServer(buildBattle({ style: 'bracket', roundRobin: true, canEdit: true }), (call) => {
    if (call.method === 'GET' && call.path === '/api/battles/7/groups') return jsonResponse(groups())
    if (call.method === 'GET' && call.path === '/api/battles/7/brackets') return jsonResponse(buildBracketSet({ left: [], right: [], final: null }))
    if (call.method !== 'GET' && call.path.startsWith('/api/battles/7/groups')) {
      const answer = writes(call.method, call.path)
      return answer ? jsonResponse(answer) : jsonResponse({ error: { code: 'conflict', message: 'Refused' } }, 409)
    }
    return undefined
  })
}

describe('Round-robin groups on the Brackets tab', () => {
  it("shows each group's ranking and its battles, each linked to its sparring, and why the bracket waits", async () => {
    serve(() => underway(true))
    showBattleRoutes('/battle/7/brackets')
    const section = await screen.findByRole('region', { name: 'Round-robin groups' })
    expect(section).toHaveTextContent('2 rounds a battle')
    const table = within(section).getByRole('table', { name: 'Group A standings' })
    expect(within(table).getAllByRole('row').slice(1).map((line) => line.textContent)).toEqual(['1Dancer 1022', '2Dancer 1300', '3Dancer 1400'])
    // nobody 'goes on' while the group's battles are not all decided
    expect(within(section).queryByText('Goes on')).toBeNull()
    const battles = within(section).getByRole('list', { name: 'Group A battles' })
    expect(within(battles).getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'Dancer 10 vs Dancer 142–0 · Decided',
      'Dancer 13 vs Dancer 141–0 · Judging',
      'Dancer 10 vs Dancer 13Ready',
    ])
    expect(within(battles).getByRole('link', { name: 'Dancer 13 vs Dancer 14' })).toHaveAttribute('href', '/sparring/2')
    expect(within(section).getByRole('button', { name: 'Add to bracket' })).toBeDisabled()
    expect(within(section).getByText('Every group battle must be decided before Add to bracket')).toBeInTheDocument()
    // the bracket below waits for the groups, not the prelims
    expect(screen.getByText("The bracket is drawn from the groups' rankings once every group battle is decided.")).toBeInTheDocument()
  })

  it('lets an editor tap the winner of a tie-break round, then add the bracket after confirming', async () => {
    let broken = false
    const decided = (): RoundRobin => ({
      ...tied(),
      blocked: null,
      groups: [{ ...tied().groups[0], standings: [row(13, 2, 2, 0), row(10, 2, 2, 1), row(14, 2, 2, 2)] }],
    })
    const server = serve(
      () => (broken ? decided() : tied()),
      (method, path) => {
        if (method === 'POST' && path === '/api/battles/7/groups/tiebreak/13') {
          broken = true
          return decided()
        }
        if (method === 'POST' && path === '/api/battles/7/groups/bracket') return { ...decided(), bracket: true }
        return undefined
      },
    )
    const user = userEvent.setup()
    showBattleRoutes('/battle/7/brackets')
    const section = await screen.findByRole('region', { name: 'Round-robin groups' })
    expect(within(section).getAllByText('Tied')).toHaveLength(3)
    expect(within(section).getByText('Group A has a tie: a tie-break round decides it before Add to bracket')).toBeInTheDocument()
    await user.click(within(section).getByRole('button', { name: 'Dancer 13 won the tie-break' }))
    await waitFor(() => expect(within(section).getAllByText('Goes on')).toHaveLength(2))
    expect(within(section).queryByText('Tied')).toBeNull()
    await user.click(within(section).getByRole('button', { name: 'Add to bracket' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add to bracket' })
    await user.click(within(dialog).getByRole('button', { name: 'Add to bracket' }))
    await waitFor(() =>
      expect(server.posts().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/battles/7/groups/tiebreak/13', 'POST /api/battles/7/groups/bracket']),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await within(section).findByText('The bracket is built from these groups.')).toBeInTheDocument()
    expect(within(section).getByRole('button', { name: 'Undo bracket' })).toBeInTheDocument()
  })

  it('shows guests the groups without any button, and says when they are not made yet', async () => {
    serve(() => ({ ...tied(), canEdit: false }))
    showBattleRoutes('/battle/7/brackets', { signedIn: false })
    const section = await screen.findByRole('region', { name: 'Round-robin groups' })
    expect(within(section).getAllByText('Tied')).toHaveLength(3)
    expect(within(section).queryByRole('button')).toBeNull()
  })

  it('says the groups come at Add to bracket before they are made', async () => {
    serve(() => ({ made: false, bracket: false, advance: 2, rounds: 2, canEdit: true, blocked: null, groups: [] }))
    showBattleRoutes('/battle/7/brackets')
    expect(await screen.findByText('The groups are made at Add to bracket on the Prelims tab.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add to bracket' })).toBeNull()
  })
})

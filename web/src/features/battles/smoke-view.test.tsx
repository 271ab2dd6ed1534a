import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildBattle } from '@/testing/battle-builders'
import { fakeBattleServer, showBattle } from '@/testing/battle-server'
import { jsonResponse } from '@/testing/builders'
import type { Smoke } from './bracket-types'

afterEach(() => vi.unstubAllGlobals())

const side = (id: number) => ({ id, name: `Dancer ${id}`, avatar: null })
const notStarted = (canEdit: boolean): Smoke => ({ started: false, target: 7, number: 1, queue: [], standings: [], meetings: [], canEdit })
const onTheFloor = (canEdit: boolean): Smoke => ({
  started: true,
  target: 7,
  number: 2,
  holder: side(11),
  challenger: side(12),
  queue: [side(10)],
  standings: [
    { ...side(11), points: 1 },
    { ...side(10), points: 0 },
    { ...side(12), points: 0 },
  ],
  meetings: [{ number: 1, holder: side(10), challenger: side(11), winner: 11 }],
  canEdit,
})

function serve(smoke: () => Smoke, writes: (method: string, path: string) => Smoke | undefined = () => undefined) {
  return fakeBattleServer(buildBattle({ style: 'smoke' }), (call) => {
    if (call.method === 'GET' && call.path === '/api/battles/7/smoke') return jsonResponse(smoke())
    if (call.method !== 'GET' && call.path.startsWith('/api/battles/7/smoke')) {
      const answer = writes(call.method, call.path)
      return answer ? jsonResponse(answer) : jsonResponse({ error: { code: 'conflict', message: 'The battle is over' } }, 409)
    }
    return undefined
  })
}

describe('Seven to smoke on its battle page', () => {
  it('says it has not started; an admin starts it after confirming, and the floor shows', async () => {
    let started = false
    const server = serve(
      () => (started ? onTheFloor(true) : notStarted(true)),
      (method, path) => {
        if (method === 'POST' && path === '/api/battles/7/smoke/start') {
          started = true
          return onTheFloor(true)
        }
        return undefined
      },
    )
    const user = userEvent.setup()
    showBattle()
    const section = await screen.findByRole('region', { name: 'Seven to smoke' })
    expect(within(section).getByText('Seven to smoke has not started yet.')).toBeInTheDocument()
    await user.click(within(section).getByRole('button', { name: 'Start seven to smoke' }))
    const dialog = await screen.findByRole('dialog', { name: 'Start seven to smoke' })
    await user.click(within(dialog).getByRole('button', { name: 'Start' }))
    await waitFor(() => expect(server.posts().map((call) => call.path)).toEqual(['/api/battles/7/smoke/start']))
    expect(await within(section).findByRole('region', { name: 'On the floor' })).toHaveTextContent('Battle 2')
  })

  it('shows the floor, the points and who is up next; an admin taps the winner of the battle on the floor', async () => {
    const server = serve(
      () => onTheFloor(true),
      (method, path) => (method === 'POST' && path === '/api/battles/7/smoke/2/winner/12' ? { ...onTheFloor(true), number: 3 } : undefined),
    )
    const user = userEvent.setup()
    showBattle()
    const floor = await screen.findByRole('region', { name: 'On the floor' })
    expect(within(floor).getByTestId('smoke-red')).toHaveTextContent('Dancer 11')
    expect(within(floor).getByTestId('smoke-blue')).toHaveTextContent('Dancer 12')
    expect(within(screen.getByRole('list', { name: 'Points' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Dancer 111', 'Dancer 100', 'Dancer 120'])
    expect(within(screen.getByRole('list', { name: 'Up next' })).getByText('Dancer 10')).toBeInTheDocument()
    await user.click(within(floor).getByRole('button', { name: 'Dancer 12 wins' }))
    await waitFor(() => expect(server.posts().map((call) => call.path)).toEqual(['/api/battles/7/smoke/2/winner/12']))
    expect(await within(floor).findByText(/Battle 3/)).toBeInTheDocument()
  })

  it('lets an admin undo the last battle after confirming', async () => {
    const server = serve(
      () => onTheFloor(true),
      (method, path) => (method === 'DELETE' && path === '/api/battles/7/smoke/1' ? notStarted(true) : undefined),
    )
    const user = userEvent.setup()
    showBattle()
    await user.click(await screen.findByRole('button', { name: 'Undo battle 1' }))
    const dialog = await screen.findByRole('dialog', { name: 'Undo battle 1' })
    expect(dialog).toHaveTextContent('Its winner loses the point.')
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(server.posts().map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/battles/7/smoke/1']))
  })

  it('shows the champion; guests get no buttons', async () => {
    serve(() => ({ ...onTheFloor(false), holder: null, challenger: null, queue: [], champion: side(11) }))
    showBattle({ signedIn: false })
    expect(await screen.findByTestId('smoke-champion')).toHaveTextContent('Dancer 11')
    expect(screen.queryByRole('region', { name: 'On the floor' })).toBeNull()
    expect(screen.queryByRole('button', { name: /wins|Undo|Start/ })).toBeNull()
  })

  it('offers Retry when it cannot be read', async () => {
    fakeBattleServer(buildBattle({ style: 'smoke' }), (call) =>
      call.path === '/api/battles/7/smoke' ? jsonResponse({ error: { code: 'unavailable', message: 'down' } }, 503) : undefined,
    )
    showBattle()
    expect(await screen.findByRole('button', { name: /Retry/ })).toBeInTheDocument()
  })
})

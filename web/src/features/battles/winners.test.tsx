import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildBattle, buildCrew, buildParticipant } from '@/testing/battle-builders'
import { fakeBattleServer, showBattle } from '@/testing/battle-server'
import type { Battle } from './types'

afterEach(() => vi.unstubAllGlobals())

const pastCrews = (overrides: Partial<Battle> = {}) =>
  buildBattle({
    title: 'Crew Clash',
    crewSize: 3,
    canEdit: true,
    event: { id: 42, title: 'Winter Jam', period: 'past', organizerId: 1 },
    permissions: { ...buildBattle().permissions, registerButtonVisible: false },
    crews: [buildCrew(3, { name: 'Floor Lords' }), buildCrew(4, { name: 'Rock Steady' }), buildCrew(5, { name: 'Zulu' })],
    ...overrides,
  })

const heading = () => screen.findByRole('heading', { level: 1, name: 'Crew Clash' })
const editor = () => screen.getByRole('region', { name: 'Add Results' })

describe('Winner editor', () => {
  it("starts with 1st and 2nd Place, doubles 'Add top N' to 32, takes a crew once, and saves the picks", async () => {
    const saved = pastCrews({
      winners: [
        { place: 1, id: 4, name: 'Rock Steady', participants: [] },
        { place: 2, id: 3, name: 'Floor Lords', participants: [] },
        { place: 4, id: 5, name: 'Zulu', participants: [] },
      ],
    })
    const server = fakeBattleServer(pastCrews(), (call) => (call.path === '/api/battles/7/winners' ? saved : undefined))
    showBattle()
    await heading()
    const region = editor()
    expect(within(region).getByText('Add 1st Place')).toBeInTheDocument()
    expect(within(region).getByText('Add 2nd Place')).toBeInTheDocument()
    expect(within(region).queryByText('Add Top 4')).toBeNull()
    expect(within(region).queryByRole('button', { name: 'Cancel' })).toBeNull()
    const save = within(region).getByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()

    await userEvent.selectOptions(within(region).getByRole('combobox', { name: '1st Place' }), 'Rock Steady')
    expect(save).toBeEnabled()
    const second = within(region).getByRole('combobox', { name: '2nd Place' })
    expect(within(second).getByRole('option', { name: 'Rock Steady' })).toBeDisabled()
    await userEvent.selectOptions(second, 'Floor Lords')

    await userEvent.click(within(region).getByRole('button', { name: 'Add top 4' }))
    expect(within(region).getByText('Add Top 4')).toBeInTheDocument()
    expect(within(region).getAllByRole('combobox', { name: /^Top 4 \d$/ })).toHaveLength(2)
    await userEvent.selectOptions(within(region).getByRole('combobox', { name: 'Top 4 2' }), 'Zulu')
    for (const next of ['Add top 8', 'Add top 16', 'Add top 32']) await userEvent.click(within(region).getByRole('button', { name: next }))
    expect(within(region).getAllByRole('combobox', { name: /^Top 32 \d+$/ })).toHaveLength(16)
    expect(within(region).queryByRole('button', { name: /Add top/ })).toBeNull()

    await userEvent.click(save)
    expect(await screen.findByRole('list', { name: 'Winners' })).toHaveTextContent('1st PlaceRock Steady2nd PlaceFloor LordsTop 4Zulu')
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Add Results' })).toBeNull())
    expect(server.posts().map((call) => [call.path, call.body])).toEqual([
      [
        '/api/battles/7/winners',
        [
          { id: 4, place: 1 },
          { id: 3, place: 2 },
          { id: 5, place: 4 },
        ],
      ],
    ])
  })

  it('edits saved results with Cancel, the saved picks in place', async () => {
    fakeBattleServer(pastCrews({ winners: [{ place: 1, id: 5, name: 'Zulu', participants: [{ id: 50, dancerName: 'Z', avatar: null }] }] }))
    showBattle()
    await heading()
    expect(screen.queryByRole('region', { name: 'Add Results' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Edit results' }))
    expect(within(editor()).getByRole('combobox', { name: '1st Place' })).toHaveValue('5')
    await userEvent.click(within(editor()).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('region', { name: 'Add Results' })).toBeNull()
  })

  it('offers single battles their participants by dancer name', async () => {
    fakeBattleServer(
      pastCrews({ title: 'Crew Clash', crewSize: 1, crews: [], participants: [buildParticipant(3, { dancerName: 'Lil Zed' }), buildParticipant(4, { dancerName: 'Rocka' })] }),
    )
    showBattle()
    await heading()
    const first = within(editor()).getByRole('combobox', { name: '1st Place' })
    expect(within(first).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a dancer', 'Lil Zed', 'Rocka'])
  })

  it('is not shown before the event is over, to those who cannot edit, or for bracket battles', async () => {
    for (const battle of [
      pastCrews({ event: { id: 42, title: 'Winter Jam', period: 'now', organizerId: 1 } }),
      pastCrews({ canEdit: false }),
      pastCrews({ style: 'bracket' }),
    ]) {
      fakeBattleServer(battle)
      const { unmount } = showBattle()
      await heading()
      expect(screen.queryByRole('region', { name: 'Add Results' })).toBeNull()
      unmount()
      vi.unstubAllGlobals()
    }
  })

  it('shows the winners to everyone once set', async () => {
    fakeBattleServer(pastCrews({ canEdit: false, winners: [{ place: 1, id: 5, name: 'Zulu', participants: [] }] }))
    showBattle()
    await heading()
    expect(screen.getByRole('list', { name: 'Winners' })).toHaveTextContent('1st PlaceZulu')
    expect(screen.queryByRole('button', { name: 'Edit results' })).toBeNull()
    // winners entered by hand (a classic battle) have no sparrings, so no scorecard
    expect(screen.queryByRole('link', { name: 'Zulu: scorecard' })).toBeNull()
  })

  it("links a bracket battle's winners to their scorecards, unless the battle hides its participants", async () => {
    const winners = [{ place: 1, id: 5, name: 'Zulu', participants: [] }]
    fakeBattleServer(pastCrews({ canEdit: false, style: 'bracket', winners }))
    const { unmount } = showBattle()
    await heading()
    expect(screen.getByRole('link', { name: 'Zulu: scorecard' })).toHaveAttribute('href', '/battle/7/scorecard/5')
    unmount()
    vi.unstubAllGlobals()
    fakeBattleServer(pastCrews({ canEdit: false, style: 'bracket', isHiddenParticipants: true, winners }))
    showBattle()
    await heading()
    expect(screen.queryByRole('link', { name: 'Zulu: scorecard' })).toBeNull()
  })
})

describe('CSV download', () => {
  it('downloads battle_{id}.csv with the token when canDownload', async () => {
    const server = fakeBattleServer(pastCrews({ canDownload: true }), (call) =>
      call.path === '/api/battles/7/download' ? new Response('\ufeffname\r\n', { headers: { 'Content-Type': 'text/csv' } }) : undefined,
    )
    // jsdom has no object URLs: stand in for them for this test only
    const urls = URL as unknown as Record<string, unknown>
    const saved = { createObjectURL: urls.createObjectURL, revokeObjectURL: urls.revokeObjectURL }
    Object.assign(urls, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() })
    const clicks: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download)
    })
    showBattle()
    await heading()
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }))
    await waitFor(() => expect(clicks).toEqual(['battle_7.csv']))
    const call = server.calls.find((item) => item.path === '/api/battles/7/download')
    expect(call?.headers.get('X-Auth-Token')).toBe('access-token')
    click.mockRestore()
    Object.assign(urls, saved)
  })

  it('only logs a failed download', async () => {
    fakeBattleServer(pastCrews({ canDownload: true }))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { store } = showBattle()
    await heading()
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }))
    await waitFor(() => expect(logged).toHaveBeenCalled())
    expect(store.getState().toast.current).toBeNull()
    logged.mockRestore()
  })

  it('is not there without canDownload', async () => {
    fakeBattleServer(pastCrews())
    showBattle()
    await heading()
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildBattle } from '@/testing/battle-builders'
import { fakeBattleServer } from '@/testing/battle-server'
import { buildEvent, jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi } from '@/testing/stub-api'
import { boardSparrings } from './api/events-api'
import { boardChoices } from './components/carpet-boards'
import { EventPage } from './components/event-page'

afterEach(() => vi.unstubAllGlobals())

const side = (name: string) => ({ id: 1, name, avatar: null })
const BRACKET = {
  left: [[{ sparringId: 21, level: 'Top 4', status: 'ready', red: side('Kid'), blue: side('Rocka') }]],
  right: [[{ sparringId: 22, level: 'Top 4', status: 'finished', red: side('Ana'), blue: side('Zed') }]],
  final: { sparringId: 23, level: 'Final', status: 'waiting', red: side('Kid'), blue: null },
}

/** Event 42 as its editor reads it: published, the carpet Main, the battle 7. */
const editedEvent = () =>
  buildEvent({
    id: 42,
    status: 'published',
    permissions: { canEdit: true },
    carpets: [{ id: 3, name: 'Main' }],
    battles: [{ id: 7, title: 'Bboy 1v1', crewSize: 1, isRegistered: false, orgChip: null }],
  })

describe('Display mode: the carpets\' scoreboards', () => {
  it('offers the battle for third place for a board too', () => {
    const third = { sparringId: 24, level: 'Third place', status: 'ready', red: side('Ana'), blue: side('Rocka') }
    expect(boardSparrings(null, { ...BRACKET, third } as never).map((option) => [option.label, option.open])).toEqual([
      ['Top 4: Kid vs Rocka', true],
      ['Top 4: Ana vs Zed', false],
      ['Third place: Ana vs Rocka', true],
      ['Final: Kid vs ?', false],
    ])
  })

  it("offers round-robin groups' battles for a board, before the bracket's", () => {
    const groups = [
      { sparringId: 31, level: 'Group A', status: 'judging', red: side('Ana'), blue: side('Kid') },
      { sparringId: 32, level: 'Group B', status: 'finished', red: side('Zed'), blue: side('Rocka') },
    ]
    expect(boardSparrings(null, { ...BRACKET, groups } as never).slice(0, 3).map((option) => [option.label, option.open])).toEqual([
      ['Group A: Ana vs Kid', true],
      ['Group B: Zed vs Rocka', false],
      ['Top 4: Kid vs Rocka', true],
    ])
  })

  it("names every sparring by its level and sides ('?' for an empty side); those with both sides and not finished can go on a board", () => {
    expect(boardSparrings(null, BRACKET as never)).toEqual([
      { sparringId: 21, label: 'Top 4: Kid vs Rocka', open: true },
      { sparringId: 22, label: 'Top 4: Ana vs Zed', open: false },
      { sparringId: 23, label: 'Final: Kid vs ?', open: false },
    ])
    // several battles: each name after its battle's title
    expect(boardSparrings('Bboy 1v1', BRACKET as never)[0].label).toBe('Bboy 1v1 · Top 4: Kid vs Rocka')
    expect(boardSparrings(null, null)).toEqual([])
    const options = boardSparrings(null, BRACKET as never)
    // the finished one a board shows keeps its name; one no bracket knows is named from the board's copy
    expect(boardChoices(options, { sparringId: 22 }, false)).toEqual([
      { sparringId: 21, label: 'Top 4: Kid vs Rocka' },
      { sparringId: 22, label: 'Top 4: Ana vs Zed' },
    ])
    expect(boardChoices([], { sparringId: 30, level: 'Semi-final', red: { name: 'B-girl Ayu' }, blue: { name: 'B-boy Kai' } }, false)).toEqual([
      { sparringId: 30, label: 'Semi-final: B-girl Ayu vs B-boy Kai' },
    ])
  })

  it("gives each carpet an 'Open scoreboard' link in a new tab and a select that puts a sparring on its board", async () => {
    const event = buildEvent({
      id: 42,
      title: 'Winter Jam',
      status: 'published',
      permissions: { canEdit: true },
      carpets: [{ id: 3, name: 'Main' }, { id: 4, name: 'Side' }],
      battles: [{ id: 7, title: 'Bboy 1v1', crewSize: 1, isRegistered: false, orgChip: null }],
    })
    const calls = stubApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/events/42') return jsonResponse(event)
      if (method === 'GET' && path === '/api/events/42/scoreboards')
        return jsonResponse([
          { carpetId: 3, carpetName: 'Main', eventId: 42, sparring: null },
          { carpetId: 4, carpetName: 'Side', eventId: 42, sparring: null },
        ])
      if (method === 'GET' && path === '/api/battles/7/brackets') return jsonResponse(BRACKET)
      if (method === 'POST' && path === '/api/events/42/scoreboards/3') return jsonResponse({ carpetId: 3, carpetName: 'Main', eventId: 42, sparring: body })
      return undefined
    })
    renderWithProviders(<EventPage id={42} />, { route: '/event/42', path: '/event/:id', preloadedState: signedInState() })
    await userEvent.click(await screen.findByRole('button', { name: 'Display mode' }))
    const dialog = screen.getByRole('dialog', { name: 'Display mode' })
    const open = within(dialog).getByRole('link', { name: 'Open scoreboard of Main' })
    expect(open).toHaveAttribute('href', '/event/42/scoreboard/3')
    expect(open).toHaveAttribute('target', '_blank')
    expect(within(dialog).getByRole('link', { name: 'Open scoreboard of Side' })).toHaveAttribute('href', '/event/42/scoreboard/4')
    const select = within(dialog).getByLabelText('Sparring on Main')
    await waitFor(() => expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['None', 'Top 4: Kid vs Rocka']))
    await userEvent.selectOptions(select, '21')
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/events/42/scoreboards/3')).toHaveLength(1))
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/events/42/scoreboards/3')?.body).toEqual({ sparringId: 21 })
  })

  it('follows the battles live on the page\'s one feed while open: a sparring decided leaves the choices, the next one joins them', async () => {
    const event = editedEvent()
    const state = { bracket: BRACKET as unknown }
    const server = fakeBattleServer(buildBattle(), (call) => {
      if (call.method === 'GET' && call.path === '/api/events/42') return jsonResponse(event)
      if (call.method === 'GET' && call.path === '/api/events/42/scoreboards') return jsonResponse([{ carpetId: 3, carpetName: 'Main', eventId: 42, sparring: null }])
      if (call.method === 'GET' && call.path === '/api/battles/7/brackets') return jsonResponse(state.bracket)
      return undefined
    })
    const reads = () => server.calls.filter((call) => call.path === '/api/battles/7/brackets').length
    renderWithProviders(<EventPage id={42} />, { route: '/event/42', path: '/event/:id', preloadedState: signedInState() })
    await userEvent.click(await screen.findByRole('button', { name: 'Display mode' }))
    const select = within(screen.getByRole('dialog', { name: 'Display mode' })).getByLabelText('Sparring on Main')
    const choices = () => within(select).getAllByRole('option').map((option) => option.textContent)
    await waitFor(() => expect(choices()).toEqual(['None', 'Top 4: Kid vs Rocka']))
    // one feed for the page: the event's topic and, while the dialog is open, its battles'
    const feed = () => server.streams.find((stream) => stream.topics.includes('battle:7'))
    await waitFor(() => expect(feed()?.topics).toEqual(['event:42', 'battle:7']), { timeout: 4000 })
    const before = reads()
    feed()!.send('id: B:1\nevent: ready\ndata: {}\n\n')
    await waitFor(() => expect(reads()).toBe(before + 1))
    // the judges decide the Top 4: Kid goes to the final, which has both sides now
    state.bracket = {
      ...BRACKET,
      left: [[{ ...BRACKET.left[0][0], status: 'finished', winner: 1 }]],
      final: { ...BRACKET.final, status: 'ready', blue: side('Ana') },
    }
    feed()!.send(`id: B:2\nevent: message\ndata: ${JSON.stringify({ id: 'x', type: 'battles.sparring.decided', topics: ['sparring:21', 'battle:7'], data: {} })}\n\n`)
    await waitFor(() => expect(choices()).toEqual(['None', 'Final: Kid vs Ana']))
  })

  it('shows what is saved at once, after reopening too, although the boards were read before they existed, and follows a board changed elsewhere', async () => {
    const event = editedEvent()
    // the boards are built after the first read (the carpets saved in the dialog): that read found none
    const state = { boards: [] as unknown[] }
    const board = (sparring: unknown) => ({ carpetId: 3, carpetName: 'Main', eventId: 42, sparring })
    const server = fakeBattleServer(buildBattle(), (call) => {
      if (call.method === 'GET' && call.path === '/api/events/42') return jsonResponse(event)
      if (call.method === 'GET' && call.path === '/api/events/42/scoreboards') return jsonResponse(state.boards)
      if (call.method === 'GET' && call.path === '/api/battles/7/brackets') return jsonResponse(BRACKET)
      if (call.method === 'POST' && call.path === '/api/events/42/scoreboards/3') {
        const shown = { sparringId: 21, level: 'Top 4', battleTitle: 'Bboy 1v1', red: side('Kid'), blue: side('Rocka') }
        state.boards = [board(shown)]
        return jsonResponse(board(shown))
      }
      return undefined
    })
    renderWithProviders(<EventPage id={42} />, { route: '/event/42', path: '/event/:id', preloadedState: signedInState() })
    const open = async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Display mode' }))
      return within(screen.getByRole('dialog', { name: 'Display mode' })).getByLabelText('Sparring on Main')
    }
    let select = await open()
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2))
    state.boards = [board(null)]
    await userEvent.selectOptions(select, '21')
    await waitFor(() => expect(select).toHaveValue('21'))
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'GET' && call.path === '/api/events/42/scoreboards')).toHaveLength(2))
    expect(select).toHaveValue('21')
    // closed and opened again: still there
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Display mode' })).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const feeds = server.streams.length
    select = await open()
    expect(select).toHaveValue('21')
    // a host puts the finished Top 4 on it from another device: the board's change comes on the event's topic
    const feed = () => server.streams.at(-1)
    await waitFor(() => expect(server.streams.length).toBeGreaterThan(feeds), { timeout: 4000 })
    expect(feed()?.topics).toEqual(['event:42', 'battle:7'])
    feed()!.send('id: B:1\nevent: ready\ndata: {}\n\n')
    state.boards = [board({ sparringId: 22, level: 'Top 4', battleTitle: 'Bboy 1v1', red: side('Ana'), blue: side('Zed') })]
    feed()!.send(`id: B:2\nevent: message\ndata: ${JSON.stringify({ id: 'y', type: 'battles.scoreboard.changed', topics: ['carpet:3', 'event:42'], data: { eventId: 42, carpetId: 3, sparringId: 22 } })}\n\n`)
    await waitFor(() => expect(select).toHaveValue('22'))
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['None', 'Top 4: Kid vs Rocka', 'Top 4: Ana vs Zed'])
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildBattle } from '@/testing/battle-builders'
import { fakeBattleServer } from '@/testing/battle-server'
import { buildEvent, jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi } from '@/testing/stub-api'
import { boardSparrings } from './api/events-api'
import { EventPage } from './components/event-page'

afterEach(() => vi.unstubAllGlobals())

const side = (name: string) => ({ id: 1, name, avatar: null })
const BRACKET = {
  left: [[{ sparringId: 21, level: 'Top 4', status: 'ready', red: side('Kid'), blue: side('Rocka') }]],
  right: [[{ sparringId: 22, level: 'Top 4', status: 'finished', red: side('Ana'), blue: side('Zed') }]],
  final: { sparringId: 23, level: 'Final', status: 'waiting', red: side('Kid'), blue: null },
}

describe('Display mode: the carpets\' scoreboards', () => {
  it('lists the sparrings with both sides that are not finished', () => {
    expect(boardSparrings('Bboy 1v1', BRACKET as never)).toEqual([{ sparringId: 21, label: 'Bboy 1v1 · Top 4: Kid vs Rocka' }])
    expect(boardSparrings('Bboy 1v1', null)).toEqual([])
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
    await waitFor(() => expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['None', 'Bboy 1v1 · Top 4: Kid vs Rocka']))
    await userEvent.selectOptions(select, '21')
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/events/42/scoreboards/3')).toHaveLength(1))
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/events/42/scoreboards/3')?.body).toEqual({ sparringId: 21 })
  })

  it('follows the battles live on the page\'s one feed while open: a sparring decided leaves the choices, the next one joins them', async () => {
    const event = buildEvent({
      id: 42,
      status: 'published',
      permissions: { canEdit: true },
      carpets: [{ id: 3, name: 'Main' }],
      battles: [{ id: 7, title: 'Bboy 1v1', crewSize: 1, isRegistered: false, orgChip: null }],
    })
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
    await waitFor(() => expect(choices()).toEqual(['None', 'Bboy 1v1 · Top 4: Kid vs Rocka']))
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
    await waitFor(() => expect(choices()).toEqual(['None', 'Bboy 1v1 · Final: Kid vs Ana']))
  })
})

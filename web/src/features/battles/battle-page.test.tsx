import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildBattle, buildParticipant } from '@/testing/battle-builders'
import { fakeBattleServer as fakeServer, showBattle as show, showBattleRoutes } from '@/testing/battle-server'
import { jsonResponse } from '@/testing/builders'

afterEach(() => vi.unstubAllGlobals())

const heading = () => screen.findByRole('heading', { level: 1, name: 'Bboy 1v1' })

describe('Battle page: heading and details', () => {
  it('shows the back link, title, category, cap label, and the details behind the toggle', async () => {
    fakeServer(
      buildBattle({
        participationCapType: 'registration',
        limit: 32,
        judges: [{ id: 20, dancerName: 'Judge Roxy', avatar: null }],
        description: '<p>Bring it<script>alert(1)</script></p>',
      }),
    )
    show({ signedIn: false })
    await heading()
    expect(screen.getByRole('link', { name: 'Back to event' })).toHaveAttribute('href', '/event/42')
    expect(screen.getByTestId('battle-category')).toHaveTextContent('1 vs 1')
    expect(screen.getByTestId('cap-label')).toHaveTextContent('Registration cap: 32')
    expect(screen.queryByTestId('battle-details')).toBeNull()
    const toggle = screen.getByRole('button', { name: 'Show details' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(toggle)
    expect(screen.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true')
    const details = screen.getByTestId('battle-details')
    expect(within(details).getByRole('link', { name: /Judge Roxy/ })).toHaveAttribute('href', '/profile/20')
    expect(screen.getByTestId('battle-description').innerHTML).toBe('<p>Bring it</p>')
    expect(within(details).getByText('Cash and glory')).toBeInTheDocument()
    const prizes = within(details).getByLabelText('Prizes per place')
    expect(prizes.textContent).toBe('1st Place$3002nd Place$100')
    expect(within(details).getByTestId('org-chip')).toHaveAttribute('href', '/organization/5')
    expect(within(details).getByTestId('org-chip')).toHaveTextContent('Floor Lords')
  })

  it('labels a check-in cap and an unlimited category; no cap label for none', async () => {
    fakeServer(buildBattle({ participationCapType: 'checkIn', limit: 8, crewSize: 10000, category: 'Unlimited' }))
    show()
    await heading()
    expect(screen.getByTestId('battle-category')).toHaveTextContent('Unlimited')
    expect(screen.getByTestId('cap-label')).toHaveTextContent('Check-in cap: 8')
  })

  it('has Registration, Prelims and Brackets tabs only for the bracket style, each a route', async () => {
    fakeServer(buildBattle({ style: 'bracket' }), (call) => (call.path === '/api/battles/7/prelims' ? jsonResponse({ participants: [], groups: [], rounds: 1, status: 'registration', permissions: {} }) : undefined))
    const { router } = showBattleRoutes('/battle/7')
    await heading()
    expect(screen.getByRole('tab', { name: 'Registration' })).toHaveAttribute('aria-selected', 'true')
    await userEvent.click(screen.getByRole('tab', { name: 'Brackets' }))
    expect(router.state.location.pathname).toBe('/battle/7/brackets')
    expect(screen.getByRole('tab', { name: 'Brackets' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByText('Coming soon')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull()
    await userEvent.click(screen.getByRole('tab', { name: 'Prelims' }))
    expect(await screen.findByText('No prelims data found.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: 'Registration' }))
    expect(router.state.location.pathname).toBe('/battle/7')
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument()
  })

  it('shows no tabs for the classic style', async () => {
    fakeServer(buildBattle())
    show()
    await heading()
    expect(screen.queryByRole('tab')).toBeNull()
  })

  it('raises the not-found page for a missing battle', async () => {
    const server = fakeServer(buildBattle(), (call) => (call.path === '/api/battles/7' ? jsonResponse({ error: { code: 'not_found', message: 'Battle not found' } }, 404) : undefined))
    const { store } = show()
    await waitFor(() => expect(store.getState().notFound.path).toBe('/battle/7'))
    expect(server.reads()).toBe(1)
  })

  it('says a failed read failed, with Retry that reads again', async () => {
    let fail = true
    const server = fakeServer(buildBattle(), (call) => (call.path === '/api/battles/7' && fail ? jsonResponse({ error: { code: 'internal', message: 'boom' } }, 500) : undefined))
    show()
    expect(await screen.findByTestId('error-state')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await heading()
    expect(server.reads()).toBe(2)
  })
})

describe('Battle page: live', () => {
  it('subscribes to battle:7, re-reads once ready and on any envelope', async () => {
    const server = fakeServer(buildBattle())
    show({ liveDelayMs: 0 })
    await heading()
    await waitFor(() => expect(server.streams).toHaveLength(1))
    server.streams[0].send('id: BATTLES:1\nevent: ready\ndata: {}\n\n')
    await waitFor(() => expect(server.reads()).toBe(2))
    server.state.battle = buildBattle({ participants: [buildParticipant(3, { dancerName: 'Lil Zed' })], counters: { registered: 1, checkedIn: 0, waitList: 0 } })
    server.streams[0].send(`id: BATTLES:2\nevent: message\ndata: ${JSON.stringify({ id: 'x', type: 'battles.participant.registered', topics: ['battle:7'], data: { battleId: 7 } })}\n\n`)
    expect(await screen.findByRole('link', { name: 'Lil Zed' })).toBeInTheDocument()
    expect(server.reads()).toBe(3)
  })
})

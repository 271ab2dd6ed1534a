import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildBattle, buildParticipant } from '@/testing/battle-builders'
import { fakeBattleServer, showBattle } from '@/testing/battle-server'
import { jsonResponse } from '@/testing/builders'
import type { Battle } from './types'

afterEach(() => vi.unstubAllGlobals())

const heading = () => screen.findByRole('heading', { level: 1, name: 'Bboy 1v1' })

const legal = (overrides: Partial<Battle> = {}) =>
  buildBattle({
    hasAgreement: true,
    hasWaiver: true,
    orgLegalDocs: { agreement: '<p>I agree to dance</p>', waiver: '<p>I waive</p>', agreementSignedAt: null, waiverSignedAt: '1999-01-01T00:00:00Z' },
    permissions: {
      registered: false,
      registerButtonVisible: true,
      registerButtonEnabled: false,
      registerButtonDisableReason: 'Sign the agreement and the waiver to register.',
      showAgreement: true,
      showWaiver: true,
    },
    ...overrides,
  })

describe('Single battle: registering', () => {
  it('shows the agreement and waiver to sign, the disabled Register with the server reason; signing posts and takes the answer', async () => {
    const signed = legal({
      orgLegalDocs: { agreement: '<p>I agree to dance</p>', waiver: '<p>I waive</p>', agreementSignedAt: '2026-11-20T10:00:00Z', waiverSignedAt: null },
      permissions: { ...legal().permissions, registerButtonDisableReason: 'Sign the waiver to register.' },
    })
    const server = fakeBattleServer(legal(), (call) => (call.method === 'POST' && call.path === '/api/battles/7/sign-agreement' ? signed : undefined))
    showBattle()
    await heading()
    expect(screen.getByText('I agree to dance')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled()
    expect(screen.getByTestId('register-reason')).toHaveTextContent('Sign the agreement and the waiver to register.')
    // a waiver signed before 2000 counts as unsigned
    expect(screen.getByRole('button', { name: 'Sign waiver' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Sign agreement' }))
    expect(await screen.findByText('Agreement signed')).toBeInTheDocument()
    expect(screen.getByTestId('register-reason')).toHaveTextContent('Sign the waiver to register.')
    expect(server.posts().map((call) => call.path)).toEqual(['/api/battles/7/sign-agreement'])
  })

  it('registers, then unregisters when canUnregister', async () => {
    const registered = buildBattle({
      isRegistered: true,
      canUnregister: true,
      permissions: { ...buildBattle().permissions, registered: true },
      participants: [buildParticipant(1, { dancerName: 'B-girl Ana' })],
      counters: { registered: 1, checkedIn: 0, waitList: 0 },
    })
    const server = fakeBattleServer(buildBattle(), (call) => {
      if (call.path !== '/api/battles/7/dancer') return undefined
      return call.method === 'POST' ? registered : buildBattle()
    })
    showBattle()
    await heading()
    await userEvent.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('You are registered.')).toBeInTheDocument()
    expect(screen.getByTestId('battle-counters')).toHaveTextContent('Registered1')
    await userEvent.click(screen.getByRole('button', { name: 'Unregister' }))
    expect(await screen.findByRole('button', { name: 'Register' })).toBeInTheDocument()
    expect(server.posts().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/battles/7/dancer', 'DELETE /api/battles/7/dancer'])
  })

  it('says when the dancer is on the wait list, and hides Unregister without canUnregister', async () => {
    fakeBattleServer(buildBattle({ isRegistered: true, waitList: [buildParticipant(1)], permissions: { ...buildBattle().permissions, registered: true } }))
    showBattle()
    expect(await screen.findByText('You are on the wait list.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Unregister' })).toBeNull()
    expect(screen.getByRole('heading', { name: 'Wait list' })).toBeInTheDocument()
  })

  it('hides Register when the server says so', async () => {
    fakeBattleServer(buildBattle({ permissions: { ...buildBattle().permissions, registerButtonVisible: false } }))
    showBattle()
    await heading()
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull()
  })

  it('sends a guest who clicks Register to Login, and back here after', async () => {
    const server = fakeBattleServer(buildBattle({ permissions: { ...buildBattle().permissions, registerButtonVisible: false } }))
    const { router } = showBattle({ signedIn: false })
    await heading()
    await userEvent.click(screen.getByRole('button', { name: 'Register' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/battle/7')}`)
    expect(server.posts()).toEqual([])
  })
})

describe('Single battle: participants', () => {
  it('lists avatar, dancer name, studios linked, the number and the badges', async () => {
    fakeBattleServer(
      buildBattle({
        participants: [
          buildParticipant(3, { dancerName: 'Lil Zed', studios: [{ id: 9, name: 'Floor Lab', image: null }], randId: 4, checkedIn: true, checkedInAt: '2026-12-05T18:00:00Z' }),
          buildParticipant(4, { dancerName: 'Rocka', confirmed: false }),
          buildParticipant(5, { dancerName: 'Old Check', checkedIn: true, checkedInAt: '1999-01-01T00:00:00Z' }),
        ],
        counters: { registered: 3, checkedIn: 1, waitList: 0 },
      }),
    )
    showBattle()
    const zed = within(await screen.findByTestId('participant-3'))
    expect(zed.getByRole('link', { name: 'Lil Zed' })).toHaveAttribute('href', '/profile/3')
    expect(zed.getByRole('link', { name: 'Floor Lab' })).toHaveAttribute('href', '/studio/9')
    expect(zed.getByText('#4')).toBeInTheDocument()
    expect(zed.getByRole('img', { name: 'Checked in' })).toBeInTheDocument()
    expect(within(screen.getByTestId('participant-4')).getByRole('img', { name: 'Not confirmed' })).toBeInTheDocument()
    expect(within(screen.getByTestId('participant-5')).queryByRole('img', { name: 'Checked in' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add competitors' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull()
  })

  it('shows 16 blurred rows when the participants are hidden from the caller', async () => {
    fakeBattleServer(buildBattle({ hideParticipants: true, isHiddenParticipants: true, counters: { registered: 5, checkedIn: 0, waitList: 0 } }))
    showBattle()
    const hidden = await screen.findByTestId('hidden-rows')
    expect(hidden.querySelectorAll('[data-hidden-row]')).toHaveLength(16)
    expect(screen.getByRole('img', { name: 'The participants of this battle are hidden.' })).toBeInTheDocument()
    expect(screen.getByTestId('battle-counters')).toHaveTextContent('Registered5')
  })
})

describe('Single battle: staff', () => {
  const staffBattle = (overrides: Partial<Battle> = {}) =>
    buildBattle({
      canEdit: true,
      isAdmin: true,
      canDownload: true,
      hasAgreement: true,
      hasWaiver: false,
      permissions: { ...buildBattle().permissions, registerButtonVisible: false },
      participants: [buildParticipant(3, { dancerName: 'Lil Zed' }), buildParticipant(4, { dancerName: 'Rocka', randId: 1, checkedIn: true, agreementSigned: true, agreementSignedAt: '2026-11-01T00:00:00Z' })],
      ...overrides,
    })

  it('checks a dancer in through the events service, then reads the battle again', async () => {
    const server = fakeBattleServer(staffBattle(), (call) => (call.path === '/api/events/42/checkin/3' ? jsonResponse({ id: 42 }) : undefined))
    showBattle()
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Lil Zed' }))
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Check in', 'Sign agreement', 'Unregister'])
    await userEvent.click(screen.getByRole('menuitem', { name: 'Check in' }))
    await waitFor(() => expect(server.reads()).toBe(2))
    expect(server.posts().map((call) => call.path)).toEqual(['/api/events/42/checkin/3'])
  })

  it("gives a host (an admin who does not edit the event) the actions menu without the door's check-in", async () => {
    fakeBattleServer(staffBattle({ canEdit: false, canDownload: false }))
    showBattle()
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Lil Zed' }))
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Sign agreement', 'Unregister'])
    await userEvent.keyboard('{Escape}')
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Rocka' }))
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Unregister'])
  })

  it('shows no actions menu to a dancer who is not an admin', async () => {
    fakeBattleServer(staffBattle({ canEdit: false, isAdmin: false, canDownload: false }))
    showBattle()
    expect(await screen.findByText('Lil Zed')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Actions for Lil Zed' })).not.toBeInTheDocument()
  })

  it('asks before un-checking, with the seed text', async () => {
    const server = fakeBattleServer(staffBattle(), (call) => (call.path === '/api/admin/events/42/uncheck/4' ? jsonResponse({ id: 42 }) : undefined))
    showBattle()
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Rocka' }))
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Un-check', 'Unregister'])
    await userEvent.click(screen.getByRole('menuitem', { name: 'Un-check' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to un-check Rocka?' })
    expect(server.posts()).toEqual([])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Un-check' }))
    await waitFor(() => expect(server.posts().map((call) => call.path)).toEqual(['/api/admin/events/42/uncheck/4']))
  })

  it('unregisters a dancer after asking, and signs the agreement for them', async () => {
    const server = fakeBattleServer(staffBattle(), (call) => {
      if (call.path === '/api/admin/battles/7/unregister') return staffBattle({ participants: [] })
      if (call.path === '/api/admin/battles/7/sign-agreement/3') return jsonResponse({ date: '2026-11-25T00:00:00Z' })
      return undefined
    })
    showBattle()
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Lil Zed' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign agreement' }))
    await waitFor(() => expect(server.reads()).toBe(2))
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Lil Zed' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unregister' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to unregister Lil Zed?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unregister' }))
    expect(await screen.findByText('No participants yet')).toBeInTheDocument()
    expect(server.posts().map((call) => [call.path, call.body])).toEqual([
      ['/api/admin/battles/7/sign-agreement/3', undefined],
      ['/api/admin/battles/7/unregister', { userId: 3, crewId: null }],
    ])
  })

  it('adds competitors through the searchable picker: 50 a page, the keyword debounced, one needed', async () => {
    const server = fakeBattleServer(staffBattle({ participants: [] }), (call) => {
      if (call.path === '/api/admin/battles/7/users') {
        const k = call.params.get('k') ?? ''
        const all = [
          { id: 11, dancerName: 'Ana Flow', avatar: null, confirmed: true, agreementSignedAt: '2026-11-02T00:00:00Z' },
          { id: 12, dancerName: 'Bo', avatar: null, confirmed: true },
        ]
        return jsonResponse({ data: all.filter((user) => user.dancerName.toLowerCase().includes(k.toLowerCase())), total: 2 })
      }
      if (call.path === '/api/admin/battles/7/register') return staffBattle({ participants: [buildParticipant(11, { dancerName: 'Ana Flow' })] })
      return undefined
    })
    showBattle()
    await userEvent.click(await screen.findByRole('button', { name: 'Add competitors' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add competitors' })
    const add = within(dialog).getByRole('button', { name: 'Add competitors' })
    expect(add).toBeDisabled()
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search dancers' }), 'ana')
    await waitFor(() => expect(within(dialog).queryByText('Bo')).toBeNull())
    const searches = server.calls.filter((call) => call.path === '/api/admin/battles/7/users')
    expect(searches.at(-1)?.params.toString()).toBe('pp=50&p=0&k=ana')
    // debounced: not one search per letter
    expect(searches.length).toBeLessThan(4)
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Ana Flow' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add competitors (1)' }))
    expect(await screen.findByRole('link', { name: 'Ana Flow' })).toBeInTheDocument()
    expect(server.posts().map((call) => [call.path, call.body])).toEqual([['/api/admin/battles/7/register', { userIds: [11] }]])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
  it("asks for each picked dancer's signatures first: signed on their behalf, Add enabled only when every one is signed", async () => {
    const battle = staffBattle({ participants: [], hasAgreement: true, hasWaiver: true })
    const server = fakeBattleServer(battle, (call) => {
      if (call.path === '/api/admin/battles/7/users')
        return jsonResponse({
          data: [
            { id: 11, dancerName: 'Ana Flow', avatar: null, confirmed: true, agreementSignedAt: '2026-11-02T00:00:00Z', waiverSignedAt: '2026-11-02T00:00:00Z' },
            // a waiver dated before 2000 counts as unsigned
            { id: 12, dancerName: 'Bo', avatar: null, confirmed: true, agreementSignedAt: null, waiverSignedAt: '1999-05-01T00:00:00Z' },
          ],
          total: 2,
        })
      if (call.path.startsWith('/api/admin/battles/7/sign-')) return jsonResponse({ date: '2026-11-25T00:00:00Z' })
      if (call.path === '/api/admin/battles/7/register') return staffBattle({ participants: [buildParticipant(11, { dancerName: 'Ana Flow' }), buildParticipant(12, { dancerName: 'Bo' })] })
      return undefined
    })
    showBattle()
    await userEvent.click(await screen.findByRole('button', { name: 'Add competitors' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add competitors' })
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Ana Flow' }))
    const ana = within(dialog).getByTestId('picked-11')
    expect(ana).toHaveTextContent('Agreement signed')
    expect(ana).toHaveTextContent('Waiver signed')
    expect(within(dialog).getByRole('button', { name: 'Add competitors (1)' })).toBeEnabled()
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Bo' }))
    const add = within(dialog).getByRole('button', { name: 'Add competitors (2)' })
    expect(add).toBeDisabled()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign agreement for Bo' }))
    await waitFor(() => expect(within(dialog).getByTestId('picked-12')).toHaveTextContent('Agreement signed'))
    expect(within(dialog).getByRole('button', { name: 'Add competitors (2)' })).toBeDisabled()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign waiver for Bo' }))
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add competitors (2)' })).toBeEnabled())
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add competitors (2)' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // nobody signs for Ana: her own signatures stand
    expect(server.posts().map((call) => call.path)).toEqual([
      '/api/admin/battles/7/sign-agreement/12',
      '/api/admin/battles/7/sign-waiver/12',
      '/api/admin/battles/7/register',
    ])
    expect(server.posts().at(-1)?.body).toEqual({ userIds: [11, 12] })
  })
})

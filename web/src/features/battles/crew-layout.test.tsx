import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildBattle, buildCrew, buildParticipant } from '@/testing/battle-builders'
import { fakeBattleServer, showBattle, type Call } from '@/testing/battle-server'
import { jsonResponse } from '@/testing/builders'
import type { Battle } from './types'

afterEach(() => vi.unstubAllGlobals())

const crewBattle = (overrides: Partial<Battle> = {}) =>
  buildBattle({
    title: 'Crew Clash',
    crewSize: 3,
    category: '3 vs 3',
    crews: [
      buildCrew(3, { name: 'Floor Lords', randId: 1, participants: [buildParticipant(30, { dancerName: 'Lord One' }), buildParticipant(31, { dancerName: 'Lord Two', confirmed: false })] }),
      buildCrew(4, { name: 'Rock Steady' }),
    ],
    counters: { registered: 2, checkedIn: 1, waitList: 0 },
    ...overrides,
  })

const heading = () => screen.findByRole('heading', { level: 1, name: 'Crew Clash' })

/**
 * GET /api/crews/7/candidates: the crew form's search, whom the server lets join (it leaves out the caller, the
 * staff, judges and registered dancers); signature dates as given to the battle's admins.
 */
const usersSearch = (call: Call) =>
  call.path === '/api/crews/7/candidates'
    ? jsonResponse({
        data: [
          { id: 50, dancerName: 'Kid Flex', avatar: null, confirmed: true, agreementSignedAt: null, waiverSignedAt: null },
          { id: 51, dancerName: 'Kid Rex', avatar: null, confirmed: true, agreementSignedAt: null, waiverSignedAt: null },
          { id: 52, dancerName: 'Kid Vex', avatar: null, confirmed: true, agreementSignedAt: '2026-11-20T00:00:00Z', waiverSignedAt: null },
        ].filter((user) => user.dancerName.toLowerCase().includes((call.params.get('k') ?? '').toLowerCase())),
        total: 3,
      })
    : undefined

describe('Crew battle: the crews list', () => {
  it('lists crews with counters, numbers and the size suffix; searches by crew name', async () => {
    fakeBattleServer(crewBattle())
    showBattle()
    await heading()
    expect(screen.getByTestId('battle-counters')).toHaveTextContent('Crews registered2Checked in1')
    const lords = within(screen.getByTestId('crew-3'))
    expect(lords.getByText('2/3')).toBeInTheDocument()
    expect(lords.getByText('#1')).toBeInTheDocument()
    expect(lords.getByRole('img', { name: 'Checked in' })).toBeInTheDocument()
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search crews' }), 'ROCK')
    expect(screen.queryByTestId('crew-3')).toBeNull()
    expect(screen.getByTestId('crew-4')).toBeInTheDocument()
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search crews' }))
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search crews' }), 'nobody')
    expect(screen.getByText('No crews match this search')).toBeInTheDocument()
  })

  it("hides the '/size' suffix for unlimited crews", async () => {
    fakeBattleServer(crewBattle({ crewSize: 10000, category: 'Unlimited' }))
    showBattle()
    await heading()
    expect(within(screen.getByTestId('crew-4')).getByText('2')).toBeInTheDocument()
    expect(within(screen.getByTestId('crew-4')).queryByText('2/10000')).toBeNull()
  })

  it("highlights the caller's own crew and offers its captain Edit crew", async () => {
    const mine = buildCrew(4, { name: 'Rock Steady', captainId: 1, participants: [buildParticipant(1, { dancerName: 'B-girl Ana' })] })
    fakeBattleServer(crewBattle({ myCrewId: 4, crews: [crewBattle().crews[0], mine], permissions: { ...buildBattle().permissions, registered: true }, canUnregister: true }))
    showBattle()
    await heading()
    expect(await screen.findByRole('button', { name: 'Edit crew' })).toBeInTheDocument()
    expect(screen.getByTestId('crew-4')).toHaveAttribute('aria-current', 'true')
    expect(screen.getByTestId('crew-3')).not.toHaveAttribute('aria-current')
    expect(screen.getByTestId('my-crew')).toHaveTextContent('Your crew Rock Steady is registered.')
  })

  const crewOf = (captainId: number) => buildCrew(4, { name: 'Rock Steady', captainId, participants: [buildParticipant(1, { dancerName: 'B-girl Ana' }), buildParticipant(2)] })
  const registered = (captainId: number) =>
    crewBattle({ myCrewId: 4, crews: [crewOf(captainId)], canUnregister: true, permissions: { ...buildBattle().permissions, registered: true } })

  it('asks the captain before unregistering the crew', async () => {
    const server = fakeBattleServer(registered(1), (call) => (call.path === '/api/crews/7/4/unregister' ? crewBattle() : undefined))
    showBattle()
    await heading()
    await userEvent.click(screen.getByRole('button', { name: 'Unregister' }))
    const question = await screen.findByRole('dialog', { name: 'Are you sure you want to unregister crew Rock Steady?' })
    expect(server.posts()).toEqual([])
    await userEvent.click(within(question).getByRole('button', { name: 'Unregister' }))
    expect(await screen.findByRole('button', { name: 'Register Crew' })).toBeInTheDocument()
    expect(server.posts().map((call) => call.path)).toEqual(['/api/crews/7/4/unregister'])
  })

  it('lets a member leave without a question', async () => {
    const server = fakeBattleServer(registered(2), (call) => (call.path === '/api/crews/7/4/unregister' ? crewBattle() : undefined))
    showBattle()
    await heading()
    expect(screen.queryByRole('button', { name: 'Edit crew' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Unregister' }))
    expect(await screen.findByRole('button', { name: 'Register Crew' })).toBeInTheDocument()
    expect(server.posts().map((call) => call.path)).toEqual(['/api/crews/7/4/unregister'])
  })

  it('shows 16 blurred rows instead of the crews when hidden', async () => {
    fakeBattleServer(crewBattle({ crews: [], isHiddenParticipants: true, hideParticipants: true }))
    showBattle()
    await heading()
    expect(screen.getByTestId('hidden-rows').querySelectorAll('[data-hidden-row]')).toHaveLength(16)
    expect(screen.queryByRole('searchbox', { name: 'Search crews' })).toBeNull()
  })

  it('lists the crews on the wait list', async () => {
    fakeBattleServer(crewBattle({ waitList: [buildCrew(9, { name: 'Late Crew', inWaitlist: true })], counters: { registered: 2, checkedIn: 1, waitList: 1 } }))
    showBattle()
    await heading()
    expect(screen.getByRole('heading', { name: 'Wait list' })).toBeInTheDocument()
    expect(screen.getByTestId('crew-9')).toHaveTextContent('Late Crew')
  })
})

describe('Crew battle: invitations', () => {
  it('accepts an invitation and declines another', async () => {
    const invitations = [
      { crewId: 3, crewName: 'Floor Lords', captain: { id: 30, dancerName: 'Lord One', avatar: null } },
      { crewId: 4, crewName: 'Rock Steady', captain: { id: 40, dancerName: 'Steady', avatar: null } },
    ]
    const server = fakeBattleServer(crewBattle({ invitations }), (call) => {
      if (call.path === '/api/crews/7/3/accept') return crewBattle({ invitations: [invitations[1]], myCrewId: 3 })
      if (call.path === '/api/crews/7/4/decline') return crewBattle({ myCrewId: 3 })
      return undefined
    })
    showBattle()
    await heading()
    expect(screen.getByTestId('invitation-3')).toHaveTextContent('Lord One invites you to join Floor Lords')
    await userEvent.click(screen.getByRole('button', { name: 'Accept the invitation to Floor Lords' }))
    await waitFor(() => expect(screen.queryByTestId('invitation-3')).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Decline the invitation to Rock Steady' }))
    await waitFor(() => expect(screen.queryByTestId('invitation-4')).toBeNull())
    expect(server.posts().map((call) => call.path)).toEqual(['/api/crews/7/3/accept', '/api/crews/7/4/decline'])
  })
})

describe('Crew battle: crew modals', () => {
  it('opens a read-only crew for others, with Join crew', async () => {
    const server = fakeBattleServer(crewBattle(), (call) => (call.path === '/api/crews/7/3/join' ? crewBattle() : undefined))
    showBattle()
    await heading()
    await userEvent.click(screen.getByTestId('crew-3'))
    const dialog = await screen.findByRole('dialog', { name: 'Floor Lords' })
    expect(within(dialog).getByRole('link', { name: 'Lord One' })).toBeInTheDocument()
    expect(within(dialog).getByRole('img', { name: 'Not confirmed' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: /Actions for/ })).toBeNull()
    expect(within(dialog).queryByRole('button', { name: 'Unregister crew' })).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join crew' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.posts().map((call) => call.path)).toEqual(['/api/crews/7/3/join'])
  })

  it('gives admins the crew modal: unregister the crew after the seed question', async () => {
    const server = fakeBattleServer(crewBattle({ canEdit: true, isAdmin: true }), (call) => (call.path === '/api/admin/crews/7/3/unregister' ? crewBattle({ canEdit: true, isAdmin: true, crews: [crewBattle().crews[1]] }) : undefined))
    showBattle()
    await heading()
    await userEvent.click(screen.getByTestId('crew-3'))
    const modal = await screen.findByRole('dialog', { name: 'Floor Lords' })
    await userEvent.click(within(modal).getByRole('button', { name: 'Unregister crew' }))
    const question = await screen.findByRole('dialog', { name: 'Are you sure you want to unregister crew Floor Lords?' })
    await userEvent.click(within(question).getByRole('button', { name: 'Unregister' }))
    await waitFor(() => expect(screen.queryByTestId('crew-3')).toBeNull())
    expect(server.posts().map((call) => call.path)).toEqual(['/api/admin/crews/7/3/unregister'])
  })

  it("lets admins accept, decline (asked first) and unregister a crew's dancers", async () => {
    const server = fakeBattleServer(crewBattle({ canEdit: true, isAdmin: true }), (call) => (call.method === 'POST' && call.path.startsWith('/api/admin/crews/7/3/') ? crewBattle({ canEdit: true, isAdmin: true }) : undefined))
    showBattle()
    await heading()
    await userEvent.click(screen.getByTestId('crew-3'))
    const modal = await screen.findByRole('dialog', { name: 'Floor Lords' })
    await userEvent.click(within(modal).getByRole('button', { name: 'Actions for Lord Two' }))
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Accept', 'Decline', 'Check in', 'Unregister'])
    await userEvent.click(screen.getByRole('menuitem', { name: 'Accept' }))
    await waitFor(() => expect(server.posts()).toHaveLength(1))

    await userEvent.click(await within(modal).findByRole('button', { name: 'Actions for Lord Two' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Decline' }))
    let question = await screen.findByRole('dialog', { name: "Are you sure you want to decline Lord Two from 'Floor Lords'?" })
    await userEvent.click(within(question).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(server.posts()).toHaveLength(2))

    await userEvent.click(await within(modal).findByRole('button', { name: 'Actions for Lord One' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unregister' }))
    question = await screen.findByRole('dialog', { name: "Are you sure you want to unregister Lord One from 'Floor Lords'?" })
    await userEvent.click(within(question).getByRole('button', { name: 'Unregister' }))
    await waitFor(() => expect(server.posts()).toHaveLength(3))
    expect(server.posts().map((call) => call.path)).toEqual(['/api/admin/crews/7/3/accept/31', '/api/admin/crews/7/3/decline/31', '/api/admin/crews/7/3/unregister/30'])
  })
})

describe('Crew battle: the crew form', () => {
  it("registers a crew: the caller first, the search excludes them (100 a page), 'Crew name is required', adds beyond the size ignored", async () => {
    const server = fakeBattleServer(crewBattle({ crewSize: 2, category: '2 vs 2' }), (call) => usersSearch(call) ?? (call.path === '/api/crews/7' ? crewBattle({ crewSize: 2, myCrewId: 8 }) : undefined))
    showBattle()
    await heading()
    await userEvent.click(screen.getByRole('button', { name: 'Register Crew' }))
    const form = await screen.findByRole('dialog', { name: 'Register Crew' })
    const save = within(form).getByRole('button', { name: 'Register Crew' })
    expect(within(form).getByTestId('member-1')).toHaveTextContent('B-girl Ana (you)')
    expect(save).toBeDisabled()
    const name = within(form).getByRole('textbox', { name: 'Crew name*' })
    await userEvent.click(name)
    await userEvent.tab()
    expect(within(form).getByText('Crew name is required')).toBeInTheDocument()
    await userEvent.type(name, '  Ana Crew ')
    expect(save).toBeEnabled()

    await userEvent.type(within(form).getByRole('combobox', { name: 'Add dancers' }), 'kid')
    // the search typed goes to the crew's candidates once the typing pauses
    const searches = () => server.calls.filter((call) => call.path === '/api/crews/7/candidates').map((call) => call.params.toString())
    await waitFor(() => expect(searches()).toContain('pp=100&p=0&k=kid'))
    await userEvent.click(await within(form).findByRole('option', { name: /Kid Flex/ }))
    // the public user search is not used: it would offer judges, staff and registered dancers
    expect(server.calls.some((call) => call.path === '/api/users')).toBe(false)
    expect(within(form).getByTestId('member-50')).toHaveTextContent('Kid Flex')
    // the crew is full at 2: the search is closed to more
    expect(within(form).getByRole('combobox', { name: 'Add dancers' })).toBeDisabled()

    await userEvent.click(save)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.posts().map((call) => [call.path, call.body])).toEqual([['/api/crews/7', { eventId: 42, name: 'Ana Crew', userIds: [1, 50] }]])
  })

  it('asks before registering a crew of one, with the seed text; Cancel leaves nothing', async () => {
    const server = fakeBattleServer(crewBattle(), (call) => (call.path === '/api/crews/7' ? crewBattle({ myCrewId: 8 }) : undefined))
    showBattle()
    await heading()
    await userEvent.click(screen.getByRole('button', { name: 'Register Crew' }))
    let form = await screen.findByRole('dialog', { name: 'Register Crew' })
    await userEvent.type(within(form).getByRole('textbox', { name: 'Crew name*' }), 'Solo')
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Register Crew' }))
    form = await screen.findByRole('dialog', { name: 'Register Crew' })
    expect(within(form).getByRole('textbox', { name: 'Crew name*' })).toHaveValue('')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Crew name*' }), 'Solo')
    await userEvent.click(within(form).getByRole('button', { name: 'Register Crew' }))
    const question = await screen.findByText("Looks like you didn't add anyone to your crew, if you are sure and want to continue, click OK.")
    expect(server.posts()).toEqual([])
    await userEvent.click(within(question.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    expect(server.posts()[0].body).toEqual({ eventId: 42, name: 'Solo', userIds: [1] })
  })

  it('keeps save disabled until the caller signs the agreement, signed in the form', async () => {
    const legal = (signedAt: string | null) =>
      crewBattle({
        hasAgreement: true,
        orgLegalDocs: { agreement: '<p>Agree</p>', waiver: null, agreementSignedAt: signedAt, waiverSignedAt: null },
        permissions: { ...buildBattle().permissions, showAgreement: true },
      })
    const server = fakeBattleServer(legal(null), (call) => (call.path === '/api/battles/7/sign-agreement' ? legal('2026-11-25T00:00:00Z') : undefined))
    showBattle()
    await heading()
    await userEvent.click(screen.getByRole('button', { name: 'Register Crew' }))
    const form = await screen.findByRole('dialog', { name: 'Register Crew' })
    await userEvent.type(within(form).getByRole('textbox', { name: 'Crew name*' }), 'Signed Crew')
    expect(within(form).getByRole('button', { name: 'Register Crew' })).toBeDisabled()
    await userEvent.click(within(form).getByRole('button', { name: 'Sign agreement for B-girl Ana' }))
    expect(await within(form).findByText('Agreement signed')).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Register Crew' })).toBeEnabled()
    expect(server.posts().map((call) => call.path)).toEqual(['/api/battles/7/sign-agreement'])
  })

  it('edits a crew: Save edits sends PUT with the members left', async () => {
    const mine = buildCrew(4, {
      name: 'Rock Steady',
      captainId: 1,
      participants: [buildParticipant(1, { dancerName: 'B-girl Ana' }), buildParticipant(60, { dancerName: 'Popper' }), buildParticipant(61, { dancerName: 'Locker' })],
    })
    const battle = crewBattle({ myCrewId: 4, crews: [mine], canUnregister: true, permissions: { ...buildBattle().permissions, registered: true } })
    const server = fakeBattleServer(battle, (call) => (call.method === 'PUT' ? battle : undefined))
    showBattle()
    await heading()
    await userEvent.click(screen.getByRole('button', { name: 'Edit crew' }))
    const form = await screen.findByRole('dialog', { name: 'Edit crew' })
    expect(within(form).getByRole('textbox', { name: 'Crew name*' })).toHaveValue('Rock Steady')
    expect(within(form).queryByRole('button', { name: 'Remove B-girl Ana' })).toBeNull()
    await userEvent.click(within(form).getByRole('button', { name: 'Remove Popper' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Save edits' }))
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    expect(server.posts()[0]).toMatchObject({ method: 'PUT', path: '/api/crews/7/4', body: { eventId: 42, name: 'Rock Steady', userIds: [1, 61] } })
  })

  it('lets admins add a crew they are not in: no participants, no save', async () => {
    fakeBattleServer(crewBattle({ canEdit: true, isAdmin: true, permissions: { ...buildBattle().permissions, registerButtonVisible: false } }))
    showBattle()
    await heading()
    expect(screen.queryByRole('button', { name: 'Register Crew' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Add crew' }))
    const form = await screen.findByRole('dialog', { name: 'Register Crew' })
    expect(within(form).queryByTestId('member-1')).toBeNull()
    await userEvent.type(within(form).getByRole('textbox', { name: 'Crew name*' }), 'Invited')
    // no participants: save stays disabled
    expect(within(form).getByRole('button', { name: 'Register Crew' })).toBeDisabled()
  })

  it('offers only what the server lets join, without those already picked; an edited crew asks with its id', async () => {
    const mine = buildCrew(4, { name: 'Rock Steady', captainId: 1, participants: [buildParticipant(1, { dancerName: 'B-girl Ana' }), buildParticipant(50, { dancerName: 'Kid Flex' })] })
    const battle = crewBattle({ myCrewId: 4, crews: [mine], isHiddenParticipants: true, hideParticipants: true, permissions: { ...buildBattle().permissions, registered: true } })
    const server = fakeBattleServer(battle, usersSearch)
    showBattle()
    await heading()
    await userEvent.click(screen.getByRole('button', { name: 'Edit crew' }))
    const form = await screen.findByRole('dialog', { name: 'Edit crew' })
    await userEvent.type(within(form).getByRole('combobox', { name: 'Add dancers' }), 'kid')
    await within(form).findByRole('option', { name: /Kid Rex/ })
    expect(within(form).getAllByRole('option')).toHaveLength(2)
    expect(within(form).getByRole('option', { name: /Kid Vex/ })).toBeInTheDocument()
    // Kid Flex is in the crew already: not offered again
    expect(within(form).queryByRole('option', { name: /Kid Flex/ })).toBeNull()
    const search = server.calls.filter((call) => call.path === '/api/crews/7/candidates').at(-1)
    expect(search?.params.get('crewId')).toBe('4')
  })

  it('shows a captain which invited members still must sign, without blocking the invitation', async () => {
    const battle = crewBattle({
      hasAgreement: true,
      orgLegalDocs: { agreement: '<p>Agree</p>', waiver: null, agreementSignedAt: '2026-11-20T00:00:00Z', waiverSignedAt: null },
      permissions: { ...buildBattle().permissions, showAgreement: true },
    })
    fakeBattleServer(battle, usersSearch)
    showBattle()
    await heading()
    await userEvent.click(screen.getByRole('button', { name: 'Register Crew' }))
    const form = await screen.findByRole('dialog', { name: 'Register Crew' })
    await userEvent.type(within(form).getByRole('textbox', { name: 'Crew name*' }), 'Mixed')
    await userEvent.type(within(form).getByRole('combobox', { name: 'Add dancers' }), 'flex')
    await userEvent.click(await within(form).findByRole('option', { name: /Kid Flex/ }))
    expect(within(form).getByTestId('member-1')).toHaveTextContent('Agreement signed')
    // the captain cannot sign for them: each signs when accepting (the server refuses an unsigned accept)
    expect(within(form).getByTestId('member-50')).toHaveTextContent('Agreement not signed')
    expect(within(form).queryByRole('button', { name: 'Sign agreement for Kid Flex' })).toBeNull()
    expect(within(form).getByRole('button', { name: 'Register Crew' })).toBeEnabled()
  })

  it('shows an admin the signatures a picked dancer already has', async () => {
    const battle = crewBattle({ canEdit: true, isAdmin: true, hasAgreement: true, permissions: { ...buildBattle().permissions, registerButtonVisible: false } })
    fakeBattleServer(battle, usersSearch)
    showBattle()
    await heading()
    await userEvent.click(screen.getByRole('button', { name: 'Add crew' }))
    const form = await screen.findByRole('dialog', { name: 'Register Crew' })
    await userEvent.type(within(form).getByRole('textbox', { name: 'Crew name*' }), 'Vex')
    await userEvent.type(within(form).getByRole('combobox', { name: 'Add dancers' }), 'vex')
    await userEvent.click(await within(form).findByRole('option', { name: /Kid Vex/ }))
    expect(within(form).getByTestId('member-52')).toHaveTextContent('Agreement signed')
    expect(within(form).queryByRole('button', { name: 'Sign agreement for Kid Vex' })).toBeNull()
    expect(within(form).getByRole('button', { name: 'Register Crew' })).toBeEnabled()
  })

  it("lets editors sign for the members they add; save waits for every member's signature", async () => {
    const battle = crewBattle({ canEdit: true, isAdmin: true, hasAgreement: true, permissions: { ...buildBattle().permissions, registerButtonVisible: false } })
    const server = fakeBattleServer(battle, (call) => {
      if (call.path.startsWith('/api/admin/battles/7/sign-agreement/')) return jsonResponse({ date: '2026-11-25T00:00:00Z' })
      if (call.path === '/api/crews/7') return battle
      return usersSearch(call)
    })
    showBattle()
    await heading()
    await userEvent.click(screen.getByRole('button', { name: 'Add crew' }))
    const form = await screen.findByRole('dialog', { name: 'Register Crew' })
    await userEvent.type(within(form).getByRole('textbox', { name: 'Crew name*' }), 'Kids')
    await userEvent.type(within(form).getByRole('combobox', { name: 'Add dancers' }), 'kid')
    await userEvent.click(await within(form).findByRole('option', { name: /Kid Flex/ }))
    await userEvent.type(within(form).getByRole('combobox', { name: 'Add dancers' }), 'kid')
    await userEvent.click(await within(form).findByRole('option', { name: /Kid Rex/ }))
    const save = within(form).getByRole('button', { name: 'Register Crew' })
    expect(save).toBeDisabled()
    await userEvent.click(within(form).getByRole('button', { name: 'Sign agreement for Kid Flex' }))
    await waitFor(() => expect(within(within(form).getByTestId('member-50')).getByText('Agreement signed')).toBeInTheDocument())
    expect(save).toBeDisabled()
    await userEvent.click(within(form).getByRole('button', { name: 'Sign agreement for Kid Rex' }))
    await waitFor(() => expect(save).toBeEnabled())
    await userEvent.click(save)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.posts().map((call) => [call.path, call.body])).toEqual([
      ['/api/admin/battles/7/sign-agreement/50', undefined],
      ['/api/admin/battles/7/sign-agreement/51', undefined],
      ['/api/crews/7', { eventId: 42, name: 'Kids', userIds: [50, 51] }],
    ])
  })

  it('opens a crew from the keyboard, and shows checked-in members with the check in the form', async () => {
    const mine = buildCrew(4, {
      name: 'Rock Steady',
      captainId: 1,
      participants: [buildParticipant(1, { dancerName: 'B-girl Ana', randId: 2, checkedIn: true }), buildParticipant(60, { dancerName: 'Popper' })],
    })
    fakeBattleServer(crewBattle({ myCrewId: 4, crews: [crewBattle().crews[0], mine], permissions: { ...buildBattle().permissions, registered: true } }))
    showBattle()
    await heading()
    screen.getByTestId('crew-3').focus()
    await userEvent.keyboard('{Enter}')
    const details = await screen.findByRole('dialog', { name: 'Floor Lords' })
    await userEvent.click(within(details).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Edit crew' }))
    const form = await screen.findByRole('dialog', { name: 'Edit crew' })
    expect(within(within(form).getByTestId('member-1')).getByRole('img', { name: 'Checked in' })).toBeInTheDocument()
    expect(within(within(form).getByTestId('member-60')).queryByRole('img', { name: 'Checked in' })).toBeNull()
  })
})

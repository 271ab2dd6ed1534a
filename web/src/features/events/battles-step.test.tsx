import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildBattle as buildAnswer } from '@/testing/battle-builders'
import { buildEvent, buildUser, jsonResponse, type EventOverrides } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi, type ApiCall } from '@/testing/stub-api'
import { bracketLevels } from './battle-rules'
import { CreateEventProcessing } from './components/create-event'
import type { Battle, BattleDraft, BattleJudge, CypherEvent } from './types'
import { keepStyles } from '@/testing/styles'

afterEach(() => vi.unstubAllGlobals())

/** A battle as GET /api/battles/{id} answers it: the add-battle defaults, with overrides. */
function buildBattle(overrides: Partial<Battle> = {}): Battle {
  return buildAnswer({ title: 'Battle', description: '', prizesDesc: '', prizes: [], startDate: '2026-12-05T17:00:00Z', bracketLevels: bracketLevels(16), canEdit: true, ...overrides })
}

const jam = (overrides: EventOverrides = {}) =>
  buildEvent({ title: 'Jam', orgId: 5, org: { id: 5, name: 'Floor Lords', image: null }, timeZone: 'America/New_York', dateStart: '2026-12-05T12:00', ...overrides })

/**
 * The events and battles services as the wizard sees them: the event saved as posted, battles kept in a map
 * (a PUT answers the battle as sent, the server's 0-1 rule applied), judges by id.
 */
function services(event: CypherEvent, initial: Battle[] = [], extra: (call: ApiCall) => Response | undefined = () => undefined) {
  const battles = new Map(initial.map((battle) => [battle.id, battle]))
  let nextId = 100
  const judge: BattleJudge = { id: 9, dancerName: 'Judge Jo', avatar: null }
  return stubApi((call) => {
    const answer = extra(call)
    if (answer) return answer
    const { method, path, body } = call
    if (path === '/api/user') return jsonResponse(buildUser({ id: 1 }))
    if (path === '/api/orgs') return jsonResponse({ items: [{ id: 5, name: 'Floor Lords' }, { id: 6, name: 'Rock Steady' }] })
    if (path === '/api/users') return jsonResponse({ items: [{ id: 9, name: 'Judge Jo', dancerName: 'Judge Jo', avatar: null }] })
    if (path === `/api/events/${event.id}` && method === 'GET') return jsonResponse(event)
    if (path === `/api/events/${event.id}` && method === 'POST') return jsonResponse({ ...event, ...(body as object) })
    if (path === `/api/events/${event.id}/add-battle` && method === 'POST') {
      const battle = buildBattle({ id: nextId++ })
      battles.set(battle.id, battle)
      return jsonResponse(battle, 201)
    }
    const match = /^\/api\/battles\/(\d+)(\/role)?$/.exec(path)
    if (!match) return undefined
    const id = Number(match[1])
    const battle = battles.get(id)
    if (!battle) return undefined
    if (match[2]) {
      const judges = method === 'POST' ? [judge] : []
      battles.set(id, { ...battle, judges })
      return jsonResponse(judges)
    }
    if (method === 'GET') return jsonResponse(battle)
    if (method === 'DELETE') {
      battles.delete(id)
      return new Response(null, { status: 204 })
    }
    if (method === 'PUT') {
      const update = body as BattleDraft
      const saved = { ...battle, ...update, prizes: update.prizes.map((prize, index) => ({ id: index + 1, ...prize })) }
      battles.set(id, saved)
      return jsonResponse(saved)
    }
  })
}

const render = (event: CypherEvent) =>
  renderWithProviders(<CreateEventProcessing id={event.id} />, { route: `/create-event/${event.id}`, path: '/create-event/:id', preloadedState: signedInState() })

/** The Battles step of a jam with battle 7 (`battle`), its Edit Battle dialog open. */
async function editBattle(battle: Battle = buildBattle(), extra?: (call: ApiCall) => Response | undefined) {
  const event = jam({ battles: [{ id: 7, title: 'Battle', crewSize: 1, isRegistered: false, orgChip: null }] })
  const calls = services(event, [battle], extra)
  const user = userEvent.setup()
  const { store } = render(event)
  await openBattlesStep(user)
  await user.click(screen.getByRole('button', { name: 'Edit Battle' }))
  const dialog = await screen.findByRole('dialog', { name: 'Edit Battle' })
  return { calls, user, store, dialog }
}

async function openBattlesStep(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit Battles' }))
  expect(screen.getByRole('heading', { name: 'Battles' })).toBeInTheDocument()
}

const puts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT' && call.path.startsWith('/api/battles/'))

describe('the Battles step', () => {
  it("adds a battle, opens the dialog on it, saves with PUT and shows it in the blocks and the review", async () => {
    const calls = services(jam())
    const user = userEvent.setup()
    render(jam())
    expect(await screen.findByText('No battles yet.')).toBeInTheDocument()
    await openBattlesStep(user)
    await user.click(screen.getByRole('button', { name: 'Add Battle' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Battle' })
    expect(calls.filter((call) => call.path === '/api/events/42/add-battle').map((call) => call.method)).toEqual(['POST'])
    // the defaults, the start in the venue's time
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Battle')
    expect(within(dialog).getByLabelText(/^Title/)).toHaveAttribute('maxlength', '150')
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent('1 vs 1')
    expect(within(dialog).getByRole('combobox', { name: 'Organization' })).toHaveTextContent('Floor Lords')
    expect(within(dialog).getByLabelText('Start date')).toHaveValue('2026-12-05')
    expect(within(dialog).getByLabelText('Start time')).toHaveValue('12:00')

    await user.clear(within(dialog).getByLabelText(/^Title/))
    await user.type(within(dialog).getByLabelText(/^Title/), 'Top Rock')
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }))
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent)
    expect(options).toEqual(['1 vs 1', '2 vs 2', '3 vs 3', '4 vs 4', '5 vs 5', '6 vs 6', '7 vs 7', '8 vs 8', '9 vs 9', '10 vs 10', 'Unlimited'])
    await user.click(screen.getByRole('option', { name: '3 vs 3' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(puts(calls)).toHaveLength(1)
    expect(puts(calls)[0]).toMatchObject({ path: '/api/battles/100' })
    expect(puts(calls)[0].body).toEqual({
      title: 'Top Rock',
      crewSize: 3,
      orgId: 5,
      organizationCompetitorsOnly: false,
      description: '',
      hideParticipants: false,
      votersCheckedIn: false,
      thirdPlace: false,
      roundRobin: false,
      judgingMode: 'points',
      participationCapType: 'none',
      limit: 0,
      style: 'classic',
      bracketSize: 16,
      bracketLevels: bracketLevels(16),
      prizesDesc: '',
      prizes: [],
      startDate: '2026-12-05T12:00:00-05:00',
    })
    const blocks = screen.getByRole('list', { name: 'Battles' })
    expect(within(blocks).getByText('Top Rock')).toBeInTheDocument()
    expect(within(blocks).getByText('3 vs 3')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Top Rock: 3 vs 3')).toBeInTheDocument()
  })

  it("edits an event's battle read whole from GET /api/battles/{id}: bracket levels from the size, rounds, prizes with the 0-1 rule", async () => {
    const battle = buildBattle({ title: 'Top Rock', crewSize: 10000, prizesDesc: 'Trophies', prizes: [{ id: 1, title: '1st Place', amount: 300 }] })
    const event = jam({ battles: [{ id: 7, title: 'Top Rock', crewSize: 10000, isRegistered: false, orgChip: null }] })
    const calls = services(event, [battle])
    const user = userEvent.setup()
    render(event)
    expect(await screen.findByText('Top Rock: Unlimited')).toBeInTheDocument()
    await openBattlesStep(user)
    await user.click(screen.getByRole('button', { name: 'Edit Top Rock' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Top Rock' })
    expect(calls.some((call) => call.method === 'GET' && call.path === '/api/battles/7')).toBe(true)
    expect(within(dialog).getByLabelText('Prize purse (optional)')).toHaveValue('Trophies')
    expect(within(dialog).getByLabelText('1st Place amount')).toHaveValue('300')

    // a bracket: its size, and the levels derived from it
    expect(within(dialog).queryByRole('list', { name: 'Bracket levels' })).toBeNull()
    await user.click(within(dialog).getByRole('radio', { name: 'Bracket' }))
    const levels = () => within(within(dialog).getByRole('list', { name: 'Bracket levels' })).getAllByRole('listitem').map((item) => item.firstChild?.textContent)
    expect(levels()).toEqual(['Top 16', 'Top 8', 'Semi-final', 'Final'])
    await user.click(within(dialog).getByRole('combobox', { name: 'Bracket size' }))
    await user.click(screen.getByRole('option', { name: '2' }))
    expect(levels()).toEqual(['Final'])
    await user.click(within(dialog).getByRole('combobox', { name: 'Bracket size' }))
    await user.click(screen.getByRole('option', { name: '8' }))
    expect(levels()).toEqual(['Top 8', 'Semi-final', 'Final'])
    // rounds 1 to 101: too many comes back to 101 when the field is left
    const finalRounds = within(dialog).getByLabelText('Final rounds')
    await user.clear(finalRounds)
    await user.type(finalRounds, '500')
    expect(within(dialog).getByText('A whole number from 1 to 101')).toBeInTheDocument()
    await user.tab()
    expect(finalRounds).toHaveValue('101')
    await user.clear(within(dialog).getByLabelText('Semi-final rounds'))
    await user.type(within(dialog).getByLabelText('Semi-final rounds'), '3')

    // prizes: a place once each; 50 cents becomes $1
    await user.click(within(dialog).getByRole('button', { name: 'Add prize' }))
    const second = within(dialog).getByLabelText('2nd Place amount')
    await user.type(second, '0.5')
    await user.tab()
    expect(second).toHaveValue('1')
    await user.click(within(dialog).getByRole('button', { name: 'Remove 1st Place prize' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(puts(calls)).toHaveLength(1))
    expect(puts(calls)[0].body).toMatchObject({
      crewSize: 10000,
      style: 'bracket',
      bracketSize: 8,
      bracketLevels: [
        { name: 'Top 8', rounds: 1 },
        { name: 'Semi-final', rounds: 3 },
        { name: 'Final', rounds: 101 },
      ],
      prizesDesc: 'Trophies',
      prizes: [{ title: '2nd Place', amount: 1 }],
    })
  })

  it('offers each prize place once, and no more prizes once every place has one', async () => {
    const battle = buildBattle({ prizes: ['1st Place', '2nd Place', 'Top 4', 'Top 8', 'Top 16'].map((title, index) => ({ id: index + 1, title, amount: 10 })) })
    const { user, dialog } = await editBattle(battle)
    await user.click(within(dialog).getByRole('button', { name: 'Add prize' }))
    expect(within(dialog).getByLabelText('Top 32 amount')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Add prize' })).toBeNull()
    await user.click(within(dialog).getAllByRole('combobox', { name: 'Place' })[0])
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual(['1st Place'])
  })

  it("applies the cap rules: the same cap again resets it; hiding participants resets and disables the registration cap", async () => {
    const { calls, user, dialog } = await editBattle()
    const registration = within(dialog).getByRole('button', { name: 'Registration cap' })
    const checkIn = within(dialog).getByRole('button', { name: 'Check-in cap' })
    expect(registration).toHaveAttribute('aria-pressed', 'false')
    expect(within(dialog).queryByLabelText('Limit')).toBeNull()

    await user.click(registration)
    expect(registration).toHaveAttribute('aria-pressed', 'true')
    await user.clear(within(dialog).getByLabelText('Limit'))
    await user.type(within(dialog).getByLabelText('Limit'), '32')
    // the same cap again: none, limit 0
    await user.click(registration)
    expect(registration).toHaveAttribute('aria-pressed', 'false')
    expect(within(dialog).queryByLabelText('Limit')).toBeNull()
    await user.click(registration)
    expect(within(dialog).getByLabelText('Limit')).toHaveValue('0')
    await user.type(within(dialog).getByLabelText('Limit'), '{backspace}16')
    // limit min 0
    await user.type(within(dialog).getByLabelText('Limit'), '{selectall}-1')
    expect(within(dialog).getByText('A whole number from 0 to 100000')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Limit'), '{selectall}16')

    // hiding participants while the registration cap is on: none, limit 0, and the registration cap disabled
    await user.click(within(dialog).getByRole('switch', { name: 'Hide participants' }))
    expect(registration).toHaveAttribute('aria-pressed', 'false')
    expect(registration).toBeDisabled()
    expect(within(dialog).queryByLabelText('Limit')).toBeNull()
    // the check-in cap stays available
    await user.click(checkIn)
    expect(checkIn).toHaveAttribute('aria-pressed', 'true')
    await user.type(within(dialog).getByLabelText('Limit'), '{selectall}8')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts(calls)).toHaveLength(1))
    expect(puts(calls)[0].body).toMatchObject({ hideParticipants: true, participationCapType: 'checkIn', limit: 8 })
  })

  it('asks before deleting a battle, and deletes it only when confirmed', async () => {
    const event = jam({ battles: [{ id: 7, title: 'Top Rock', crewSize: 2, isRegistered: false, orgChip: null }] })
    const calls = services(event, [buildBattle({ title: 'Top Rock', crewSize: 2 })])
    const user = userEvent.setup()
    render(event)
    await openBattlesStep(user)
    await user.click(screen.getByRole('button', { name: 'Delete Top Rock' }))
    let question = screen.getByRole('dialog', { name: 'Are you sure you want to delete this battle' })
    await user.click(within(question).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false)
    expect(screen.getByText('Top Rock')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Delete Top Rock' }))
    question = screen.getByRole('dialog', { name: 'Are you sure you want to delete this battle' })
    await user.click(within(question).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByText('Top Rock')).toBeNull())
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/battles/7'])
    expect(screen.getByText('No battles yet.')).toBeInTheDocument()
  })

  it('adds and removes judges through the server and shows its list', async () => {
    const { calls, user, dialog } = await editBattle()
    expect(within(dialog).getByText('No judges yet')).toBeInTheDocument()
    await user.click(within(dialog).getByLabelText('Add judge'))
    await user.click(await screen.findByRole('option', { name: /Judge Jo/ }))
    const judges = await within(dialog).findByRole('list', { name: 'Judges' })
    expect(within(judges).getByText('Judge Jo')).toBeInTheDocument()
    await user.click(within(judges).getByRole('button', { name: 'Remove Judge Jo' }))
    await waitFor(() => expect(within(dialog).queryByRole('list', { name: 'Judges' })).toBeNull())
    const roles = calls.filter((call) => call.path === '/api/battles/7/role')
    expect(roles.map((call) => [call.method, call.body])).toEqual([
      ['POST', { userId: 9, role: 'judge' }],
      ['DELETE', { userId: 9, role: 'judge' }],
    ])
  })

  it('brings the judge search results into view inside the dialog as they open and arrive', async () => {
    keepStyles() // reads computed styles
    const event = jam({ battles: [{ id: 7, title: 'Battle', crewSize: 1, isRegistered: false, orgChip: null }] })
    services(event, [buildBattle()])
    // jsdom lays nothing out: record which element asks to be scrolled into view
    const scrolled: Element[] = []
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this)
    })
    Element.prototype.scrollIntoView = scrollIntoView
    try {
      const user = userEvent.setup()
      render(event)
      await openBattlesStep(user)
      await user.click(screen.getByRole('button', { name: 'Edit Battle' }))
      const dialog = await screen.findByRole('dialog', { name: 'Edit Battle' })
      await user.click(within(dialog).getByLabelText('Add judge'))
      const listbox = await within(dialog).findByRole('listbox', { name: 'Add judge results' })
      await within(listbox).findByRole('option', { name: /Judge Jo/ })
      await waitFor(() => expect(scrolled.some((element) => element.contains(listbox) && element.contains(within(listbox).getByRole('option', { name: /Judge Jo/ })))).toBe(true))
      expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' })
      // the list cannot grow past part of the screen (a phone keeps the field in view)
      const box = scrolled.at(-1) as HTMLElement
      expect(getComputedStyle(box).maxHeight).toBe('min(320px, 40vh)')
    } finally {
      // @ts-expect-error jsdom has none of its own
      delete Element.prototype.scrollIntoView
    }
  })

  it('lets a bracket battle keep its audience votes to the people checked in at the event', async () => {
    const { calls, user, dialog } = await editBattle(buildBattle({ style: 'bracket', bracketSize: 8 }))
    const checkedIn = within(dialog).getByRole('switch', { name: 'Only people checked in at the event vote in the sparrings' })
    expect(checkedIn).not.toBeChecked()
    await user.click(checkedIn)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts(calls)).toHaveLength(1))
    expect(puts(calls)[0].body).toMatchObject({ style: 'bracket', votersCheckedIn: true })
  })

  it('offers seven to smoke as a style, with none of the bracket\'s fields', async () => {
    const { calls, user, dialog } = await editBattle(buildBattle({ style: 'classic' }))
    await user.click(within(dialog).getByRole('radio', { name: 'Seven to smoke' }))
    expect(within(dialog).queryByRole('combobox', { name: 'Bracket size' })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts(calls)).toHaveLength(1))
    expect(puts(calls)[0].body).toMatchObject({ style: 'smoke' })
  })

  it("lets a bracket of 4 or more have the semi-finals' losers battle for third place", async () => {
    const { calls, user, dialog } = await editBattle(buildBattle({ style: 'bracket', bracketSize: 4 }))
    const third = within(dialog).getByRole('switch', { name: "The semi-finals' losers battle for third place" })
    expect(third).not.toBeChecked()
    await user.click(third)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts(calls)).toHaveLength(1))
    expect(puts(calls)[0].body).toMatchObject({ style: 'bracket', bracketSize: 4, thirdPlace: true })
  })

  it('lets a bracket battle have round-robin groups before the bracket', async () => {
    const { calls, user, dialog } = await editBattle(buildBattle({ style: 'bracket', bracketSize: 8 }))
    const groups = within(dialog).getByRole('switch', { name: 'Round-robin groups before the bracket (groups of 4, the best 2 of each go on)' })
    expect(groups).not.toBeChecked()
    await user.click(groups)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts(calls)).toHaveLength(1))
    expect(puts(calls)[0].body).toMatchObject({ style: 'bracket', roundRobin: true })
  })

  it('offers no battle for third place to a bracket of 2 (it has no semi-finals) nor to a classic battle', async () => {
    const { dialog } = await editBattle(buildBattle({ style: 'bracket', bracketSize: 2 }))
    expect(within(dialog).queryByRole('switch', { name: "The semi-finals' losers battle for third place" })).toBeNull()
  })

  it('offers the audience switch and the judging to bracket battles only (a classic battle has no sparrings)', async () => {
    const { dialog } = await editBattle(buildBattle({ style: 'classic' }))
    expect(within(dialog).queryByRole('switch', { name: 'Only people checked in at the event vote in the sparrings' })).toBeNull()
    expect(within(dialog).queryByRole('switch', { name: "The semi-finals' losers battle for third place" })).toBeNull()
    expect(within(dialog).queryByRole('combobox', { name: 'Judging' })).toBeNull()
    expect(within(dialog).queryByRole('switch', { name: /Round-robin groups/ })).toBeNull()
  })

  it("lets a bracket battle choose how its judges decide, the chosen mode explained in a line; points is the spec's default", async () => {
    const { calls, user, dialog } = await editBattle(buildBattle({ style: 'bracket', bracketSize: 8 }))
    const judging = within(dialog).getByRole('combobox', { name: 'Judging' })
    expect(judging).toHaveTextContent('Points (6 to 10 per round)')
    expect(judging).toHaveAccessibleDescription('Each judge gives both sides 6 to 10 points every round; the higher total wins')
    await user.click(judging)
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent)
    expect(options).toEqual(['Points (6 to 10 per round)', 'Point at the winner', 'Threefold (WDSF, 3 criteria)', 'Five criteria (WDSF)'])
    await user.click(screen.getByRole('option', { name: 'Point at the winner' }))
    expect(judging).toHaveTextContent('Point at the winner')
    expect(judging).toHaveAccessibleDescription('Each judge points at the winner after every round; most rounds win')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts(calls)).toHaveLength(1))
    expect(puts(calls)[0].body).toMatchObject({ style: 'bracket', judgingMode: 'pick' })
  })

  it("shows the battle's judging mode and changes it by keyboard", async () => {
    const { calls, user, dialog } = await editBattle(buildBattle({ style: 'bracket', bracketSize: 8, judgingMode: 'pick' }))
    const judging = within(dialog).getByRole('combobox', { name: 'Judging' })
    expect(judging).toHaveTextContent('Point at the winner')
    act(() => judging.focus())
    await user.keyboard('{ArrowDown}')
    expect(await screen.findByRole('listbox')).toBeInTheDocument()
    // the menu opens on the chosen mode: two down is five criteria
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    expect(judging).toHaveTextContent('Five criteria (WDSF)')
    expect(judging).toHaveAccessibleDescription('Judges weigh Technique, Vocabulary, Execution, Musicality and Originality every round; most rounds win')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts(calls)).toHaveLength(1))
    expect(puts(calls)[0].body).toMatchObject({ judgingMode: 'five' })
  })

  it("offers the event's organization and mine; members only needs an organization", async () => {
    const { calls, user, dialog } = await editBattle(buildBattle({ organizationCompetitorsOnly: true }))
    const membersOnly = within(dialog).getByRole('checkbox', { name: "Only the organization's members can register" })
    expect(membersOnly).toBeChecked()
    await user.click(within(dialog).getByRole('combobox', { name: 'Organization' }))
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(3))
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Cypher (no organization)', 'Floor Lords', 'Rock Steady'])
    await user.click(screen.getByRole('option', { name: 'Cypher (no organization)' }))
    expect(membersOnly).not.toBeChecked()
    expect(membersOnly).toBeDisabled()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts(calls)).toHaveLength(1))
    expect(puts(calls)[0].body).toMatchObject({ orgId: 0, organizationCompetitorsOnly: false })
  })

  it("says 'Something went wrong. Please try again later.' and closes the dialog when the save fails", async () => {
    const { store, user, dialog } = await editBattle(buildBattle(), ({ method, path }) => (method === 'PUT' && path === '/api/battles/7' ? jsonResponse({ error: { code: 'invalid', message: 'Invalid' } }, 400) : undefined))
    await user.type(within(dialog).getByLabelText(/^Title/), ' 2')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(store.getState().toast.current?.text).toBe('Something went wrong. Please try again later.')
    // the block keeps what the server has
    expect(screen.getByText('Battle')).toBeInTheDocument()
  })


  it("says the server's reason when the judging mode is fixed (409), and closes", async () => {
    const fixed = 'The judging mode is fixed once a judge has scored'
    const { store, user, dialog } = await editBattle(buildBattle(), ({ method, path }) => (method === 'PUT' && path === '/api/battles/7' ? jsonResponse({ error: { code: 'conflict', message: fixed } }, 409) : undefined))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(store.getState().toast.current?.text).toBe(fixed)
  })
  it('offers a retry when the battle cannot be read', async () => {
    const event = jam({ battles: [{ id: 7, title: 'Battle', crewSize: 1, isRegistered: false, orgChip: null }] })
    let down = true
    services(event, [buildBattle()], ({ method, path }) => (down && method === 'GET' && path === '/api/battles/7' ? jsonResponse({ error: { code: 'unavailable', message: 'Down' } }, 503) : undefined))
    const user = userEvent.setup()
    render(event)
    await openBattlesStep(user)
    await user.click(screen.getByRole('button', { name: 'Edit Battle' }))
    const loading = await screen.findByRole('dialog', { name: 'Battle' })
    const retry = await within(loading).findByRole('button', { name: 'Retry' })
    down = false
    await user.click(retry)
    expect(await screen.findByRole('dialog', { name: 'Edit Battle' })).toBeInTheDocument()
  })

  it('cannot save a battle without a title', async () => {
    const { user, dialog } = await editBattle()
    await user.clear(within(dialog).getByLabelText(/^Title/))
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled()
  })

  it("says 'Something went wrong' when Next (or Save) on the Battles step fails", async () => {
    const event = buildEvent({ title: 'Jam' })
    services(event, [], ({ method, path }) => (method === 'POST' && path === '/api/events/42' ? jsonResponse({ error: { code: 'unavailable', message: 'Down' } }, 503) : undefined))
    const user = userEvent.setup()
    const { store } = render(event)
    // an event with a title opens on Total; Back goes to the Battles step
    await user.click(await screen.findByRole('button', { name: 'Back' }))
    expect(screen.getByRole('heading', { name: 'Battles' })).toBeInTheDocument()
    // from the review it reads Save; when creating, Next: the same save
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Something went wrong'))
    expect(screen.getByRole('heading', { name: 'Battles' })).toBeInTheDocument()
  })
})

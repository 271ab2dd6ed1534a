import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppStore } from '@/app/store'
import { pendingWrites, resetQueue } from '@/lib/offline-queue'
import { buildBattle, buildPrelims, buildPrelimsCrew, buildPrelimsGroup, buildPrelimsRow, judgeScore } from '@/testing/battle-builders'
import { fakeBattleServer, showBattleRoutes, type Call } from '@/testing/battle-server'
import { jsonResponse } from '@/testing/builders'
import { prelimsApi } from './api/prelims-api'
import { PRELIMS_TEXTS } from './prelims-rules'
import type { Prelims } from './prelims-types'
import type { Battle } from './types'
import { keepStyles } from '@/testing/styles'

const ME = 1
const PRELIMS = '/api/battles/7/prelims'

/**
 * The gateway stood in for at fetch: the battle, its prelims (`state.prelims`, changed by the test or by
 * `answer`), and the live feed. Every write answers the prelims as they are then.
 */
function prelimsServer(prelims: Prelims, battle: Partial<Battle> = {}, answer: (call: Call, state: { prelims: Prelims }) => Response | undefined = () => undefined) {
  const state = { prelims, down: false }
  const server = fakeBattleServer(buildBattle({ style: 'bracket', ...battle }), (call) => {
    if (state.down) throw new TypeError('Failed to fetch')
    const answered = answer(call, state)
    if (answered) return answered
    if (call.path === PRELIMS && call.method === 'GET') return jsonResponse(state.prelims)
    // the Brackets tab reads the bracket set (not drawn yet); Undo bracket (DELETE) answers the prelims
    if (call.path === '/api/battles/7/brackets' && call.method === 'GET') return jsonResponse({ left: [], right: [], final: null, levels: [], bracketSize: 16, canEdit: false })
    if (call.path.startsWith(PRELIMS) || call.path === '/api/battles/7/reshuffle' || call.path === '/api/battles/7/brackets') return jsonResponse(state.prelims)
    return undefined
  })
  const prelimsReads = () => server.calls.filter((call) => call.method === 'GET' && call.path === PRELIMS).length
  return { ...server, prelimsState: state, prelimsReads }
}

const show = (route = '/battle/7/prelims', options: { signedIn?: boolean; liveDelayMs?: number } = {}) => showBattleRoutes(route, options)
const row = (id: number) => screen.getByTestId(`prelims-row-${id}`)
const toast = (store: AppStore) => store.getState().toast.current?.text
const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
const judging = (overrides: Partial<Prelims> = {}) => buildPrelims(overrides, { canJudge: true })

beforeEach(async () => {
  await resetQueue()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('Battle page tabs as routes', () => {
  it('links Registration, Prelims and Brackets to their routes and shows each one', async () => {
    prelimsServer(buildPrelims())
    const { router } = show('/battle/7')
    expect(await screen.findByRole('tab', { name: 'Registration' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: 'Prelims' })).toHaveAttribute('href', '/battle/7/prelims')
    expect(screen.getByRole('tab', { name: 'Brackets' })).toHaveAttribute('href', '/battle/7/brackets')
    await userEvent.click(screen.getByRole('tab', { name: 'Prelims' }))
    expect(router.state.location.pathname).toBe('/battle/7/prelims')
    expect(await screen.findByTestId('prelims-view')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Prelims' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByText('Coming soon')).toBeNull()
    // by keyboard: the focused tab link follows Enter
    screen.getByRole('tab', { name: 'Brackets' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(router.state.location.pathname).toBe('/battle/7/brackets')
    expect(screen.queryByTestId('prelims-view')).toBeNull()
    expect(screen.getByRole('tab', { name: 'Brackets' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByText('The bracket is drawn once the prelims are added to it.')).toBeInTheDocument()
  })

  it('keeps the tabs whole on a phone: compact tabs that never wrap (no scroll buttons forced beside them)', async () => {
    keepStyles() // reads computed styles
    prelimsServer(buildPrelims())
    show('/battle/7')
    const tabs = await screen.findAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Registration', 'Prelims', 'Brackets'])
    for (const tab of tabs) {
      expect(['0', '0px']).toContain(getComputedStyle(tab).minWidth)
      expect(getComputedStyle(tab).whiteSpace).toBe('nowrap')
    }
  })

  it('shows Create groups in the details only on the Prelims route, with no groups, to an editor', async () => {
    const server = prelimsServer(buildPrelims(), { canEdit: true })
    const { router, store } = show('/battle/7/prelims')
    await screen.findByTestId('prelims-view')
    await userEvent.click(screen.getByRole('button', { name: 'Show details' }))
    const create = within(screen.getByTestId('battle-details')).getByRole('link', { name: 'Create groups' })
    expect(create).toHaveAttribute('href', '/battle/7/prelims/groups')
    // on the Registration route: no button
    await act(() => router.navigate('/battle/7'))
    expect(within(screen.getByTestId('battle-details')).queryByRole('link', { name: 'Create groups' })).toBeNull()
    // groups exist: no button
    server.prelimsState.prelims = buildPrelims({ groups: [buildPrelimsGroup(1, 1, []), buildPrelimsGroup(2, 2, [])] })
    await act(() => router.navigate('/battle/7/prelims'))
    store.dispatch(prelimsApi.util.invalidateTags([{ type: 'Battle', id: 7 }]))
    await waitFor(() => expect(screen.getByTestId('groups-header')).toBeInTheDocument())
    expect(within(screen.getByTestId('battle-details')).queryByRole('link', { name: 'Create groups' })).toBeNull()
  })

  it('has no Create groups for a user who cannot edit', async () => {
    prelimsServer(buildPrelims(), { canEdit: false })
    show('/battle/7/prelims')
    await screen.findByTestId('prelims-view')
    await userEvent.click(screen.getByRole('button', { name: 'Show details' }))
    expect(screen.queryByRole('link', { name: 'Create groups' })).toBeNull()
  })
})

describe('Prelims list', () => {
  it('reads "No prelims data found." without competitors', async () => {
    prelimsServer(buildPrelims({ participants: [] }))
    show()
    expect(await screen.findByText(PRELIMS_TEXTS.empty)).toBeInTheDocument()
  })

  it('reads "No prelims data found." for a participant without prelims data', async () => {
    prelimsServer(buildPrelims({ participants: [buildPrelimsRow(3, { prelims: { rounds: {} } })] }))
    show()
    expect(await within(await screen.findByTestId('prelims-row-3')).findByText('No prelims data found.')).toBeInTheDocument()
    expect(screen.queryByText('No points yet')).toBeNull()
  })

  it("links a row to the dancer's profile, but not a hidden battle's placeholder row (its id is nobody's)", async () => {
    prelimsServer(buildPrelims({ participants: [buildPrelimsRow(3, { dancerName: 'Ayu' }), buildPrelimsRow(-12, { dancerName: 'Hidden' })] }))
    show()
    expect(await within(await screen.findByTestId('prelims-row-3')).findByRole('link', { name: 'Ayu' })).toHaveAttribute('href', '/profile/3')
    const hidden = await screen.findByTestId('prelims-row--12')
    expect(within(hidden).getByText('Hidden')).toBeInTheDocument()
    expect(within(hidden).queryByRole('link')).toBeNull()
  })

  it('searches dancers and sorts by name, number and points (points through sb)', async () => {
    const server = prelimsServer(
      buildPrelims({
        participants: [buildPrelimsRow(3, { dancerName: 'Mo', randId: 9 }), buildPrelimsRow(4, { dancerName: 'Ana', randId: 1 }), buildPrelimsRow(5, { dancerName: 'Zed', randId: 4 })],
      }),
    )
    show()
    await screen.findByTestId('prelims-row-3')
    expect(server.calls.find((call) => call.path === PRELIMS)?.params.get('sb')).toBe('value-desc')
    const names = () => within(screen.getByRole('list', { name: 'Participants' })).getAllByRole('listitem').map((item) => item.dataset.testid)
    await userEvent.type(screen.getByLabelText('Search dancers'), 'AN')
    expect(names()).toEqual(['prelims-row-4'])
    await userEvent.clear(screen.getByLabelText('Search dancers'))
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }))
    await userEvent.click(screen.getByRole('option', { name: 'Name' }))
    expect(names()).toEqual(['prelims-row-5', 'prelims-row-3', 'prelims-row-4'])
    await userEvent.click(screen.getByRole('button', { name: 'Descending: change to ascending' }))
    expect(names()).toEqual(['prelims-row-4', 'prelims-row-3', 'prelims-row-5'])
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }))
    await userEvent.click(screen.getByRole('option', { name: 'Assigned number' }))
    expect(names()).toEqual(['prelims-row-4', 'prelims-row-5', 'prelims-row-3'])
    await userEvent.click(screen.getByRole('button', { name: 'Ascending: change to descending' }))
    expect(names()).toEqual(['prelims-row-3', 'prelims-row-5', 'prelims-row-4'])
    await userEvent.click(screen.getByRole('button', { name: 'Descending: change to ascending' }))
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }))
    await userEvent.click(screen.getByRole('option', { name: 'Points' }))
    await waitFor(() => expect(server.calls.some((call) => call.path === PRELIMS && call.params.get('sb') === 'value-asc')).toBe(true))
  })

  it('highlights the own row, grays gone and promoted rows, and hides the pass status from others', async () => {
    prelimsServer(
      buildPrelims({
        participants: [
          buildPrelimsRow(ME, { passStatus: 'passed', pointsAverage: 8 }),
          buildPrelimsRow(4, { isGone: true }),
          buildPrelimsRow(5, { isPromoted: true, passStatus: 'passed', pointsAverage: 9 }),
        ],
      }),
    )
    show()
    await screen.findByTestId(`prelims-row-${ME}`)
    expect(row(ME)).toHaveAttribute('data-highlighted', 'true')
    expect(row(ME)).not.toHaveAttribute('data-grayed')
    expect(row(4)).toHaveAttribute('data-grayed', 'true')
    expect(row(5)).toHaveAttribute('data-grayed', 'true')
    expect(within(row(ME)).queryByText('Passed')).toBeNull()
    expect(within(row(5)).getByText('Passed')).toBeInTheDocument()
  })

  it('after the finish keeps only promoted rows active; admins see every pass status', async () => {
    prelimsServer(
      buildPrelims({ status: 'prelims-finished', participants: [buildPrelimsRow(3, { isPromoted: true, passStatus: 'passed' }), buildPrelimsRow(4, { passStatus: 'sameScore', pointsAverage: 0 })] }),
      { isAdmin: true },
    )
    show()
    await screen.findByTestId('prelims-row-3')
    expect(row(3)).not.toHaveAttribute('data-grayed')
    expect(row(4)).toHaveAttribute('data-grayed', 'true')
    expect(within(row(4)).getByText('Same score')).toBeInTheDocument()
  })

  it('highlights the crew the user is a confirmed member of', async () => {
    prelimsServer(buildPrelims({ participants: undefined, crews: [buildPrelimsCrew(5, { participants: [{ id: ME, dancerName: 'B-girl Ana' }] }), buildPrelimsCrew(6)], rounds: 2 }))
    show()
    await screen.findByTestId('prelims-row-5')
    expect(row(5)).toHaveAttribute('data-highlighted', 'true')
    expect(row(6)).not.toHaveAttribute('data-highlighted')
  })
})

describe('Prelims scoring', () => {
  it('opens a judge without a score in edit mode; Done sends the stars and the half as one judgment', async () => {
    const server = prelimsServer(judging(), {}, (call, state) => {
      if (call.method === 'POST' && call.path === PRELIMS) {
        state.prelims = judging({ participants: [buildPrelimsRow(3, { pointsAverage: 8.5, prelims: { rounds: { '1': [judgeScore(ME, 8.5)] } } }), buildPrelimsRow(4), buildPrelimsRow(5)] })
        return jsonResponse(state.prelims)
      }
      return undefined
    })
    show()
    const stars = await within(await screen.findByTestId('prelims-row-3')).findByRole('group', { name: 'Points for Dancer 3' })
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument()
    await userEvent.click(within(stars).getByRole('button', { name: '8 points' }))
    await userEvent.click(within(stars).getByRole('button', { name: 'Half point' }))
    expect(within(stars).getByTestId('star-value')).toHaveTextContent('8.5')
    expect(within(stars).getByRole('button', { name: '8 points' })).toHaveAttribute('aria-pressed', 'true')
    expect(server.posts()).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    expect(server.posts()[0].body).toEqual([{ userId: 3, points: 8.5, mode: 'new', round: 1 }])
    expect(server.posts()[0].headers.get('Idempotency-Key')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Edit points' })).toBeInTheDocument()
    expect(await within(row(3)).findByText('Your points: 8.5')).toBeInTheDocument()
    await waitFor(() => expect(within(row(3)).getByTestId('points-average')).toHaveTextContent('8.50'))
  })

  it('keeps a judge with a score out of edit mode; clicking the active integer clears the score (sent as null, edit)', async () => {
    const server = prelimsServer(judging({ participants: [buildPrelimsRow(3, { prelims: { rounds: { '1': [judgeScore(ME, 7)] } } })] }))
    show()
    await screen.findByTestId('prelims-row-3')
    expect(within(row(3)).queryByRole('group')).toBeNull()
    expect(within(row(3)).getByText('Your points: 7')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Edit points' }))
    await userEvent.click(within(row(3)).getByRole('button', { name: '7 points' }))
    expect(within(row(3)).getByTestId('star-value')).toHaveTextContent('—')
    await userEvent.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    expect(server.posts()[0].body).toEqual([{ userId: 3, points: null, mode: 'edit', round: 1 }])
  })

  it('sends nothing when leaving edit mode without a change', async () => {
    const server = prelimsServer(judging())
    show()
    await screen.findByRole('button', { name: 'Done' })
    await userEvent.click(screen.getByRole('button', { name: 'Done' }))
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)))
    expect(server.posts()).toEqual([])
  })

  it('saves the points not sent yet when the judge leaves the Prelims tab', async () => {
    const server = prelimsServer(judging())
    const { router } = show()
    await userEvent.click(within(await screen.findByTestId('prelims-row-5')).getByRole('button', { name: '10 points' }))
    expect(server.posts()).toEqual([])
    await act(() => router.navigate('/battle/7'))
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    expect(server.posts()[0].body).toEqual([{ userId: 5, points: 10, mode: 'new', round: 1 }])
  })

  it('shows no stars to a dancer who is not a judge', async () => {
    prelimsServer(buildPrelims())
    show()
    await screen.findByTestId('prelims-row-3')
    expect(screen.queryByRole('group', { name: /Points for/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit points' })).toBeNull()
  })

  it('crews: one tab per round; while a round lacks points each change saves at once, and the tab moves on after 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const crews = judging({ participants: undefined, crews: [buildPrelimsCrew(5), buildPrelimsCrew(6)], rounds: 3 })
    const server = prelimsServer(crews)
    show()
    const tabs = await screen.findByRole('tablist', { name: 'Rounds' })
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Round 1', 'Round 2', 'Round 3'])
    expect(within(tabs).getByRole('tab', { name: 'Round 1' })).toHaveAttribute('aria-selected', 'true')
    await user.click(within(row(5)).getByRole('button', { name: '9 points' }))
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    expect(server.posts()[0].body).toEqual([{ crewId: 5, points: 9, mode: 'new', round: 1 }])
    // a change within the 10 s starts the wait again
    act(() => void vi.advanceTimersByTime(6_000))
    await user.click(within(row(6)).getByRole('button', { name: '8 points' }))
    await waitFor(() => expect(server.posts()).toHaveLength(2))
    act(() => void vi.advanceTimersByTime(6_000))
    expect(within(tabs).getByRole('tab', { name: 'Round 1' })).toHaveAttribute('aria-selected', 'true')
    act(() => void vi.advanceTimersByTime(4_100))
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: 'Round 2' })).toHaveAttribute('aria-selected', 'true'))
    expect(within(row(5)).getByTestId('star-value')).toHaveTextContent('—')
  })
})

describe('Prelims admin buttons', () => {
  const admin = (permissions: Parameters<typeof buildPrelims>[1], overrides: Partial<Prelims> = {}) => buildPrelims(overrides, { canFinishPrelims: true, canSetGone: true, ...permissions })

  it('disables Add to bracket while shuffling is allowed; Randomize asks first, then reshuffles', async () => {
    const server = prelimsServer(admin({ canShuffle: true }), { canEdit: true })
    show()
    const randomize = await screen.findByRole('button', { name: 'Randomize' })
    expect(randomize).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Add to bracket' })).toBeDisabled()
    // and says why
    expect(screen.getByRole('button', { name: 'Add to bracket' })).toHaveAccessibleDescription('Randomize first to settle equal scores')
    await userEvent.click(randomize)
    const dialog = await screen.findByRole('dialog', { name: 'Randomize' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(server.posts()).toEqual([])
    await userEvent.click(randomize)
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Randomize' })).getByRole('button', { name: 'Randomize' }))
    await waitFor(() => expect(server.posts().map((call) => call.path)).toEqual(['/api/battles/7/reshuffle']))
  })

  it('disables Add to bracket on a permissions error and shows it next to the button; Randomize disabled without canShuffle', async () => {
    prelimsServer(admin({ canShuffle: false, error: 'At least 2 competitors are needed for a bracket.' }), { canEdit: true })
    show()
    expect(await screen.findByRole('button', { name: 'Add to bracket' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Randomize' })).toBeDisabled()
    expect(screen.getByTestId('prelims-error')).toHaveTextContent('At least 2 competitors are needed for a bracket.')
  })

  it("shows no same-score warning before anyone has scored, although the server gives it (everyone ties at 0); Add to bracket says why it is off", async () => {
    prelimsServer(
      admin({ canShuffle: false, error: PRELIMS_TEXTS.sameScore }, { participants: [buildPrelimsRow(3, { passStatus: 'sameScore', pointsAverage: 0 }), buildPrelimsRow(4, { passStatus: 'sameScore', pointsAverage: 0 })] }),
      { canEdit: true },
    )
    show()
    const add = await screen.findByRole('button', { name: 'Add to bracket' })
    expect(add).toBeDisabled()
    expect(screen.queryByTestId('prelims-error')).toBeNull()
    expect(screen.queryByText(PRELIMS_TEXTS.sameScore)).toBeNull()
    expect(add).toHaveAccessibleDescription('Points are needed before the bracket')
  })

  it('shows the same-score message for a sameScore row with points', async () => {
    prelimsServer(admin({ canShuffle: false }, { participants: [buildPrelimsRow(3, { passStatus: 'sameScore', pointsAverage: 7 })] }), { canEdit: true })
    show()
    expect(await screen.findByTestId('prelims-error')).toHaveTextContent(PRELIMS_TEXTS.sameScore)
  })

  it('Add to bracket after the confirmation finishes the prelims and switches to the list view', async () => {
    const groups = [buildPrelimsGroup(1, 1, [{ id: 3, name: 'Dancer 3' }]), buildPrelimsGroup(2, 2, [{ id: 4, name: 'Dancer 4' }])]
    const server = prelimsServer(admin({ canShuffle: false }, { groups }), { canEdit: true })
    const { router } = show()
    await screen.findByTestId('groups-header')
    await userEvent.click(screen.getByRole('button', { name: 'Add to bracket' }))
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Add to bracket' })).getByRole('button', { name: 'Add to bracket' }))
    await waitFor(() => expect(server.posts().map((call) => call.path)).toEqual(['/api/battles/7/prelims/finish']))
    await waitFor(() => expect(router.state.location.search).toBe('?prelimsViewMode=list'))
    expect(await screen.findByTestId('prelims-row-3')).toBeInTheDocument()
  })

  it('Undo bracket asks first, then deletes the bracket; disabled without canUndoBrackets', async () => {
    const server = prelimsServer(admin({ canUndoBrackets: true }, { status: 'prelims-finished' }), { canEdit: true }, (call, state) => {
      if (call.method === 'DELETE') state.prelims = admin({}, { status: 'registration' })
      return undefined
    })
    show()
    await userEvent.click(await screen.findByRole('button', { name: 'Undo bracket' }))
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Undo bracket' })).getByRole('button', { name: 'Undo bracket' }))
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/battles/7/brackets']))
    // reloaded: the prelims are open again
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo bracket' })).toBeNull())
    expect(server.prelimsReads()).toBe(2)
  })

  it('disables Undo bracket without canUndoBrackets', async () => {
    prelimsServer(admin({ canUndoBrackets: false }, { status: 'prelims-finished' }), { canEdit: true })
    show()
    expect(await screen.findByRole('button', { name: 'Undo bracket' })).toBeDisabled()
  })

  it('Edit groups asks first, then opens Creating Groups', async () => {
    const groups = [buildPrelimsGroup(1, 1, []), buildPrelimsGroup(2, 2, [])]
    prelimsServer(admin({}, { groups }), { canEdit: true })
    const { router } = show()
    await userEvent.click(await screen.findByRole('button', { name: 'Edit groups' }))
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Edit groups' })).getByRole('button', { name: 'Edit groups' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/battle/7/prelims/groups'))
  })

  it('marks a competitor gone', async () => {
    const server = prelimsServer(admin({}, { status: 'registration' }), { canEdit: true })
    show('/battle/7/prelims?prelimsViewMode=list')
    await userEvent.click(await screen.findByRole('button', { name: 'Gone: Dancer 4' }))
    await waitFor(() => expect(server.posts().map((call) => call.path)).toEqual(['/api/battles/7/prelims/gone/4']))
  })
})

describe('Prelims after a score update', () => {
  it('toasts "Ready for bracketing" and scrolls to Add to bracket when the cut is decided', async () => {
    const scroll = vi.fn()
    Element.prototype.scrollIntoView = scroll
    const ready = judging({ participants: [buildPrelimsRow(3, { passStatus: 'passed', pointsAverage: 8, prelims: { rounds: { '1': [judgeScore(ME, 8)] } } })] })
    const server = prelimsServer(judging({ participants: [buildPrelimsRow(3)] }), {}, (call, state) => {
      if (call.method === 'POST' && call.path === PRELIMS) state.prelims = { ...ready, permissions: { ...ready.permissions, canFinishPrelims: true } }
      return undefined
    })
    const { store } = show()
    await userEvent.click(within(await screen.findByTestId('prelims-row-3')).getByRole('button', { name: '8 points' }))
    await userEvent.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(toast(store)).toBe('Ready for bracketing'))
    expect(server.posts()).toHaveLength(1)
    expect(scroll).toHaveBeenCalled()
    expect(scroll.mock.contexts.at(-1)).toBe(screen.getByRole('button', { name: 'Add to bracket' }))
  })

  it('scrolls to the error when the cut is not decided (no toast)', async () => {
    const scroll = vi.fn()
    Element.prototype.scrollIntoView = scroll
    const tied = judging({ participants: [buildPrelimsRow(3, { passStatus: 'sameScore', pointsAverage: 8, prelims: { rounds: { '1': [judgeScore(ME, 8)] } } }), buildPrelimsRow(4, { passStatus: 'sameScore', pointsAverage: 8 })] })
    prelimsServer(judging({ participants: [buildPrelimsRow(3), buildPrelimsRow(4, { passStatus: 'sameScore', pointsAverage: 8 })] }), {}, (call, state) => {
      if (call.method === 'POST' && call.path === PRELIMS) state.prelims = tied
      return undefined
    })
    const { store } = show()
    await userEvent.click(within(await screen.findByTestId('prelims-row-3')).getByRole('button', { name: '8 points' }))
    await userEvent.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(scroll).toHaveBeenCalled())
    expect(scroll.mock.contexts.at(-1)).toBe(screen.getByTestId('prelims-error'))
    expect(toast(store)).toBeUndefined()
  })
})

describe('Prelims offline', () => {
  it('keeps a score on the device while offline, shows it pending, and sends it once when back online', async () => {
    const server = prelimsServer(judging())
    show()
    await screen.findByTestId('prelims-row-3')
    setOnline(false)
    act(() => void window.dispatchEvent(new Event('offline')))
    expect(await screen.findByText(PRELIMS_TEXTS.offline)).toBeInTheDocument()
    await userEvent.click(within(row(4)).getByRole('button', { name: '6 points' }))
    await userEvent.click(screen.getByRole('button', { name: 'Done' }))
    expect(await within(row(4)).findByText('Pending')).toBeInTheDocument()
    expect(within(row(4)).getByText('Your points: 6')).toBeInTheDocument()
    expect(server.posts()).toEqual([])
    const [queued] = await pendingWrites('prelims:7')
    expect(queued).toEqual(expect.objectContaining({ method: 'POST', path: '/battles/7/prelims', body: [{ userId: 4, points: 6, mode: 'new', round: 1 }] }))

    server.prelimsState.prelims = judging({ participants: [buildPrelimsRow(3), buildPrelimsRow(4, { prelims: { rounds: { '1': [judgeScore(ME, 6)] } } }), buildPrelimsRow(5)] })
    setOnline(true)
    act(() => void window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(server.posts()).toHaveLength(1))
    expect(server.posts()[0].headers.get('Idempotency-Key')).toBe(queued.key)
    await waitFor(() => expect(within(row(4)).queryByText('Pending')).toBeNull())
    expect(within(row(4)).getByText('Your points: 6')).toBeInTheDocument()
    act(() => void window.dispatchEvent(new Event('online')))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(server.posts()).toHaveLength(1)
    expect(await pendingWrites()).toEqual([])
  })
})

describe('Prelims live', () => {
  it('re-reads the prelims on a message of battle:7', async () => {
    const server = prelimsServer(buildPrelims())
    show('/battle/7/prelims', { liveDelayMs: 0 })
    await screen.findByTestId('prelims-row-3')
    await waitFor(() => expect(server.streams).toHaveLength(1))
    const before = server.prelimsReads()
    server.prelimsState.prelims = buildPrelims({ participants: [buildPrelimsRow(3, { pointsAverage: 9.5 })] })
    server.streams[0].send(`id: BATTLES:2\nevent: message\ndata: ${JSON.stringify({ id: 'x', type: 'battles.prelims.scored', topics: ['battle:7'], data: { battleId: 7 } })}\n\n`)
    await waitFor(() => expect(within(row(3)).getByTestId('points-average')).toHaveTextContent('9.50'))
    expect(server.prelimsReads()).toBe(before + 1)
  })

  /** A judge's points as the battles service sends them: the points set and every row's standing. */
  const scoredMessage = (version: number, points: number, average: number) =>
    `id: BATTLES:${version}\nevent: message\ndata: ${JSON.stringify({
      id: `s${version}`,
      type: 'battles.prelims.scored',
      topics: ['battle:7', 'event:100'],
      data: {
        battleId: 7,
        eventId: 100,
        judgeId: 9,
        judgeName: 'Judge Judy',
        version,
        points: [{ id: 5, round: 1, points }],
        standings: [
          { id: 3, pointsAverage: 0, place: 2, passStatus: 'passed' },
          { id: 4, pointsAverage: 0, place: 2, passStatus: 'passed' },
          { id: 5, pointsAverage: average, place: 1, passStatus: 'passed' },
        ],
      },
    })}\n\n`

  it("applies a judge's points from the message without reading the battle or the prelims again", async () => {
    const server = prelimsServer(buildPrelims({ version: 1 }))
    show('/battle/7/prelims', { liveDelayMs: 0 })
    await screen.findByTestId('prelims-row-3')
    await waitFor(() => expect(server.streams).toHaveLength(1))
    await waitFor(() => expect(server.prelimsReads()).toBeGreaterThan(0))
    await new Promise((resolve) => setTimeout(resolve, 50)) // the ready re-read settled
    const reads = server.prelimsReads()
    const battleReads = server.reads()
    server.streams[0].send(scoredMessage(2, 8, 8))
    await waitFor(() => expect(within(row(5)).getByTestId('points-average')).toHaveTextContent('8.00'))
    // the best average first, as the server sorts
    expect(screen.getAllByTestId(/^prelims-row-/)[0]).toBe(row(5))
    server.streams[0].send(scoredMessage(3, 9, 9))
    await waitFor(() => expect(within(row(5)).getByTestId('points-average')).toHaveTextContent('9.00'))
    server.streams[0].send(scoredMessage(2, 8, 8)) // an older copy arriving late changes nothing
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(within(row(5)).getByTestId('points-average')).toHaveTextContent('9.00')
    expect(server.prelimsReads()).toBe(reads)
    expect(server.reads()).toBe(battleReads)
    // a skipped version: the copy missed a change, so it is read again
    server.prelimsState.prelims = buildPrelims({ version: 5, participants: [buildPrelimsRow(3, { pointsAverage: 6 }), buildPrelimsRow(4), buildPrelimsRow(5)] })
    server.streams[0].send(scoredMessage(5, 6, 6))
    await waitFor(() => expect(server.prelimsReads()).toBe(reads + 1))
    await waitFor(() => expect(within(row(3)).getByTestId('points-average')).toHaveTextContent('6.00'))
  })
})

describe('Prelims groups', () => {
  const groups = [
    buildPrelimsGroup(11, 1, [
      { id: 3, name: 'B-girl Ana', randId: 1 },
      { id: 4, name: 'Lil Zed', randId: 2 },
    ]),
    buildPrelimsGroup(12, 2, [{ id: 5, name: 'Rocka', randId: 3 }]),
  ]

  it('shows the toggle with more than one group, the counts, the accordion and the search; List switches the view', async () => {
    prelimsServer(buildPrelims({ groups }))
    const { router } = show()
    expect(await screen.findByTestId('groups-header')).toHaveTextContent('2 groups · 3 participants')
    expect(screen.getByRole('button', { name: 'Groups' })).toHaveAttribute('aria-pressed', 'true')
    const first = screen.getByTestId('group-11')
    expect(within(first).getByRole('link', { name: 'Group 1' })).toHaveAttribute('href', '/battle/7/prelims/group/11')
    expect(within(first).getByText('2 participants')).toBeInTheDocument()
    expect(within(screen.getByTestId('group-12')).getByText('1 participant')).toBeInTheDocument()
    await userEvent.click(within(first).getByRole('button', { expanded: false }))
    expect(within(first).getByText('Lil Zed')).toBeVisible()
    await userEvent.type(screen.getByLabelText('Search dancers'), 'rock')
    expect(screen.queryByTestId('group-11')).toBeNull()
    expect(within(screen.getByTestId('group-12')).getByText('Rocka')).toBeInTheDocument()
    await userEvent.clear(screen.getByLabelText('Search dancers'))
    await userEvent.click(screen.getByRole('button', { name: 'List' }))
    expect(router.state.location.search).toBe('?prelimsViewMode=list')
    expect(await screen.findByTestId('prelims-row-3')).toBeInTheDocument()
  })

  it('has no toggle with one group', async () => {
    prelimsServer(buildPrelims({ groups: [groups[0]] }))
    show('/battle/7/prelims?prelimsViewMode=groups')
    await screen.findByTestId('prelims-row-3')
    expect(screen.queryByRole('button', { name: 'Groups' })).toBeNull()
  })

  it('Creating Groups sends the amount and the type, then opens the groups view', async () => {
    const server = prelimsServer(buildPrelims(), { canEdit: true }, (call) =>
      call.path === '/api/battles/7/prelims/create-groups' ? jsonResponse({ groups }) : undefined,
    )
    const { router } = show('/battle/7/prelims/groups')
    expect(await screen.findByRole('heading', { level: 1, name: 'Creating Groups' })).toBeInTheDocument()
    const amount = await screen.findByLabelText('Amount of groups')
    await userEvent.clear(amount)
    expect(screen.getByRole('button', { name: 'Create groups' })).toBeDisabled()
    await userEvent.type(amount, '3')
    await userEvent.click(screen.getByRole('radio', { name: 'By number' }))
    await userEvent.click(screen.getByRole('button', { name: 'Create groups' }))
    await waitFor(() => expect(router.state.location.search).toBe('?prelimsViewMode=groups'))
    expect(server.posts().map((call) => call.body)).toEqual([{ amount: 3, type: 'number' }])
  })

  it('Creating Groups that makes one group removes it (amount 0, random) and opens the list', async () => {
    const server = prelimsServer(buildPrelims(), { canEdit: true }, (call) =>
      call.path === '/api/battles/7/prelims/create-groups' ? jsonResponse({ groups: (call.body as { amount: number }).amount ? [groups[0]] : [] }) : undefined,
    )
    const { router } = show('/battle/7/prelims/groups')
    await userEvent.click(await screen.findByRole('button', { name: 'Create groups' }))
    await waitFor(() => expect(router.state.location.search).toBe('?prelimsViewMode=list'))
    expect(router.state.location.pathname).toBe('/battle/7/prelims')
    expect(server.posts().map((call) => call.body)).toEqual([
      { amount: 2, type: 'random' },
      { amount: 0, type: 'random' },
    ])
  })

  it('Group info lists the members; an editor moves one to another group with the toast', async () => {
    const server = prelimsServer(buildPrelims({ groups }), { canEdit: true }, (call) =>
      call.method === 'POST' && call.path === '/api/battles/7/prelims/12/move/4' ? jsonResponse({ groups }) : undefined,
    )
    const { store } = show('/battle/7/prelims/group/11')
    expect(await screen.findByRole('heading', { level: 1, name: 'Group info' })).toBeInTheDocument()
    const members = await screen.findByRole('list', { name: 'Group 1 members' })
    expect(within(members).getAllByRole('listitem')).toHaveLength(2)
    await userEvent.type(screen.getByLabelText('Search dancers'), 'zed')
    expect(within(members).getAllByRole('listitem').map((item) => item.dataset.testid)).toEqual(['member-4'])
    await userEvent.click(within(screen.getByTestId('member-4')).getByRole('button', { name: 'Actions for Lil Zed' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Move to Group 2' }))
    await waitFor(() => expect(toast(store)).toBe('Move successful'))
    expect(server.posts().map((call) => call.path)).toEqual(['/api/battles/7/prelims/12/move/4'])
  })

  it("Group info applies a judge's points without a read, and re-reads when a member moved", async () => {
    const server = prelimsServer(buildPrelims({ groups, version: 1 }))
    show('/battle/7/prelims/group/11', { liveDelayMs: 0 })
    await screen.findByRole('list', { name: 'Group 1 members' })
    await waitFor(() => expect(server.streams).toHaveLength(1))
    await waitFor(() => expect(server.prelimsReads()).toBeGreaterThan(0))
    await new Promise((resolve) => setTimeout(resolve, 50)) // the ready re-read settled
    const reads = server.prelimsReads()
    const battleReads = server.reads()
    const standings = [3, 4, 5].map((id) => ({ id, pointsAverage: id === 4 ? 8 : 0, place: id === 4 ? 1 : 2, passStatus: 'passed' }))
    const data = { battleId: 7, eventId: 100, judgeId: 9, version: 2, points: [{ id: 4, round: 1, points: 8 }], standings }
    server.streams[0].send(`id: BATTLES:2\nevent: message\ndata: ${JSON.stringify({ id: 's', type: 'battles.prelims.scored', topics: ['battle:7'], data })}\n\n`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect([server.prelimsReads(), server.reads()]).toEqual([reads, battleReads])
    const moved = { battleId: 7, eventId: 100, change: 'move', version: 3 }
    server.streams[0].send(`id: BATTLES:3\nevent: message\ndata: ${JSON.stringify({ id: 'm', type: 'battles.prelims.changed', topics: ['battle:7', 'event:100'], data: moved })}\n\n`)
    await waitFor(() => expect(server.prelimsReads()).toBe(reads + 1))
  })

  it('Group info has no move menu for others', async () => {
    prelimsServer(buildPrelims({ groups }), { canEdit: false })
    show('/battle/7/prelims/group/11')
    await screen.findByRole('list', { name: 'Group 1 members' })
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull()
  })
})

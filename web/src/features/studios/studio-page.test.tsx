import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildMember, buildStudio, buildStudioEvent, jsonResponse } from '@/testing/builders'
import { renderWithProviders } from '@/testing/render'
import { stubApi, type ApiCall } from '@/testing/stub-api'
import { StudioPage } from './components/studio-page'
import type { Studio, StudioEvent, StudioMember } from './types'

afterEach(() => vi.unstubAllGlobals())

interface Lists {
  students?: (call: ApiCall) => StudioMember[] | Response
  teachers?: (call: ApiCall) => StudioMember[] | Response
  events?: (call: ApiCall) => StudioEvent[] | Response
}

function show(studio: Studio, lists: Lists = {}, route = '/studio/7') {
  const calls = stubApi((call) => {
    if (call.path === '/api/studios/7') return jsonResponse(studio)
    const match = call.path.match(/^\/api\/studios\/7\/(students|teachers|events)$/)
    if (match) {
      const answer = lists[match[1] as keyof Lists]?.(call) ?? []
      return answer instanceof Response ? answer : jsonResponse(answer)
    }
  })
  const rendered = renderWithProviders(<StudioPage id={7} />, { route, path: '/studio/:id' })
  return { calls, ...rendered }
}

const lastParams = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path).at(-1)?.params

describe('StudioPage', () => {
  it('shows the header: image at 1000, name, social icons with email as mailto, the three counts; Settings for editors', async () => {
    show(buildStudio({ image: 'img-1', socials: { email: 'lab@example.com', facebook: '', instagram: 'https://instagram.com/floorlab', twitter: '', youtube: '', website: '' }, totalStudents: 12, battlesEntered: 30, totalWins: 4 }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Floor Lab' })).toBeInTheDocument()
    expect(screen.getByTestId('studio-image').querySelector('img')?.getAttribute('src')).toMatch(/img-1.*1000|1000.*img-1/)
    expect(screen.getByRole('link', { name: 'Email' })).toHaveAttribute('href', 'mailto:lab@example.com')
    expect(screen.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.com/floorlab')
    expect(screen.getByTestId('stat-totalStudents')).toHaveTextContent('12')
    expect(screen.getByText('Students', { selector: 'dt' })).toBeInTheDocument()
    expect(screen.getByTestId('stat-battlesEntered')).toHaveTextContent('30')
    expect(screen.getByText('Battles Entered')).toBeInTheDocument()
    expect(screen.getByTestId('stat-totalWins')).toHaveTextContent('4')
    expect(screen.getByText('Total Wins')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/studio/7/settings')
  })

  it('hides Settings from those who may not edit', async () => {
    show(buildStudio({ canEdit: false }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Floor Lab' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull()
  })

  it('opens on Students, sorted by name with the toggle (the sort menu disabled); a member expands to their events with ranks', async () => {
    const events = [
      buildStudioEvent(40, {
        title: 'Summer Jam',
        battles: [
          { id: 1, title: 'Bboy', crewSize: 1, rank: 1 },
          { id: 2, title: 'Crew', crewSize: 3, rank: 2 },
          { id: 3, title: 'Kids', crewSize: 1, rank: 3 },
          { id: 4, title: 'Duo', crewSize: 2, rank: 4 },
          { id: 5, title: 'Open', crewSize: 1, rank: 8 },
        ],
      }),
    ]
    const { calls } = show(buildStudio(), { students: () => [buildMember(2, { dancerName: 'Bboy Two', events }), buildMember(3, { dancerName: 'Bgirl Three' })] })
    const user = userEvent.setup()
    expect(await screen.findByRole('tab', { name: 'Students' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: 'Students' })).toHaveAttribute('id', 'studio-tab-0')
    expect(screen.getByRole('tab', { name: 'About' })).toHaveAttribute('id', 'studio-tab-3')
    expect(await screen.findByRole('link', { name: 'Bboy Two' })).toHaveAttribute('href', '/profile/2')
    expect(lastParams(calls, '/api/studios/7/students')?.get('sortBy')).toBe('name-asc')
    expect(lastParams(calls, '/api/studios/7/students')?.get('pp')).toBe('100')
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveAttribute('aria-disabled', 'true')
    await user.click(screen.getByRole('button', { name: 'Ascending: change to descending' }))
    await waitFor(() => expect(lastParams(calls, '/api/studios/7/students')?.get('sortBy')).toBe('name-desc'))

    const expand = await screen.findByRole('button', { name: 'Bboy Two: events' })
    expect(expand).toHaveAttribute('aria-expanded', 'false')
    await user.click(expand)
    expect(expand).toHaveAttribute('aria-expanded', 'true')
    const battles = await screen.findByRole('list', { name: 'Battles' })
    expect(screen.getByText('Summer Jam')).toBeInTheDocument()
    expect(screen.getByText(/Brooklyn, New York · Jun 1[34], 2026/)).toBeInTheDocument()
    const rows = within(battles).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual(['Bboy 1 vs 11st', 'Crew 3 vs 32nd', 'Kids 1 vs 13rd', 'Duo 2 vs 2Top 4', 'Open 1 vs 1Competed'])
    expect(rows.map((row) => row.querySelector('[data-rank-icon]')?.getAttribute('data-rank-icon'))).toEqual(['gold', 'silver', 'bronze', 'compete', 'compete'])

    await user.click(screen.getByRole('button', { name: 'Bgirl Three: events' }))
    expect(await screen.findByText('This member has no events yet.')).toBeInTheDocument()
  })

  it('pushes the tab query and #studio-tabs, and says when a list is empty or failed', async () => {
    const { router } = show(buildStudio(), { students: () => jsonResponse({ error: { code: 'boom', message: 'Boom' } }, 500), teachers: () => [] })
    const user = userEvent.setup()
    expect(await screen.findByText('No students found for this studio')).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Teachers' }))
    expect(router.state.location.search).toBe('?tab=teachers')
    expect(router.state.location.hash).toBe('#studio-tabs')
    expect(await screen.findByText('No teachers found for this studio')).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Competitions' }))
    expect(await screen.findByText('No competitions found for this studio')).toBeInTheDocument()
  })

  it("lists the competitions by Date created or A - Z with a direction; each expands to 'title crewSize vs crewSize' with a rank and To Event", async () => {
    const { calls } = show(buildStudio(), { events: () => [buildStudioEvent(40, { title: 'Summer Jam', battles: [{ id: 1, title: 'Crew', crewSize: 3, rank: 5 }, { id: 2, title: 'All Styles', crewSize: null, rank: null }] })] }, '/studio/7?tab=competitions')
    const user = userEvent.setup()
    expect(await screen.findByRole('heading', { name: 'Summer Jam' })).toBeInTheDocument()
    expect(lastParams(calls, '/api/studios/7/events')?.get('sortBy')).toBe('date-desc')
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }))
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Date created', 'A - Z'])
    await user.click(screen.getByRole('option', { name: 'A - Z' }))
    await waitFor(() => expect(lastParams(calls, '/api/studios/7/events')?.get('sortBy')).toBe('name-asc'))
    await user.click(screen.getByRole('button', { name: 'Ascending: change to descending' }))
    await waitFor(() => expect(lastParams(calls, '/api/studios/7/events')?.get('sortBy')).toBe('name-desc'))

    await user.click(await screen.findByRole('heading', { name: 'Summer Jam' }))
    const battles = await screen.findByRole('list', { name: 'Battles' })
    expect(within(battles).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['Crew 3 vs 3Top 5', 'All Styles UnlimitedCompeted'])
    expect(screen.getByRole('link', { name: 'To Event: Summer Jam' })).toHaveAttribute('href', '/event/40')
  })

  it('shows About: the sanitised description, Studio owners and Date created, or the empty text', async () => {
    show(buildStudio({ description: '<p>Train <b>hard</b></p><img src=x onerror="alert(1)">', founded: '05/01/2015' }), {}, '/studio/7?tab=about')
    const description = await screen.findByTestId('studio-description')
    expect(description.innerHTML).not.toContain('onerror')
    expect(description).toHaveTextContent('Train hard')
    expect(screen.getByRole('heading', { name: 'Studio owners' })).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Studio owners' })).getByRole('link', { name: 'B-girl Ana' })).toHaveAttribute('href', '/profile/1')
    expect(screen.getByRole('heading', { name: 'Date created' })).toBeInTheDocument()
    expect(screen.getByText('05/01/2015')).toBeInTheDocument()
  })

  it("says 'No information found for this studio' without a description", async () => {
    show(buildStudio(), {}, '/studio/7?tab=3')
    expect(await screen.findByText('No information found for this studio')).toBeInTheDocument()
  })

  it('sets the not-found state for a missing studio', async () => {
    stubApi(() => undefined)
    const { store } = renderWithProviders(<StudioPage id={9} />, { route: '/studio/9' })
    await waitFor(() => expect(store.getState().notFound.path).toBe('/studio/9'))
  })
})

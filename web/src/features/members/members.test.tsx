import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UserListItem } from '@/lib/api/types'
import { buildUser, jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi, type ApiCall } from '@/testing/stub-api'
import { MembersPage } from './components/members-page'

afterEach(() => vi.unstubAllGlobals())

const member = (id: number, dancerName: string): UserListItem => ({ id, dancerName, avatar: null, confirmed: true })
const CREW = [member(1, 'Alpha'), member(2, 'Bravo'), member(3, 'Charlie')]

/** A small stand-in for identity's /users and /users/count: the name filter, the sort and the location chips. */
function serveMembers(people: (UserListItem & { city?: string; country?: string })[] = CREW) {
  return stubApi(({ path, params }) => {
    const matching = people.filter(
      (person) =>
        person.dancerName.toLowerCase().includes((params.get('k') ?? '').toLowerCase()) &&
        (!params.get('city') || person.city?.toLowerCase() === params.get('city')?.toLowerCase()) &&
        (!params.get('country') || person.country?.toLowerCase() === params.get('country')?.toLowerCase()),
    )
    if (path === '/api/users/count') return jsonResponse({ count: matching.length })
    if (path === '/api/users') {
      const sorted = [...matching].sort((a, b) => a.dancerName.localeCompare(b.dancerName))
      if (params.get('sb') === 'name-desc') sorted.reverse()
      return jsonResponse({ items: sorted })
    }
    if (path === '/api/user') return jsonResponse(buildUser({ id: 9, country: 'United States', state: 'New York', city: 'Brooklyn' }))
  })
}

const names = () => within(screen.getByRole('list', { name: 'Members' })).getAllByRole('link').map((link) => link.getAttribute('aria-label'))
const userCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/users')

describe('MembersPage', () => {
  it('shows the cards A-Z, 50 a page, each a link to the profile, with the count in the search label', async () => {
    const calls = serveMembers()
    renderWithProviders(<MembersPage />, { route: '/members' })
    expect(await screen.findByRole('link', { name: 'Alpha' })).toHaveAttribute('href', '/profile/1')
    expect(names()).toEqual(['Alpha', 'Bravo', 'Charlie'])
    expect(await screen.findByLabelText('Search 3 cards')).toBeInTheDocument()
    expect(userCalls(calls)[0].params.get('pp')).toBe('50')
    expect(userCalls(calls)[0].params.get('sb')).toBe('name-asc')
  })

  it('turns the order around with Z-A and back with A-Z', async () => {
    const calls = serveMembers()
    const user = userEvent.setup()
    renderWithProviders(<MembersPage />, { route: '/members' })
    await screen.findByRole('link', { name: 'Alpha' })
    await user.click(screen.getByRole('button', { name: 'Z-A' }))
    await waitFor(() => expect(names()).toEqual(['Charlie', 'Bravo', 'Alpha']))
    expect(screen.getByRole('button', { name: 'Z-A' })).toHaveAttribute('aria-pressed', 'true')
    expect(userCalls(calls).at(-1)?.params.get('sb')).toBe('name-desc')
    await user.click(screen.getByRole('button', { name: 'A-Z' }))
    await waitFor(() => expect(names()).toEqual(['Alpha', 'Bravo', 'Charlie']))
  })

  it('searches by name 600 ms after the last key, once', async () => {
    const calls = serveMembers()
    const user = userEvent.setup()
    renderWithProviders(<MembersPage />, { route: '/members' })
    await screen.findByRole('link', { name: 'Alpha' })
    await user.type(screen.getByLabelText('Search 3 cards'), 'brav')
    await act(() => new Promise((resolve) => setTimeout(resolve, 450)))
    expect(userCalls(calls).some((call) => call.params.has('k'))).toBe(false)
    await waitFor(() => expect(names()).toEqual(['Bravo']), { timeout: 2000 })
    expect(userCalls(calls).filter((call) => call.params.has('k')).map((call) => call.params.get('k'))).toEqual(['brav'])
    // the label counts the cards the search runs over: the typed name does not change it
    expect(screen.getByLabelText('Search 3 cards')).toHaveValue('brav')
  })

  it("says 'No members exist with these parameters' when nothing matches", async () => {
    serveMembers([])
    renderWithProviders(<MembersPage />, { route: '/members' })
    expect(await screen.findByText('No members exist with these parameters')).toBeInTheDocument()
    expect(await screen.findByLabelText('Search 0 cards')).toBeInTheDocument()
  })

  it('filters by the location chips of the query; removing a chip widens the wall and the count', async () => {
    const people = [
      { ...member(1, 'Alpha'), city: 'Brooklyn', country: 'United States' },
      { ...member(2, 'Bravo'), city: 'Austin', country: 'United States' },
      { ...member(3, 'Charlie'), city: 'Paris', country: 'France' },
    ]
    const calls = serveMembers(people)
    const user = userEvent.setup()
    renderWithProviders(<MembersPage />, { route: '/members?country=United%20States&city=Brooklyn' })
    await waitFor(() => expect(names()).toEqual(['Alpha']))
    expect(await screen.findByLabelText('Search 1 cards')).toBeInTheDocument()
    const chips = screen.getByRole('list', { name: 'Location filters' })
    expect(within(chips).getAllByRole('button').map((chip) => chip.textContent)).toEqual(['United States', 'Brooklyn'])
    expect(userCalls(calls)[0].params.get('country')).toBe('United States')

    await user.click(screen.getByRole('button', { name: 'Remove city Brooklyn' }))
    await waitFor(() => expect(names()).toEqual(['Alpha', 'Bravo']))
    expect(await screen.findByLabelText('Search 2 cards')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove country United States' }))
    await waitFor(() => expect(names()).toEqual(['Alpha', 'Bravo', 'Charlie']))
    expect(screen.queryByRole('list', { name: 'Location filters' })).toBeNull()
    expect(await screen.findByLabelText('Search 3 cards')).toBeInTheDocument()
  })

  it("adds chips from the location dialog, the signed-in user's own place offered", async () => {
    const people = [
      { ...member(1, 'Alpha'), city: 'Brooklyn', country: 'United States' },
      { ...member(3, 'Charlie'), city: 'Paris', country: 'France' },
    ]
    serveMembers(people)
    const user = userEvent.setup()
    renderWithProviders(<MembersPage />, { route: '/members', preloadedState: signedInState() })
    await waitFor(() => expect(names()).toEqual(['Alpha', 'Charlie']))
    await user.click(screen.getByRole('button', { name: 'Location' }))
    const dialog = await screen.findByRole('dialog', { name: 'Filter by location' })
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled()
    await user.click(within(dialog).getByRole('button', { name: 'Use my location' }))
    expect(within(dialog).getByLabelText('City')).toHaveValue('Brooklyn')
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(names()).toEqual(['Alpha']))
    const chips = within(screen.getByRole('list', { name: 'Location filters' })).getAllByRole('button')
    expect(chips.map((chip) => chip.textContent)).toEqual(['United States', 'New York', 'Brooklyn'])
  })

  it('says a failed read plainly, with a Retry', async () => {
    stubApi(({ path }) => (path === '/api/users' ? jsonResponse({ error: { code: 'unavailable', message: 'down' } }, 503) : jsonResponse({ count: 0 })))
    renderWithProviders(<MembersPage />, { route: '/members' })
    expect(await screen.findByTestId('error-state', {}, { timeout: 4000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})

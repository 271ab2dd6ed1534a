import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildOrg, buildUser, jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi } from '@/testing/stub-api'
import { OrganizationSettingsPage } from './components/settings/organization-settings'
import type { Organization, OrganizationsUser } from './types'

afterEach(() => vi.unstubAllGlobals())

function service(start: Partial<Organization> = {}, { failMembers = 0 } = {}) {
  let org = buildOrg(start)
  let members: OrganizationsUser[] = [{ id: 2, dancerName: 'Bboy Two', avatar: null }]
  let failures = failMembers
  const calls = stubApi(({ method, path }) => {
    if (path === '/api/user') return jsonResponse(buildUser({ id: 1 }))
    if (path === '/api/users') return jsonResponse({ items: [{ id: 5, dancerName: 'Bgirl Five', avatar: null, confirmed: true }] })
    if (path === '/api/orgs/5' && method === 'GET') return jsonResponse(org)
    if (path === '/api/orgs/5/members' && failures > 0) {
      failures -= 1
      return jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500)
    }
    if (path === '/api/orgs/5/members') return jsonResponse(members)
    if (path === '/api/orgs/5/members/5' && method === 'POST') {
      members = [...members, { id: 5, dancerName: 'Bgirl Five', avatar: null }]
      org = { ...org, totalMembers: members.length }
      return jsonResponse('ok')
    }
    if (path === '/api/orgs/5/members/2' && method === 'DELETE') {
      members = members.filter((member) => member.id !== 2)
      org = { ...org, totalMembers: members.length }
      return jsonResponse('ok')
    }
    return undefined
  })
  return calls
}

const render = (section: string, start: Partial<Organization> = {}, options = {}) => {
  const calls = service(start, options)
  const rendered = renderWithProviders(<OrganizationSettingsPage id={5} />, { preloadedState: signedInState(), route: `/organization/5/settings/${section}`, path: '/organization/:id/settings/*' })
  return { calls, ...rendered }
}

describe('OrganizationSettingsPage', () => {
  it("has the back arrow and the sections; 'Members (count)' adds one once picked and removes one after its question", async () => {
    const { calls } = render('members', { totalMembers: 1 })
    const user = userEvent.setup()
    expect(await screen.findByRole('heading', { level: 1, name: 'Floor Lords Settings' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Floor Lords' })).toHaveAttribute('href', '/organization/5')
    const nav = screen.getByRole('navigation', { name: 'Organization settings sections' })
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['General Info', 'Admins', 'Promoters', 'Members', 'Social', 'Agreement', 'Waiver'])
    expect(within(nav).getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByTestId('members-heading')).toHaveTextContent('Members (1)')
    const list = await screen.findByRole('list', { name: 'Current members' })
    expect(within(list).getByRole('link', { name: 'Bboy Two' })).toHaveAttribute('href', '/profile/2')

    await user.click(screen.getByRole('button', { name: 'Add member' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add member' })
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled()
    await user.click(within(dialog).getByRole('combobox', { name: 'Search users to add' }))
    await user.click(await within(document.body).findByRole('option', { name: /Bgirl Five/ }))
    expect(within(dialog).getByText('Will be added to Floor Lords:')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add member' })).toBeNull())
    await waitFor(() => expect(screen.getByTestId('members-heading')).toHaveTextContent('Members (2)'))

    await user.click(screen.getByRole('button', { name: 'Remove Bboy Two' }))
    const question = await screen.findByRole('dialog', { name: 'Remove Bboy Two?' })
    expect(question).toHaveTextContent('They will no longer be a member of Floor Lords, and their points leave its leaderboard.')
    await user.click(within(question).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Bboy Two' })).toBeNull())
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/orgs/5/members/2')).toBe(true)
  })

  it('says a failed read of the members with a Retry', async () => {
    const { calls } = render('members', {}, { failMembers: 1 })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: 'Bboy Two' })).toBeInTheDocument()
    expect(calls.filter((call) => call.path === '/api/orgs/5/members')).toHaveLength(2)
  })

  it('sends the user to the organization when they may not edit it, and to Organizations when it is missing', async () => {
    const { router } = render('general', { canEdit: false })
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/5'))
    vi.unstubAllGlobals()
    stubApi(() => undefined)
    const missing = renderWithProviders(<OrganizationSettingsPage id={5} />, { preloadedState: signedInState(), route: '/organization/5/settings', path: '/organization/:id/settings/*' })
    await waitFor(() => expect(missing.router.state.location.pathname).toBe('/organizations'))
  })
})

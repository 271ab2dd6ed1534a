import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { UserPicker } from '@/components/ui/user-picker'
import { normaliseLink, RichTextEditor } from '@/components/ui/rich-text-editor'
import { buildOrg, buildUser, jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi } from '@/testing/stub-api'
import { CreateOrganizationPage } from './components/create-organization'
import { EventPeriodControls, EventsTab } from './components/events-tab'
import { Leaderboard } from './components/leaderboard'
import { OrganizationsPage } from './components/organizations-page'
import { SocialsSection } from './components/settings/socials-section'
import type { Organization, OrganizationListItem } from './types'

afterEach(() => vi.unstubAllGlobals())

const listItem = (id: number, name: string, membersCount = 3): OrganizationListItem => ({
  id,
  name,
  image: null,
  membersCount,
  status: 'published',
  current: 0,
  future: 0,
  past: 0,
})
const orgList = (items: OrganizationListItem[]) => ({ items, totalCurrent: 0, totalFuture: 0, totalPast: 0 })

describe('OrganizationsPage', () => {
  it("shows 'My organizations' only when the user has some, and searches all of them by name after 500 ms", async () => {
    const calls = stubApi(({ path, params }) => {
      if (path === '/api/user') return jsonResponse(buildUser({ id: 7 }))
      if (path === '/api/orgs' && params.get('u') === '7') return jsonResponse(orgList([]))
      if (path === '/api/orgs') {
        return jsonResponse(orgList(params.get('k') === 'lords' ? [listItem(5, 'Floor Lords')] : [listItem(5, 'Floor Lords'), listItem(6, 'Cypher Kings', 1)]))
      }
    })
    const user = userEvent.setup()
    renderWithProviders(<OrganizationsPage />, { preloadedState: signedInState() })
    const all = await screen.findByRole('region', { name: 'All organizations' })
    expect(await within(all).findByRole('link', { name: /Cypher Kings/ })).toHaveTextContent('1 member')
    await waitFor(() => expect(calls.some((call) => call.params.get('u') === '7')).toBe(true))
    expect(screen.queryByRole('region', { name: 'My organizations' })).toBeNull()
    expect(calls.find((call) => call.path === '/api/orgs')?.params.get('pp')).toBe('100')

    await user.type(screen.getByLabelText('Search organizations'), 'lords')
    expect(calls.some((call) => call.params.get('k') === 'lords')).toBe(false)
    await waitFor(() => expect(within(all).queryByRole('link', { name: /Cypher Kings/ })).toBeNull(), { timeout: 2000 })
    expect(calls.filter((call) => call.params.has('k')).map((call) => call.params.get('k'))).toEqual(['lords'])

    await user.click(within(all).getByRole('button', { name: 'List view' }))
    expect(within(all).getByRole('columnheader', { name: 'Organization name' })).toBeInTheDocument()
    expect(within(all).getByRole('columnheader', { name: '# of Members' })).toBeInTheDocument()
    expect(within(all).getByRole('link', { name: 'Floor Lords' })).toHaveAttribute('href', '/organization/5')
  })

  it("lists the user's organizations, drafts marked", async () => {
    stubApi(({ path, params }) => {
      if (path === '/api/user') return jsonResponse(buildUser({ id: 7 }))
      if (path === '/api/orgs' && params.get('u') === '7') return jsonResponse(orgList([{ ...listItem(9, 'My Draft'), status: 'draft' }]))
      if (path === '/api/orgs') return jsonResponse(orgList([]))
    })
    renderWithProviders(<OrganizationsPage />, { preloadedState: signedInState() })
    const mine = await screen.findByRole('region', { name: 'My organizations' })
    expect(within(mine).getByRole('link', { name: /My Draft/ })).toHaveTextContent('Draft')
    expect(await screen.findByText('No organizations found')).toBeInTheDocument()
  })

  it('sends a guest who wants to create one to Signup, coming back here', async () => {
    const calls = stubApi(({ path }) => (path === '/api/orgs' ? jsonResponse(orgList([])) : undefined))
    const user = userEvent.setup()
    const { router } = renderWithProviders(<OrganizationsPage />, { route: '/organizations', path: '/organizations' })
    await user.click(screen.getByRole('button', { name: 'Create Organization' }))
    expect(router.state.location.pathname + router.state.location.search).toBe('/signup?redirect=%2Forganizations')
    expect(calls.some((call) => call.method === 'POST')).toBe(false)
  })
})

describe('CreateOrganizationPage', () => {
  it('moves on from Info only once the save succeeded, with Next disabled while the name is empty', async () => {
    let saves = 0
    const calls = stubApi(({ method, path, body }) => {
      if (path === '/api/user') return jsonResponse(buildUser({ id: 1 }))
      if (path === '/api/orgs/5' && method === 'GET') return jsonResponse(buildOrg({ name: '', status: 'draft' }))
      if (path === '/api/orgs/5' && method === 'POST') {
        saves += 1
        if (saves === 1) return jsonResponse({ error: { code: 'invalid', message: 'Something is off' } }, 400)
        return jsonResponse(buildOrg({ name: (body as { name: string }).name, status: 'draft' }))
      }
    })
    const user = userEvent.setup()
    const { store } = renderWithProviders(<CreateOrganizationPage id={5} />, { preloadedState: signedInState() })
    expect(await screen.findByRole('heading', { name: 'Info' })).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Stage 1 of 3' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upload Image' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await user.type(screen.getByLabelText(/^Organization name/), '   ')
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await user.type(screen.getByLabelText(/^Organization name/), 'Floor Lords')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Something is off'))
    expect(screen.getByRole('heading', { name: 'Info' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Organization admins' })).toBeInTheDocument()
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ name: 'Floor Lords', image: null })
  })

  it("changes the admins only with the server's answer, and offers Publish for a draft, Done otherwise", async () => {
    let published = false
    stubApi(({ method, path, body }) => {
      if (path === '/api/user') return jsonResponse(buildUser({ id: 1 }))
      if (path === '/api/users') return jsonResponse({ items: [{ id: 2, dancerName: 'Bboy Two', avatar: null, confirmed: true }] })
      if (path === '/api/orgs/5' && method === 'GET') return jsonResponse(buildOrg({ status: published ? 'published' : 'draft' }))
      if (path === '/api/orgs/5' && method === 'POST') return jsonResponse(buildOrg({ status: 'draft' }))
      if (path === '/api/orgs/5/role' && method === 'DELETE') {
        return jsonResponse({ error: { code: 'last_admin', message: 'An organization needs at least one admin: add another admin before removing this one' } }, 409)
      }
      if (path === '/api/orgs/5/role' && method === 'POST') {
        expect(body).toEqual({ userId: 2, role: 'admin' })
        return jsonResponse({ admins: [{ id: 1, dancerName: 'B-girl Ana' }, { id: 2, dancerName: 'Bboy Two' }], promoters: [] })
      }
      if (path === '/api/orgs/5/publish') {
        published = true
        return jsonResponse(buildOrg({ status: 'published' }))
      }
    })
    const user = userEvent.setup()
    const { store, router } = renderWithProviders(<CreateOrganizationPage id={5} />, { preloadedState: signedInState() })
    await user.click(await screen.findByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Organization admins' })).toBeInTheDocument()
    const admins = screen.getByRole('list', { name: 'Admins' })
    expect(within(admins).getByText('You')).toBeInTheDocument()

    await user.click(within(admins).getByRole('button', { name: 'Remove B-girl Ana' }))
    await waitFor(() => expect(store.getState().toast.current?.text).toMatch(/needs at least one admin/))
    expect(within(admins).getByRole('link', { name: 'B-girl Ana' })).toBeInTheDocument()

    await user.click(screen.getByRole('combobox', { name: 'Select admins' }))
    await user.click(await screen.findByRole('option', { name: /Bboy Two/ }))
    expect(await within(screen.getByRole('list', { name: 'Admins' })).findByRole('link', { name: 'Bboy Two' })).toBeInTheDocument()
    expect(screen.queryByRole('listbox')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Organization promoters' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Select promoters' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/5'))
  })

  it('is the not-found state for an organization the user may not edit', async () => {
    stubApi(({ path }) => (path === '/api/orgs/5' ? jsonResponse(buildOrg({ canEdit: false })) : undefined))
    const { store } = renderWithProviders(<CreateOrganizationPage id={5} />, { preloadedState: signedInState(), route: '/create-organization-organization/5' })
    await waitFor(() => expect(store.getState().notFound.path).toBe('/create-organization-organization/5'))
  })
})

describe('Leaderboard', () => {
  const board = [
    { id: 12, dancerName: 'Cypher', avatar: null, rank: 1, points: 175 },
    { id: 13, dancerName: 'Drift', avatar: null, rank: 2, points: 50 },
    { id: 10, dancerName: 'Ace', avatar: null },
  ]

  it('ranks with a gold icon for 1 and trophies after, rank and points only with points, for this year', async () => {
    const calls = stubApi(({ path }) => (path === '/api/orgs/5/leaderboard' ? jsonResponse(board) : undefined))
    renderWithProviders(<Leaderboard org={buildOrg({ rankingDisabled: false })} today={new Date(2026, 5, 1)} />)
    const rows = await screen.findAllByTestId('leaderboard-row')
    expect(rows).toHaveLength(3)
    expect(screen.getByRole('columnheader', { name: 'Rank' })).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Member' })).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Points earned' })).toBeInTheDocument()
    expect(within(rows[0]).getByTestId('rank-gold')).toBeInTheDocument()
    expect(within(rows[1]).getByTestId('rank-trophy')).toBeInTheDocument()
    expect(within(rows[2]).queryByTestId(/rank-/)).toBeNull()
    expect(within(rows[2]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['', 'AAce', ''])
    expect(within(rows[0]).getByRole('link', { name: 'Cypher' })).toHaveAttribute('href', '/profile/12')
    const params = calls[0].params
    expect([params.get('sb'), params.get('y'), params.get('pp'), params.get('p')]).toEqual(['rank-asc', '2026', '100', '0'])
  })

  it('says who the leaderboard lists while it is empty: the members of the organization', async () => {
    stubApi(({ path }) => (path === '/api/orgs/5/leaderboard' ? jsonResponse([]) : undefined))
    renderWithProviders(<Leaderboard org={buildOrg({ name: 'Floor Lords' })} today={new Date(2026, 5, 1)} />)
    expect(await screen.findByText('No members yet')).toBeInTheDocument()
    expect(
      screen.getByText('The leaderboard lists the members of Floor Lords with the points they earn in its battles. Dancers who competed appear once they are added as members.'),
    ).toBeInTheDocument()
  })

  it('hides only the rank sort while ranking is disabled; the Rank column stays', async () => {
    const calls = stubApi(({ path }) => (path === '/api/orgs/5/leaderboard' ? jsonResponse(board) : undefined))
    const user = userEvent.setup()
    renderWithProviders(<Leaderboard org={buildOrg({ rankingDisabled: true })} today={new Date(2026, 5, 1)} />)
    const rows = await screen.findAllByTestId('leaderboard-row')
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Rank', 'Member', 'Points earned'])
    expect(within(rows[0]).getByTestId('rank-gold')).toBeInTheDocument()
    expect(calls[0].params.get('sb')).toBe('name-asc')
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }))
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['A-Z'])
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: /^Ascending/ }))
    await waitFor(() => expect(calls.at(-1)?.params.get('sb')).toBe('name-desc'))
    await user.click(screen.getByRole('combobox', { name: 'Year' }))
    await user.click(screen.getByRole('option', { name: 'All Years' }))
    await waitFor(() => expect(calls.at(-1)?.params.get('y')).toBe('0'))
  })
})

describe('Events tab', () => {
  it('says plainly that there are no events, without calling the events service', () => {
    const calls = stubApi(() => undefined)
    renderWithProviders(<EventsTab org={buildOrg()} />)
    expect(screen.getByText('No events yet')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it('shows only periods with events, each starting in its own direction', async () => {
    const onView = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<EventPeriodControls counts={{ now: 0, past: 3, future: 1, draft: 0 }} view={{ period: 'past', sortBy: 'date', direction: 'desc' }} onView={onView} />)
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Past (3)', 'Upcoming (1)'])
    await user.click(screen.getByRole('tab', { name: 'Upcoming (1)' }))
    expect(onView).toHaveBeenLastCalledWith({ period: 'future', sortBy: 'date', direction: 'asc' })
    await user.click(screen.getByRole('button', { name: /^Descending/ }))
    expect(onView).toHaveBeenLastCalledWith({ period: 'past', sortBy: 'date', direction: 'asc' })
  })
})

describe('Social settings', () => {
  it('shows each handle after its prefix, sends the server\'s links, and shows a refused link on its field', async () => {
    const socials = { facebook: '', instagram: 'https://instagram.com/floorlords', twitter: '', youtube: 'https://youtube.com/@floorlords', website: 'http://floorlords.example' }
    const calls = stubApi(({ method, path, body }) => {
      if (method !== 'POST' || path !== '/api/orgs/5') return undefined
      const sent = (body as Organization).socials
      if (sent.facebook !== 'https://facebook.com/floorlords') {
        return jsonResponse({ error: { code: 'invalid', message: 'Enter a Facebook name or a facebook.com link', field: 'socials.facebook' } }, 400)
      }
      return jsonResponse(buildOrg({ socials: sent }))
    })
    const user = userEvent.setup()
    renderWithProviders(<SocialsSection org={buildOrg({ socials })} />, { preloadedState: signedInState() })
    expect(screen.getByRole('textbox', { name: 'Instagram' })).toHaveValue('floorlords')
    expect(screen.getByRole('textbox', { name: 'Youtube' })).toHaveValue('@floorlords')
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveValue('http://floorlords.example')

    const facebook = screen.getByRole('textbox', { name: 'Facebook' })
    await user.type(facebook, 'instagram.com/ana')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Enter a Facebook name or a facebook.com link')).toBeInTheDocument()
    expect(facebook).toHaveAttribute('aria-invalid', 'true')
    expect(facebook).toHaveValue('instagram.com/ana')
    expect(calls.at(-1)?.body).toMatchObject({
      socials: { facebook: 'instagram.com/ana', instagram: 'https://instagram.com/floorlords', twitter: '', youtube: 'https://youtube.com/@floorlords', website: 'http://floorlords.example' },
    })

    await user.clear(facebook)
    await user.type(facebook, '@floorlords')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(facebook).toHaveValue('floorlords'))
    expect(facebook).toHaveAttribute('aria-invalid', 'false')
    expect(screen.getByRole('textbox', { name: 'Youtube' })).toHaveValue('@floorlords')
  })
})

describe('UserPicker', () => {
  it('excludes users in the list, closes once one is picked, and says an invitation is not sent', async () => {
    const calls = stubApi(({ path, params }) => {
      if (path !== '/api/users') return undefined
      if (params.get('k')?.includes('@')) return jsonResponse({ items: [] })
      return jsonResponse({ items: [{ id: 2, dancerName: 'Bboy Two', avatar: null, confirmed: true }, { id: 3, dancerName: 'Bgirl Three', avatar: null, confirmed: true }] })
    })
    const onPick = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<UserPicker label="Select admins" selected={[{ id: 3 }]} role="admin" allowInvite onPick={onPick} />, { preloadedState: signedInState() })
    const field = screen.getByRole('combobox', { name: 'Select admins' })
    await user.click(field)
    expect(await screen.findByRole('option', { name: 'Bboy Two Add as admin' })).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: /Bgirl Three/ })).toBeNull()
    expect(calls.at(-1)?.params.get('ex')).toBe('3')
    expect(calls.at(-1)?.params.get('pp')).toBe('100')
    await user.click(screen.getByRole('option', { name: /Bboy Two/ }))
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }))
    expect(screen.queryByRole('listbox')).toBeNull()

    await user.type(field, 'nobody@')
    await user.click(await screen.findByRole('button', { name: 'Invite nobody@' }, { timeout: 2000 }))
    expect(screen.getByText('Invalid e-mail.')).toBeInTheDocument()
    await user.type(field, 'example.com')
    await user.click(await screen.findByRole('button', { name: 'Invite nobody@example.com' }, { timeout: 2000 }))
    expect(screen.getByText(/Invitations by e-mail are not sent yet/)).toBeInTheDocument()
  })

  it('marks the list busy until the typed text has been searched, without flashing "No users found"', async () => {
    stubApi(({ path, params }) => {
      if (path !== '/api/users') return undefined
      const everyone = [{ id: 2, dancerName: 'Bboy Two', avatar: null, confirmed: true }, { id: 4, dancerName: 'Bgirl Four', avatar: null, confirmed: true }]
      return jsonResponse({ items: everyone.filter((one) => one.dancerName.toLowerCase().includes((params.get('k') ?? '').toLowerCase())) })
    })
    const user = userEvent.setup()
    renderWithProviders(<UserPicker label="Select admins" selected={[]} onPick={vi.fn()} />, { preloadedState: signedInState() })
    const field = screen.getByRole('combobox', { name: 'Select admins' })
    await user.click(field)
    const list = screen.getByRole('listbox', { name: 'Select admins results' })
    await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'false'))
    expect(screen.getAllByRole('option')).toHaveLength(2)

    await user.type(field, 'zz')
    // the previous answer is still shown, and said to be stale
    expect(list).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByLabelText('Searching')).toBeInTheDocument()
    expect(screen.queryByText('No users found')).toBeNull()
    await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'false'))
    expect(screen.getByText('No users found')).toBeInTheDocument()
    expect(screen.queryByRole('option')).toBeNull()

    await user.clear(field)
    await user.type(field, 'two')
    await waitFor(() => expect(screen.getByRole('listbox', { name: 'Select admins results' })).toHaveAttribute('aria-busy', 'false'))
    await user.click(screen.getByRole('option', { name: /Bboy Two/ }))
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(screen.queryByLabelText('Searching')).toBeNull() // the list closed on the pick: nothing is searched
  })
})

describe('rich-text links', () => {
  it('keeps https and mailto links, adds https:// to a bare host and refuses other schemes', () => {
    expect(normaliseLink('cypher.example/about')).toBe('https://cypher.example/about')
    expect(normaliseLink('http://cypher.example')).toBe('https://cypher.example')
    expect(normaliseLink('crew@cypher.example')).toBe('mailto:crew@cypher.example')
    expect(normaliseLink('mailto:crew@cypher.example')).toBe('mailto:crew@cypher.example')
    expect(normaliseLink('javascript:alert(1)')).toBeNull()
    expect(normaliseLink('  ')).toBeNull()
  })
})

describe('RichTextEditor', () => {
  it('edits the given HTML with bold, italic, underline, lists and link, and names itself by its label', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<RichTextEditor label="Description" value="<p>Since <strong>1999</strong></p>" onChange={onChange} />)
    const box = screen.getByRole('textbox', { name: 'Description' })
    expect(box.innerHTML).toContain('<strong>1999</strong>')
    const toolbar = screen.getByRole('toolbar', { name: 'Description' })
    expect(within(toolbar).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Numbered list',
      'Bulleted list',
      'Link',
    ])
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }))
    expect(await screen.findByRole('dialog', { name: 'Link' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('Link address'), 'javascript:alert(1){Enter}')
    expect(screen.getByText('Use an https:// or mailto: link')).toBeInTheDocument()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EventChipData } from '@/components/ui/event-chip'
import { buildUser, jsonResponse } from '@/testing/builders'
import { renderWithProviders } from '@/testing/render'
import { stubApi, type ApiCall } from '@/testing/stub-api'
import { ProfileEventsTab } from './components/profile-events-tab'
import { ProfilePage } from './components/profile-page'
import { firstProfilePeriod, pageCount, profilePeriods } from './rules'

afterEach(() => vi.unstubAllGlobals())

const item = (id: number, overrides: Partial<EventChipData> = {}): EventChipData => ({
  id,
  title: `Jam ${id}`,
  image: null,
  dateFlat: '12/05/2026',
  locationAddress: 'Brooklyn, New York, United States',
  status: 'published',
  ...overrides,
})

type Counts = { now: number; past: number; draft: number; future: number }

/** The events service: the tab counts, and each page as `pages` answers it (by t, s and p). */
function service(counts: Counts, pages: (call: ApiCall) => EventChipData[] = () => []) {
  return stubApi((call) => {
    if (call.path === '/api/events/tabs') return jsonResponse(counts)
    if (call.path === '/api/events') return jsonResponse(pages(call))
  })
}

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/events').map((call) => Object.fromEntries(call.params))

describe('the sub-tab rules', () => {
  it('are now, past, draft and future for the owner, without draft for anyone else', () => {
    expect(profilePeriods(true).map((period) => period.key)).toEqual(['now', 'past', 'draft', 'future'])
    expect(profilePeriods(false).map((period) => period.key)).toEqual(['now', 'past', 'future'])
  })

  it('open the first sub-tab with events', () => {
    expect(firstProfilePeriod({ now: 0, past: 0, draft: 2, future: 1 }, true)).toBe('draft')
    expect(firstProfilePeriod({ now: 0, past: 0, draft: 2, future: 1 }, false)).toBe('future')
    expect(firstProfilePeriod({}, false)).toBe('now')
  })

  it('count pages of 5', () => {
    expect([0, 1, 5, 6, 11].map((count) => pageCount(count))).toEqual([1, 1, 1, 2, 3])
  })
})

describe("The profile's Events tab", () => {
  it('shows the sub-tabs with their counts, 5 a page A-Z with pagination, and sorts Z-A', async () => {
    const calls = service({ now: 0, past: 12, draft: 0, future: 3 }, ({ params }) => {
      if (params.get('t') !== 'past') return [item(90), item(91), item(92)]
      const start = Number(params.get('p')) * 5
      return Array.from({ length: Math.min(5, 12 - start) }, (_, index) => item(start + index + 1))
    })
    const user = userEvent.setup()
    renderWithProviders(<ProfileEventsTab userId={7} owner={false} name="B-boy Seven" />)

    const tabs = await screen.findByRole('tablist', { name: 'Events by period' })
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Happening (0)', 'Past (12)', 'Upcoming (3)'])
    expect(within(tabs).getByRole('tab', { name: 'Past (12)' })).toHaveAttribute('aria-selected', 'true')
    expect(calls.find((call) => call.path === '/api/events/tabs')?.params.get('u')).toBe('7')

    const list = await screen.findByRole('list', { name: 'Events: Past' })
    expect(within(list).getAllByRole('link')).toHaveLength(5)
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('href', '/event/1')
    expect(listCalls(calls).at(-1)).toEqual({ u: '7', t: 'past', s: 'title-asc', p: '0', pp: '5' })
    // no 'Happening now' list while nothing is happening
    expect(screen.queryByRole('heading', { name: 'Happening now' })).toBeNull()

    const pages = screen.getByRole('navigation')
    expect(within(pages).getAllByRole('button', { name: /page \d$/ }).map((button) => button.textContent)).toEqual(['1', '2', '3'])
    await user.click(within(pages).getByRole('button', { name: 'Go to page 3' }))
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Events: Past' })).getAllByRole('link')).toHaveLength(2))
    expect(listCalls(calls).at(-1)).toEqual({ u: '7', t: 'past', s: 'title-asc', p: '2', pp: '5' })

    // the sort goes back to the first page
    await user.click(screen.getByRole('button', { name: 'Z-A' }))
    expect(screen.getByRole('button', { name: 'Z-A' })).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ u: '7', t: 'past', s: 'title-desc', p: '0', pp: '5' }))
    expect(within(screen.getByRole('navigation')).getByRole('button', { name: 'page 1' })).toHaveAttribute('aria-current', 'page')

    // another sub-tab: its own list, no pagination for 3
    await user.click(screen.getByRole('tab', { name: 'Upcoming (3)' }))
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ u: '7', t: 'future', s: 'title-desc', p: '0', pp: '5' }))
    expect(await screen.findByRole('list', { name: 'Events: Upcoming' })).toBeVisible()
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it("shows the 'Happening now' list when something is happening now", async () => {
    const calls = service({ now: 2, past: 1, draft: 0, future: 0 }, ({ params }) =>
      params.get('t') === 'now' ? [item(1, { title: 'Live Cypher' }), item(2)] : [item(3)],
    )
    renderWithProviders(<ProfileEventsTab userId={7} owner={false} name="B-boy Seven" />)
    const section = await screen.findByRole('region', { name: 'Happening now' })
    const list = await within(section).findByRole('list', { name: 'Happening now' })
    expect(within(list).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/event/1', '/event/2'])
    expect(listCalls(calls)).toContainEqual({ u: '7', t: 'now', s: 'date-asc', p: '0', pp: '50' })
    expect(screen.getByRole('tab', { name: 'Happening (2)' })).toHaveAttribute('aria-selected', 'true')
  })

  it('shows the draft sub-tab to the owner only', async () => {
    service({ now: 0, past: 0, draft: 2, future: 1 }, ({ params }) => (params.get('t') === 'draft' ? [item(5, { status: 'draft', title: '' })] : [item(6)]))
    renderWithProviders(<ProfileEventsTab userId={7} owner name="B-boy Seven" />)
    expect(await screen.findByRole('tab', { name: 'Drafts (2)' })).toHaveAttribute('aria-selected', 'true')
    const list = await screen.findByRole('list', { name: 'Events: Drafts' })
    expect(within(list).getByRole('link')).toHaveTextContent('Untitled')
    expect(within(list).getByText('Draft')).toBeVisible()
  })

  it('says there are none yet when every count is 0', async () => {
    service({ now: 0, past: 0, draft: 0, future: 0 })
    renderWithProviders(<ProfileEventsTab userId={7} owner={false} name="B-boy Seven" />)
    expect(await screen.findByText('No events yet')).toBeVisible()
    expect(screen.getByText('The events B-boy Seven organizes or works at will be listed here.')).toBeVisible()
  })

  it('says so when the counts cannot be read, and Retry reads them again', async () => {
    let reads = 0
    stubApi((call) => {
      if (call.path === '/api/events/tabs') {
        reads += 1
        return reads === 1 ? jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500) : jsonResponse({ now: 0, past: 1, draft: 0, future: 0 })
      }
      if (call.path === '/api/events') return jsonResponse([item(1)])
    })
    const user = userEvent.setup()
    renderWithProviders(<ProfileEventsTab userId={7} owner={false} name="B-boy Seven" />)
    await user.click(within(await screen.findByTestId('error-state')).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('tab', { name: 'Past (1)' })).toBeVisible()
  })

  it("is the profile page's Events tab: the owner (canEdit) sees drafts, a visitor does not", async () => {
    const counts = { now: 0, past: 0, draft: 1, future: 1 }
    stubApi((call) => {
      if (call.path === '/api/user/3') return jsonResponse(buildUser({ id: 3, dancerName: 'B-boy Three', canEdit: false }))
      if (call.path === '/api/user/4') return jsonResponse(buildUser({ id: 4, dancerName: 'B-girl Four', canEdit: true }))
      if (call.path === '/api/events/tabs') return jsonResponse(counts)
      if (call.path === '/api/events') return jsonResponse([item(Number(call.params.get('u')))])
    })
    const visitor = renderWithProviders(<ProfilePage id={3} />)
    expect(await screen.findByRole('tab', { name: 'Upcoming (1)' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByRole('tab', { name: /Drafts/ })).toBeNull()
    visitor.unmount()

    renderWithProviders(<ProfilePage id={4} />)
    expect(await screen.findByRole('tab', { name: 'Drafts (1)' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByRole('link', { name: /Jam 4/ })).toHaveAttribute('href', '/event/4')
  })
})

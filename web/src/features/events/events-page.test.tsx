import { act, renderHook, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import EventsRoute from '@/app/routes/events'
import { useFooterHidden, useHideFooter } from '@/lib/footer-visibility'
import { buildEventListItem, jsonResponse } from '@/testing/builders'
import { renderWithProviders } from '@/testing/render'
import { stubApi, type ApiCall } from '@/testing/stub-api'
import { browseFooterHidden, browsePeriods, browseView, currentBrowsePeriod, EVENTS_PAGE_SIZE, parseOrgIds } from './rules'
import type { EventItem } from './types'

afterEach(() => vi.unstubAllGlobals())

const item = buildEventListItem

const ORGS = [
  { id: 3, name: 'Floor Lords', image: 'img-floor', current: 1, future: 4, past: 12 },
  { id: 8, name: 'Flow Mafia', image: null, current: 0, future: 2, past: 0 },
]

function service(tabs: Record<string, number>, pages: (call: ApiCall) => EventItem[] = () => [item(1)]) {
  return stubApi((call) => {
    if (call.path === '/api/events/tabs') return jsonResponse(tabs)
    if (call.path === '/api/events') return jsonResponse(pages(call))
    if (call.path === '/api/orgs') {
      const k = call.params.get('k')?.toLowerCase() ?? ''
      return jsonResponse({ items: ORGS.filter((org) => org.name.toLowerCase().includes(k)), totalCurrent: 0, totalFuture: 0, totalPast: 0 })
    }
    const one = /^\/api\/orgs\/(\d+)$/.exec(call.path)
    if (one) return jsonResponse(ORGS.find((org) => org.id === Number(one[1])))
  })
}

const renderPage = (route = '/events') => renderWithProviders(<EventsRoute />, { route, path: '/events/*' })
const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/events')

describe('the events page rules', () => {
  it('shows only the period tabs with events, in the order now, future, past', () => {
    expect(browsePeriods({ now: 0, future: 2, past: 9 }).map((period) => period.label)).toEqual(['Future events', 'Past events'])
    expect(browsePeriods({ now: 1, future: 0, past: 0 }).map((period) => period.label)).toEqual(['Happening now'])
    expect(browsePeriods(null)).toEqual([])
  })
  it('keeps the chosen tab while it has events, else the first one that has', () => {
    expect(currentBrowsePeriod('past', { now: 1, future: 1, past: 1 })).toBe('past')
    expect(currentBrowsePeriod('past', { now: 0, future: 3, past: 0 })).toBe('future')
    expect(currentBrowsePeriod(null, { now: 0, future: 0, past: 0 })).toBeNull()
  })
  it('reads the organization filter from the URL: positive ids, no repeats, nothing else', () => {
    expect(parseOrgIds('3,8,3, 12,x,-1,0,')).toEqual([3, 8, 12])
    expect(parseOrgIds(null)).toEqual([])
  })
  it('names the view by the path, and hides the footer on the map and on a calendar under 960 px', () => {
    expect(browseView('/events')).toBe('grid')
    expect(browseView('/events/map')).toBe('map')
    expect(browseView('/events/calendar/')).toBe('calendar')
    expect(browseFooterHidden('map', 1400)).toBe(true)
    expect(browseFooterHidden('calendar', 959)).toBe(true)
    expect(browseFooterHidden('calendar', 960)).toBe(false)
    expect(browseFooterHidden('grid', 300)).toBe(false)
  })
})

describe('the footer request', () => {
  it('hides the footer while a screen holds a request, and shows it when the last one lets go', () => {
    const footer = renderHook(() => useFooterHidden())
    const first = renderHook(({ hidden }) => useHideFooter(hidden), { initialProps: { hidden: true } })
    const second = renderHook(() => useHideFooter(true))
    expect(footer.result.current).toBe(true)
    first.rerender({ hidden: false })
    expect(footer.result.current).toBe(true)
    act(() => second.unmount())
    expect(footer.result.current).toBe(false)
  })
})

describe('EventsGrid', () => {
  it('shows only the tabs with events, the first selected, 50 a page sorted by date ascending', async () => {
    const calls = service({ now: 0, future: 2, past: 9, draft: 4 })
    renderPage()
    expect(await screen.findByRole('tab', { name: 'Future events' })).toHaveAttribute('aria-selected', 'true')
    expect(within(screen.getByRole('tablist', { name: 'Events by period' })).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Future events', 'Past events'])
    const card = await screen.findByRole('link', { name: /Jam 1\b/ })
    expect(card).toHaveAttribute('href', '/event/1')
    expect(card).toHaveTextContent('Sat, Dec 5, 2026 · 6:00 PM')
    expect(Object.fromEntries(listCalls(calls)[0].params)).toEqual({ t: 'future', s: 'date-asc', p: '0', pp: String(EVENTS_PAGE_SIZE) })
    const views = screen.getByRole('navigation', { name: 'Events views' })
    expect(within(views).getByRole('link', { name: 'Grid' })).toHaveAttribute('aria-current', 'page')
    expect(within(views).getByRole('link', { name: 'Map' })).not.toHaveAttribute('aria-current')
  })

  it('sorts past events descending, keeps A-Z across tabs with each tab’s direction, and starts the list again', async () => {
    const calls = service({ now: 1, future: 1, past: 1 }, ({ params }) =>
      params.get('p') === '0' ? Array.from({ length: EVENTS_PAGE_SIZE }, (_, index) => item(index + 1, { title: `${params.get('t')} ${index + 1}` })) : [item(99)],
    )
    const user = userEvent.setup()
    renderPage()
    const list = await screen.findByRole('list', { name: 'Events' })
    await user.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(EVENTS_PAGE_SIZE + 1))
    expect(listCalls(calls).at(-1)?.params.get('p')).toBe('1')

    await user.click(screen.getByRole('tab', { name: 'Past events' }))
    await waitFor(() => expect(listCalls(calls).at(-1)?.params.get('t')).toBe('past'))
    expect(listCalls(calls).at(-1)?.params.get('s')).toBe('date-desc')
    expect(listCalls(calls).at(-1)?.params.get('p')).toBe('0')
    const past = await screen.findByRole('link', { name: /past 1\b/ })
    expect(within(screen.getByRole('list', { name: 'Events' })).getAllByRole('listitem')).toHaveLength(EVENTS_PAGE_SIZE)
    expect(past).toBeInTheDocument()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'A-Z')
    await waitFor(() => expect(listCalls(calls).at(-1)?.params.get('s')).toBe('title-desc'))
    await user.click(screen.getByRole('button', { name: 'Descending: change to ascending' }))
    await waitFor(() => expect(listCalls(calls).at(-1)?.params.get('s')).toBe('title-asc'))
    await user.click(screen.getByRole('tab', { name: 'Happening now' }))
    await waitFor(() => expect(listCalls(calls).at(-1)?.params.get('t')).toBe('now'))
    expect(listCalls(calls).at(-1)?.params.get('s')).toBe('title-asc')
  })

  it("says 'No Events exist with these parameters' with no tab when nothing matches, and for an empty search", async () => {
    service({ now: 0, future: 0, past: 0 })
    const { unmount } = renderPage()
    expect(await screen.findByText('No Events exist with these parameters')).toBeInTheDocument()
    expect(screen.queryByRole('tablist', { name: 'Events by period' })).toBeNull()
    unmount()
    service({ now: 2, future: 0, past: 0 }, () => [])
    renderPage('/events?k=nothing')
    expect(await screen.findByText('No Events exist with these parameters')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Happening now' })).toBeInTheDocument()
  })

  it('searches 1,200 ms after the last key, trimmed, and keeps k on the links to the other views', async () => {
    const calls = service({ now: 1, future: 0, past: 0 })
    const user = userEvent.setup()
    const { router } = renderPage()
    await screen.findByRole('link', { name: /Jam 1\b/ })
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), '  Floor wars ')
    const typedAt = Date.now()
    await waitFor(() => expect(listCalls(calls).at(-1)?.params.get('k')).toBe('Floor wars'), { timeout: 4000 })
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(1100)
    expect(listCalls(calls).filter((call) => call.params.has('k'))).toHaveLength(1)
    expect(router.state.location.search).toBe('?k=Floor+wars')
    expect(screen.getByRole('link', { name: 'Map' })).toHaveAttribute('href', '/events/map?k=Floor+wars')
    expect(calls.filter((call) => call.path === '/api/events/tabs').every((call) => !call.params.has('k'))).toBe(true)
  })

  it('filters by organizations found by a trimmed name search; the chips remove one', async () => {
    const calls = service({ now: 1, future: 0, past: 0 })
    const user = userEvent.setup()
    const { router } = renderPage()
    await screen.findByRole('link', { name: /Jam 1\b/ })
    await user.click(screen.getByRole('button', { name: 'Filter by organization' }))
    const dialog = await screen.findByRole('dialog', { name: 'Filter by organization' })
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search organizations' }), '  FLO ')
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/orgs').at(-1)?.params.get('k')).toBe('FLO'))
    const floor = await within(dialog).findByRole('checkbox', { name: 'Floor Lords' })
    // each organization with its image and its counts (current, future, past)
    expect(floor).toHaveAccessibleDescription('1 current, 4 future, 12 past')
    expect(within(dialog).getByRole('checkbox', { name: 'Flow Mafia' })).toHaveAccessibleDescription('0 current, 2 future, 0 past')
    const row = floor.closest('label') as HTMLElement
    expect(row.querySelector('img')).toHaveAttribute('src', '/api/images/img-floor?size=100&type=org')
    expect((within(dialog).getByRole('checkbox', { name: 'Flow Mafia' }).closest('label') as HTMLElement).querySelector('img')).toBeNull()
    await user.click(floor)
    await user.click(within(dialog).getByRole('checkbox', { name: 'Flow Mafia' }))
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(listCalls(calls).at(-1)?.params.get('o')).toBe('3,8'))
    expect(calls.filter((call) => call.path === '/api/events/tabs').at(-1)?.params.get('o')).toBe('3,8')
    expect(router.state.location.search).toBe('?o=3%2C8')
    const chips = screen.getByRole('list', { name: 'Organization filter' })
    expect(within(chips).getAllByRole('button').map((chip) => chip.getAttribute('aria-label'))).toEqual(['Remove Floor Lords', 'Remove Flow Mafia'])
    expect(screen.getByRole('button', { name: 'Filter by organization (2 chosen)' })).toBeInTheDocument()
    expect(calls.some((call) => call.path.startsWith('/api/orgs/'))).toBe(false)

    await user.click(within(chips).getByRole('button', { name: 'Remove Floor Lords' }))
    await waitFor(() => expect(listCalls(calls).at(-1)?.params.get('o')).toBe('8'))
    expect(within(screen.getByRole('list', { name: 'Organization filter' })).getAllByRole('listitem')).toHaveLength(1)
  })

  it('names the chosen organizations of a shared link', async () => {
    const calls = service({ now: 1, future: 0, past: 0 })
    renderPage('/events?o=8')
    const chips = await screen.findByRole('list', { name: 'Organization filter' })
    expect(await within(chips).findByRole('button', { name: 'Remove Flow Mafia' })).toBeInTheDocument()
    await waitFor(() => expect(listCalls(calls).at(-1)?.params.get('o')).toBe('8'))
  })

  it('sends a guest who wants to create an event to Signup, back to create-event afterwards', async () => {
    service({ now: 1, future: 0, past: 0 })
    renderPage()
    expect(await screen.findByRole('link', { name: 'Create event' })).toHaveAttribute('href', '/signup?redirect=%2Fcreate-event')
  })

  it('shows a failed read with a Retry', async () => {
    stubApi((call) => (call.path === '/api/events/tabs' ? jsonResponse({ error: { code: 'x', message: 'down' } }, 503) : undefined))
    renderPage()
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})

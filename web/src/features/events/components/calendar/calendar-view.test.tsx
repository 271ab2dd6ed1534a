import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '@/testing/builders'
import { renderWithProviders } from '@/testing/render'
import { stubApi, type ApiCall } from '@/testing/stub-api'
import CalendarView from './calendar-view'

afterEach(() => vi.unstubAllGlobals())

interface ListItem {
  id: number
  title: string
  image: string | null
  dateStart: string | null
  dateEnd: string | null
  timeZone: string
}

const event = (id: number, dateStart: string, overrides: Partial<ListItem> = {}): ListItem => ({
  id,
  title: `Jam ${id}`,
  image: null,
  dateStart,
  dateEnd: null,
  timeZone: 'America/New_York',
  ...overrides,
})

/** The screen's width as useMediaQuery reads it: the desktop layout from 960 px. */
function screenIs(kind: 'desktop' | 'mobile') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: kind === 'desktop' && query === '(min-width:960px)',
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }))
}

function serve(events: (call: ApiCall) => ListItem[] | Response) {
  return stubApi((call) => {
    if (call.path !== '/api/events') return undefined
    const answer = events(call)
    return answer instanceof Response ? answer : jsonResponse(answer)
  })
}

function open(route = '/events/calendar?m=2026-12') {
  return renderWithProviders(<CalendarView />, { route, path: '/events/calendar' })
}

const cell = (name: string) => screen.getByRole('cell', { name })
const SAT_DEC_5 = 'Saturday, December 5, 2026'

describe('Calendar Mode on desktop', () => {
  it('asks for the published events of the whole 6-week grid with the search and filter of the URL', async () => {
    screenIs('desktop')
    const calls = serve(() => [])
    open('/events/calendar?m=2026-12&k=%20floor%20wars%20&o=5,7')
    expect(await screen.findByRole('heading', { name: 'Calendar Mode' })).toBeVisible()
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(Object.fromEntries(calls[0].params)).toEqual({ start: '2026-11-29', end: '2027-01-09', p: '0', pp: '999', k: 'floor wars', o: '5,7' })
    expect(await screen.findByText('No events in December 2026')).toBeVisible()
    expect(screen.getByRole('table', { name: 'December 2026' })).toBeVisible()
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'])
  })

  it("shows 4 events a day with image, the venue's time and title ('Untitled'), then +N opening the whole day", async () => {
    screenIs('desktop')
    serve(() => [
      event(1, '2026-12-05T18:00', { title: '', image: 'poster-1' }),
      event(2, '2026-12-05T19:00'),
      event(3, '2026-12-05T20:00'),
      event(4, '2026-12-05T21:00'),
      event(5, '2026-12-05T22:00'),
      event(6, '2026-12-05T23:30', { timeZone: 'Asia/Tokyo' }),
      event(7, '2026-12-06T10:00'),
    ])
    const user = userEvent.setup()
    open()
    const day = await waitFor(() => within(cell(SAT_DEC_5)).getByRole('list', { name: `Events on ${SAT_DEC_5}` }))
    const links = within(day).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual(['6:00 PMUntitled', '7:00 PMJam 2', '8:00 PMJam 3', '9:00 PMJam 4'])
    expect(links[0]).toHaveAttribute('href', '/event/1')
    expect(links[0].querySelector('img')).toHaveAttribute('src', '/api/images/poster-1?size=48&type=event')
    expect(within(cell('Sunday, December 6, 2026')).getAllByRole('link')).toHaveLength(1)

    const more = within(cell(SAT_DEC_5)).getByRole('button', { name: `+2 more events on ${SAT_DEC_5}` })
    expect(more).toHaveTextContent('+2')
    await user.click(more)
    const popover = await screen.findByRole('dialog', { name: `Events on ${SAT_DEC_5}` })
    const all = within(popover).getAllByRole('link')
    expect(all).toHaveLength(6)
    // 23:30 at a Tokyo venue is 11:30 PM on the 5th, for a visitor anywhere
    expect(all[5]).toHaveTextContent('11:30 PMJam 6')
    expect(all[5]).toHaveAttribute('href', '/event/6')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows a several-day event on each of its days, and a day of another month does nothing', async () => {
    screenIs('desktop')
    serve(() => [event(1, '2026-11-30T20:00', { dateEnd: '2026-12-02T02:00', title: 'Weekend' })])
    const { router } = open()
    await waitFor(() => expect(within(cell('Monday, November 30, 2026')).getByRole('link')).toHaveTextContent('8:00 PMWeekend'))
    expect(within(cell('Tuesday, December 1, 2026')).getByRole('link')).toHaveTextContent('cont.Weekend')
    expect(within(cell('Wednesday, December 2, 2026')).getByRole('link')).toHaveTextContent('cont.Weekend')
    expect(within(cell('Thursday, December 3, 2026')).queryByRole('link')).toBeNull()

    await userEvent.setup().click(cell('Sunday, November 29, 2026'))
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('December 2026')
    expect(router.state.location.search).toBe('?m=2026-12')
  })

  it('moves by month with the buttons (the month in the URL) and back to Today, keyboard included', async () => {
    screenIs('desktop')
    const calls = serve(() => [])
    const user = userEvent.setup()
    const { router } = open('/events/calendar?m=2026-12&k=jam')
    await user.click(await screen.findByRole('button', { name: 'Next month' }))
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('January 2027')
    expect(router.state.location.search).toBe('?m=2027-01&k=jam')
    await waitFor(() => expect(calls.at(-1)?.params.get('start')).toBe('2026-12-27'))
    expect(calls.at(-1)?.params.get('end')).toBe('2027-02-06')

    screen.getByRole('button', { name: 'Previous month' }).focus()
    await user.keyboard('{Enter}')
    await user.keyboard(' ')
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('November 2026')

    await user.click(screen.getByRole('button', { name: 'Today' }))
    const now = new Date()
    expect(screen.getByTestId('calendar-month')).toHaveTextContent(now.toLocaleString('en-US', { month: 'long', year: 'numeric' }))
    expect(router.state.location.search).toBe('?k=jam')
    expect(screen.getByRole('cell', { current: 'date' })).toBeInTheDocument()
  })

  it('says so when the events cannot be read, and Retry reads them again', async () => {
    screenIs('desktop')
    let reads = 0
    serve(() => {
      reads += 1
      return reads === 1 ? jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500) : [event(1, '2026-12-05T18:00')]
    })
    const user = userEvent.setup()
    open()
    const failed = await screen.findByTestId('error-state')
    await user.click(within(failed).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(within(cell(SAT_DEC_5)).getByRole('link')).toHaveTextContent('6:00 PMJam 1'))
  })
})

describe('Calendar Mode on mobile', () => {
  it("shows 2 events a day and +N; a tap on the day opens its list below the grid, with a hide button", async () => {
    screenIs('mobile')
    serve(() => [event(1, '2026-12-05T18:00'), event(2, '2026-12-05T19:00', { title: '' }), event(3, '2026-12-05T20:00'), event(4, '2026-12-07T12:00')])
    const user = userEvent.setup()
    open()
    const day = await screen.findByRole('button', { name: `${SAT_DEC_5}: 3 events` })
    await waitFor(() => expect(within(day).getAllByTestId('day-preview-item')).toHaveLength(2))
    expect(within(day).getByTestId('day-preview')).toHaveTextContent('Jam 1Untitled+1')
    // the cells are not links on a phone: the day's list is
    expect(within(cell(SAT_DEC_5)).queryByRole('link')).toBeNull()
    expect(screen.getByRole('button', { name: 'Monday, December 7, 2026: 1 event' })).toBeVisible()

    await user.click(day)
    expect(day).toHaveAttribute('aria-expanded', 'true')
    const list = screen.getByRole('region', { name: SAT_DEC_5 })
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['6:00 PMJam 1', '7:00 PMUntitled', '8:00 PMJam 3'])
    await user.click(within(list).getByRole('button', { name: 'Hide' }))
    expect(screen.queryByRole('region', { name: SAT_DEC_5 })).toBeNull()
    expect(day).toHaveAttribute('aria-expanded', 'false')

    // a tap on the open day closes it too; an empty day says it has none
    await user.click(day)
    await user.click(day)
    expect(screen.queryByRole('region', { name: SAT_DEC_5 })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Tuesday, December 8, 2026: 0 events' }))
    expect(within(screen.getByRole('region', { name: 'Tuesday, December 8, 2026' })).getByText('No events on this day')).toBeVisible()
  })

  it('a tap on a day of another month does nothing', async () => {
    screenIs('mobile')
    serve(() => [event(1, '2026-11-29T18:00')])
    const user = userEvent.setup()
    const { router } = open()
    const other = cell('Sunday, November 29, 2026')
    await waitFor(() => expect(within(other).getAllByTestId('day-preview-item')).toHaveLength(1))
    expect(within(other).queryByRole('button')).toBeNull()
    await user.click(other)
    expect(screen.queryByRole('region', { name: 'Sunday, November 29, 2026' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Hide' })).toBeNull()
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('December 2026')
    expect(router.state.location.search).toBe('?m=2026-12')
  })

  it('a horizontal swipe over 50 px changes the month both ways; 50 px or an up-down move does nothing', async () => {
    screenIs('mobile')
    const calls = serve(() => [])
    const { router } = open()
    const grid = await screen.findByTestId('month-grid')
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.touchStart(grid, { touches: [{ clientX: from[0], clientY: from[1] }] })
      fireEvent.touchEnd(grid, { changedTouches: [{ clientX: to[0], clientY: to[1] }] })
    }
    const month = () => screen.getByTestId('calendar-month').textContent

    swipe([300, 200], [249, 210])
    expect(month()).toBe('January 2027')
    expect(router.state.location.search).toBe('?m=2027-01')
    await waitFor(() => expect(calls.at(-1)?.params.get('start')).toBe('2026-12-27'))

    swipe([100, 200], [151, 190])
    expect(month()).toBe('December 2026')
    swipe([100, 200], [160, 230])
    expect(month()).toBe('November 2026')

    swipe([100, 200], [150, 200])
    swipe([100, 200], [50, 200])
    swipe([100, 100], [20, 400])
    expect(month()).toBe('November 2026')
    expect(router.state.location.search).toBe('?m=2026-11')
  })
})

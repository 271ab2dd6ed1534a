import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '@/testing/builders'
import { mediaQueries } from '@/testing/media'
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
  vi.stubGlobal('matchMedia', mediaQueries((query) => kind === 'desktop' && query === '(min-width:960px)'))
}

/** The local days an event touches, as the server counts them: from its start date to its end date. */
function touches(item: ListItem, day: string): boolean {
  const first = item.dateStart?.slice(0, 10) ?? ''
  const end = item.dateEnd?.slice(0, 10) ?? first
  return first <= day && day <= (end > first ? end : first)
}

function daysFrom(start: string, end: string): string[] {
  const days: string[] = []
  for (let at = new Date(`${start}T00:00Z`); at.toISOString().slice(0, 10) <= end; at.setUTCDate(at.getUTCDate() + 1)) days.push(at.toISOString().slice(0, 10))
  return days
}

/**
 * The server as the calendar reads it, over the events `events` gives: GET /api/events/calendar (each day's total
 * and first perDay events, by wall time then id) and GET /api/events with start and end (a day's whole list).
 */
function serve(events: (call: ApiCall) => ListItem[] | Response) {
  return stubApi((call) => {
    if (call.path !== '/api/events' && call.path !== '/api/events/calendar') return undefined
    const answer = events(call)
    if (answer instanceof Response) return answer
    const sorted = [...answer].sort((a, b) => (a.dateStart ?? '').localeCompare(b.dateStart ?? '') || a.id - b.id)
    const [start, end] = [call.params.get('start') ?? '', call.params.get('end') ?? '']
    if (call.path === '/api/events') return jsonResponse(sorted.filter((item) => daysFrom(start, end).some((day) => touches(item, day))))
    const perDay = Number(call.params.get('perDay'))
    const days = daysFrom(start, end).map((date) => ({ date, all: sorted.filter((item) => touches(item, date)) }))
    return jsonResponse({ days: days.filter((day) => day.all.length).map(({ date, all }) => ({ date, total: all.length, events: all.slice(0, perDay) })) })
  })
}

const dayListCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/events')

function open(route = '/events/calendar?m=2026-12') {
  return renderWithProviders(<CalendarView />, { route, path: '/events/calendar' })
}

const cell = (name: string) => screen.getByRole('cell', { name })
const SAT_DEC_5 = 'Saturday, December 5, 2026'

describe('Calendar Mode on desktop', () => {
  it("asks for the whole 6-week grid's days, 4 events a day, with the search and filter of the URL", async () => {
    screenIs('desktop')
    const calls = serve(() => [])
    open('/events/calendar?m=2026-12&k=%20floor%20wars%20&o=5,7')
    expect(await screen.findByRole('heading', { name: 'Calendar Mode' })).toBeVisible()
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].path).toBe('/api/events/calendar')
    expect(Object.fromEntries(calls[0].params)).toEqual({ start: '2026-11-29', end: '2027-01-09', k: 'floor wars', o: '5,7', perDay: '4' })
    expect(await screen.findByText('No events in December 2026')).toBeVisible()
    expect(screen.getByRole('table', { name: 'December 2026' })).toBeVisible()
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'])
  })

  it("shows 4 events a day with image, the venue's time and title ('Untitled'), then +N opening the whole day", async () => {
    screenIs('desktop')
    const calls = serve(() => [
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
    expect(dayListCalls(calls)).toHaveLength(0)
    await user.click(more)
    const popover = await screen.findByRole('dialog', { name: `Events on ${SAT_DEC_5}` })
    const all = await waitFor(() => within(popover).getAllByRole('link'))
    expect(all).toHaveLength(6)
    // 23:30 at a Tokyo venue is 11:30 PM on the 5th, for a visitor anywhere
    expect(all[5]).toHaveTextContent('11:30 PMJam 6')
    expect(all[5]).toHaveAttribute('href', '/event/6')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("+N counts the day's total and reads the day's whole list when opened, a loading line meanwhile", async () => {
    screenIs('desktop')
    // the grid's answer holds 4 of the 12: the '+N' is the server's count, the popover reads the rest
    const twelve = Array.from({ length: 12 }, (_, index) => event(index + 1, `2026-12-05T${String(index + 10).padStart(2, '0')}:00`))
    const calls = serve(() => twelve)
    // the day's list is held until released: the loading line shows meanwhile
    const answered = globalThis.fetch
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    vi.stubGlobal('fetch', async (request: Request) => {
      if (new URL(request.url).pathname === '/api/events') await held
      return answered(request)
    })
    const user = userEvent.setup()
    open('/events/calendar?m=2026-12&k=jam&o=5')
    const more = await within(await waitFor(() => cell(SAT_DEC_5))).findByRole('button', { name: `+8 more events on ${SAT_DEC_5}` })
    expect(within(cell(SAT_DEC_5)).getAllByRole('link')).toHaveLength(4)
    await user.click(more)
    const popover = await screen.findByRole('dialog', { name: `Events on ${SAT_DEC_5}` })
    expect(within(popover).getByRole('progressbar', { name: "Loading the day's events" })).toBeInTheDocument()
    release()
    await waitFor(() => expect(within(popover).getAllByRole('link')).toHaveLength(12))
    expect(within(popover).queryByRole('progressbar')).toBeNull()
    expect(within(popover).getAllByRole('link').at(-1)).toHaveTextContent('9:00 PMJam 12')
    const read = dayListCalls(calls)
    expect(read).toHaveLength(1)
    expect(Object.fromEntries(read[0].params)).toEqual({ start: '2026-12-05', end: '2026-12-05', p: '0', pp: '999', k: 'jam', o: '5' })
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

  it('asks again once when the screen crosses 960 px, and from the cache when it comes back', async () => {
    let wide = true
    const listeners = new Set<() => void>()
    vi.stubGlobal('matchMedia', mediaQueries((query) => wide && query === '(min-width:960px)', listeners))
    const resize = (to: boolean) => act(() => {
      wide = to
      listeners.forEach((listener) => listener())
    })
    const calls = serve(() => [event(1, '2026-12-05T18:00'), event(2, '2026-12-05T19:00'), event(3, '2026-12-05T20:00')])
    open()
    await waitFor(() => expect(within(cell(SAT_DEC_5)).getAllByRole('link')).toHaveLength(3))
    resize(false)
    await waitFor(() => expect(within(cell(SAT_DEC_5)).getAllByTestId('day-preview-item')).toHaveLength(2))
    resize(true)
    await waitFor(() => expect(within(cell(SAT_DEC_5)).getAllByRole('link')).toHaveLength(3))
    expect(calls.map((call) => call.params.get('perDay'))).toEqual(['4', '2'])
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
    const calls = serve(() => [event(1, '2026-12-05T18:00'), event(2, '2026-12-05T19:00', { title: '' }), event(3, '2026-12-05T20:00'), event(4, '2026-12-07T12:00')])
    const user = userEvent.setup()
    open()
    const day = await screen.findByRole('button', { name: `${SAT_DEC_5}: 3 events` })
    expect(calls[0].params.get('perDay')).toBe('2')
    await waitFor(() => expect(within(day).getAllByTestId('day-preview-item')).toHaveLength(2))
    expect(within(day).getByTestId('day-preview')).toHaveTextContent('Jam 1Untitled+1')
    // the cells are not links on a phone: the day's list is
    expect(within(cell(SAT_DEC_5)).queryByRole('link')).toBeNull()
    expect(screen.getByRole('button', { name: 'Monday, December 7, 2026: 1 event' })).toBeVisible()

    await user.click(day)
    expect(day).toHaveAttribute('aria-expanded', 'true')
    const list = screen.getByRole('region', { name: SAT_DEC_5 })
    // the grid holds 2 of the day's 3: the list reads the day
    await waitFor(() => expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['6:00 PMJam 1', '7:00 PMUntitled', '8:00 PMJam 3']))
    expect(dayListCalls(calls).map((call) => call.params.get('start'))).toEqual(['2026-12-05'])
    await user.click(within(list).getByRole('button', { name: 'Hide' }))
    expect(screen.queryByRole('region', { name: SAT_DEC_5 })).toBeNull()
    expect(day).toHaveAttribute('aria-expanded', 'false')

    // a tap on the open day closes it too; an empty day says it has none
    await user.click(day)
    await user.click(day)
    expect(screen.queryByRole('region', { name: SAT_DEC_5 })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Tuesday, December 8, 2026: 0 events' }))
    expect(within(screen.getByRole('region', { name: 'Tuesday, December 8, 2026' })).getByText('No events on this day')).toBeVisible()
    // a day the grid holds whole is not read again
    await user.click(screen.getByRole('button', { name: 'Monday, December 7, 2026: 1 event' }))
    expect(within(screen.getByRole('region', { name: 'Monday, December 7, 2026' })).getAllByRole('link').map((link) => link.textContent)).toEqual(['12:00 PMJam 4'])
    expect(dayListCalls(calls)).toHaveLength(1)
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

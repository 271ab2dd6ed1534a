import 'fake-indexeddb/auto'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppStore } from '@/app/store'
import { pendingWrites, resetQueue } from '@/lib/offline-queue'
import type { QrDetector } from '@/lib/qr/detector'
import { jsonResponse } from '@/testing/builders'
import { mediaQueries } from '@/testing/media'
import { renderWithProviders, signedInState } from '@/testing/render'
import { CheckinPage } from './components/checkin-page'
import { checkedInCount, filterAttendees, isCheckedIn } from './rules'
import type { Attendee, Attendees } from './types'

const attendee = (overrides: Partial<Attendee>): Attendee => ({
  id: 1,
  dancerName: 'B-girl Ana',
  avatar: null,
  email: 'ana@example.com',
  checkedIn: false,
  checkedInAt: null,
  hasTicket: true,
  payment: 'free',
  tickets: [],
  battles: [],
  ...overrides,
})

const PEOPLE: Attendee[] = [
  attendee({ id: 1, dancerName: 'B-girl Ana', email: 'ana@example.com', checkedIn: true, checkedInAt: '2026-12-05T18:02:00Z', payment: 'card' }),
  attendee({ id: 7, dancerName: 'B-boy Kid', email: 'kid@crew.example', payment: 'card' }),
  attendee({ id: 8, dancerName: 'Lil Zed', email: null, payment: 'cashDue' }),
  attendee({ id: 9, dancerName: 'Rocka', email: 'rocka@example.com', payment: 'cash', checkedIn: true, checkedInAt: '2026-12-05T18:10:00Z' }),
]

interface Call {
  method: string
  path: string
  body: unknown
  headers: Headers
}

interface Stream {
  send: (text: string) => void
}

/**
 * The gateway stood in for at the browser's transport: the API's answers, the live SSE feed, and a switch
 * that makes every call fail as a dropped Wi-Fi would.
 */
function fakeServer(answer: (call: Call) => Response | undefined, list: () => Attendees | Response = () => ({ checkedIn: 2, total: 4, attendees: PEOPLE })) {
  const calls: Call[] = []
  const streams: Stream[] = []
  const state = { down: false }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init)
      const url = new URL(request.url)
      if (state.down) throw new TypeError('Failed to fetch')
      if (url.pathname === '/api/live') {
        let controller!: ReadableStreamDefaultController<Uint8Array>
        const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) })
        const signal = init?.signal ?? request.signal
        signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')))
        streams.push({ send: (text) => controller.enqueue(new TextEncoder().encode(text)) })
        return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })
      }
      const text = request.method === 'GET' ? '' : await request.clone().text()
      const call = { method: request.method, path: url.pathname, body: text ? JSON.parse(text) : undefined, headers: request.headers }
      calls.push(call)
      if (call.method === 'GET' && call.path === '/api/events/42/attendees') {
        const answer = list()
        return answer instanceof Response ? answer : jsonResponse(answer)
      }
      return answer(call) ?? jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404)
    }),
  )
  const reads = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/events/42/attendees').length
  const writes = () => calls.filter((call) => call.method === 'POST')
  return { calls, streams, state, reads, writes }
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
}

function mediaWidth(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(mediaQueries(() => wide))
}

let shown: AppStore | undefined
const show = (props: { loadDetector?: () => Promise<QrDetector>; liveDelayMs?: number } = {}) => {
  const rendered = renderWithProviders(<CheckinPage eventId={42} liveDelayMs={props.liveDelayMs ?? 600_000} loadDetector={props.loadDetector} />, {
    route: '/event/42/checkin',
    path: '/event/:idEvent/checkin',
    preloadedState: signedInState(),
  })
  shown = rendered.store
  return rendered
}

/**
 * `n` reads of the list were sent and every answer is in the store: a read still on its way would land after
 * the test, outside act (a console error the afterEach refuses).
 */
async function readsAre(server: { reads: () => number }, n: number) {
  await waitFor(() => expect(server.reads()).toBe(n))
  await waitFor(() => expect(Object.values(shown?.getState().api.queries ?? {}).filter((query) => query?.status === 'pending')).toEqual([]))
}

const toast = (store: AppStore) => store.getState().toast.current?.text
const counter = () => screen.getByTestId('checkin-counter')
const row = (id: number) => screen.getByTestId(`attendee-${id}`)

let consoleError: ReturnType<typeof vi.spyOn>
beforeEach(async () => {
  await resetQueue()
  consoleError = vi.spyOn(console, 'error')
})
afterEach(async () => {
  // a button's ripple (a key pressed, a click) ends on a timer: let it end inside the test, not after it, where its
  // state update would be outside act (seen on a loaded machine after typing a code with Enter)
  await waitFor(() => expect(document.querySelector('.MuiTouchRipple-child')).toBeNull())
  // the offline queue sets its state once IndexedDB has settled, which on a loaded machine came after a test's
  // last wait (an act warning in 1 of 6 runs): a moment inside act lets it land there
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  cleanup()
  vi.unstubAllGlobals()
  // no console errors (React's act warnings, MUI's prop warnings, a failed render)
  expect(consoleError).not.toHaveBeenCalled()
})

describe('the check-in rules', () => {
  it('searches dancer name and email, case-insensitive, the keyword trimmed', () => {
    expect(filterAttendees(PEOPLE, '  KID ').map((a) => a.id)).toEqual([7])
    expect(filterAttendees(PEOPLE, 'EXAMPLE.com').map((a) => a.id)).toEqual([1, 9])
    expect(filterAttendees(PEOPLE, 'b-').map((a) => a.id)).toEqual([1, 7])
    expect(filterAttendees(PEOPLE, '   ')).toHaveLength(4)
    expect(filterAttendees(PEOPLE, 'nobody')).toEqual([])
  })
  it('counts a check-in only with a time after 2000, and a pending one once', () => {
    expect(isCheckedIn({ checkedIn: true, checkedInAt: '1970-01-01T00:00:00Z' })).toBe(false)
    expect(isCheckedIn({ checkedIn: false, checkedInAt: '2026-12-05T18:00:00Z' })).toBe(true)
    expect(isCheckedIn({ checkedIn: true, checkedInAt: null })).toBe(true)
    expect(checkedInCount(2, PEOPLE, new Set([7, 1]))).toBe(3)
  })
})

describe('Check-in page', () => {
  it('shows the title, the counter, the people with their status and payment, and the back link', async () => {
    fakeServer(() => undefined)
    show()
    expect(await screen.findByText('2/4 checked in')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Check people in' })).toBeInTheDocument()
    expect(document.title).toBe('Check people in · Cypher')
    const table = screen.getByRole('table', { name: 'People' })
    expect(within(table).getByRole('columnheader', { name: 'User' })).toBeInTheDocument()
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument()
    expect(within(row(1)).getByRole('link', { name: /B-girl Ana/ })).toHaveAttribute('href', '/profile/1')
    expect(within(row(1)).getByText('ana@example.com')).toBeInTheDocument()
    expect(within(row(1)).getByText('Checked-in')).toBeInTheDocument()
    expect(within(row(1)).getByTitle('Paid by card')).toBeInTheDocument()
    expect(within(row(1)).getByRole('button', { name: 'Undo check-in of B-girl Ana' })).toBeInTheDocument()
    expect(within(row(7)).getByRole('button', { name: 'Check-In B-boy Kid' })).toHaveTextContent('Check-In')
    expect(within(row(8)).getByRole('button', { name: 'Pay & Check-In Lil Zed' })).toHaveTextContent('Pay & Check-In')
    expect(within(row(8)).queryByText('@')).toBeNull()
    expect(within(row(9)).getByTitle('Paid cash at door')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to event' })).toHaveAttribute('href', '/event/42')
  })

  it('filters the people by the search box', async () => {
    fakeServer(() => undefined)
    show()
    await screen.findByText('2/4 checked in')
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people' }), '  CREW.example ')
    expect(screen.getAllByRole('row')).toHaveLength(2)
    expect(row(7)).toBeInTheDocument()
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search people' }))
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people' }), 'zzz')
    expect(screen.getByText('Nobody matches this search.')).toBeInTheDocument()
    // the counter is the event's, not the search's
    expect(counter()).toHaveTextContent('2/4 checked in')
  })

  it('opens the Key with its five entries on medium screens and up', async () => {
    mediaWidth(true)
    fakeServer(() => undefined)
    show()
    await screen.findByText('2/4 checked in')
    const key = screen.getByRole('region', { name: 'Key' })
    expect(within(key).getByRole('button', { name: 'Key' })).toHaveAttribute('aria-expanded', 'true')
    const terms = within(key).getAllByRole('definition').map((item) => item.textContent)
    expect(terms).toEqual([
      'Checked in at the door',
      'Ticket bought or given to staff',
      'Paid by card',
      'Paid cash at door',
      'Chose cash at event and not yet paid',
    ])
    expect(within(key).getByText('Checked-in')).toBeVisible()
    expect(within(key).getByText('Check-In')).toBeVisible()
    expect(within(key).getByText('Pay & Check-In')).toBeVisible()
    expect(within(key).getByTitle('Paid by card')).toBeInTheDocument()
    expect(within(key).getByTitle('Paid cash at door')).toBeInTheDocument()
  })

  it('keeps the Key folded on a phone until asked', async () => {
    mediaWidth(false)
    fakeServer(() => undefined)
    show()
    await screen.findByText('2/4 checked in')
    const button = within(screen.getByRole('region', { name: 'Key' })).getByRole('button', { name: 'Key' })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
  })

  it('says plainly that only the event staff may check people in (403)', async () => {
    fakeServer(() => undefined, () => jsonResponse({ error: { code: 'forbidden', message: 'Forbidden' } }, 403))
    const { store } = show()
    expect(await screen.findByRole('alert')).toHaveTextContent("Only the event's organizer and admins can check people in.")
    expect(screen.queryByRole('table')).toBeNull()
    expect(toast(store)).toBeUndefined()
  })

  it('shows the error state with Retry when the list cannot be read, and the empty state without people', async () => {
    const server = fakeServer(() => undefined, () => jsonResponse({ error: { code: 'x', message: 'boom' } }, 500))
    show()
    expect(await screen.findByTestId('error-state')).toBeInTheDocument()
    server.state.down = false
    vi.unstubAllGlobals()
    fakeServer(() => undefined, () => ({ checkedIn: 0, total: 0, attendees: [] }))
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Nobody has a ticket or a battle registration for this event yet.')).toBeInTheDocument()
    expect(counter()).toHaveTextContent('0/0 checked in')
  })

  it('checks a person in with an Idempotency-Key, and Pay & Check-In sends payCash; then re-reads the list', async () => {
    const server = fakeServer((call) => (call.method === 'POST' ? jsonResponse({ id: 42 }) : undefined))
    show()
    await screen.findByText('2/4 checked in')
    await userEvent.click(screen.getByRole('button', { name: 'Check-In B-boy Kid' }))
    await readsAre(server, 2)
    await userEvent.click(screen.getByRole('button', { name: 'Pay & Check-In Lil Zed' }))
    await readsAre(server, 3)
    const [kid, zed] = server.writes()
    expect(kid.path).toBe('/api/events/42/checkin/7')
    expect(kid.body).toBeUndefined()
    expect(kid.headers.get('Idempotency-Key')).toMatch(/\S{16,}/)
    expect(zed.path).toBe('/api/events/42/checkin/8')
    expect(zed.body).toEqual({ payCash: true })
    expect(zed.headers.get('Idempotency-Key')).not.toBe(kid.headers.get('Idempotency-Key'))
    expect(await pendingWrites()).toEqual([])
  })

  it('un-checks a person (staff)', async () => {
    const server = fakeServer((call) => (call.path === '/api/admin/events/42/uncheck/1' ? jsonResponse({ id: 42 }) : undefined))
    show()
    await screen.findByText('2/4 checked in')
    await userEvent.click(screen.getByRole('button', { name: 'Undo check-in of B-girl Ana' }))
    await readsAre(server, 2)
    expect(server.writes().map((call) => call.path)).toEqual(['/api/admin/events/42/uncheck/1'])
  })
})

describe('Check-in page offline', () => {
  it('queues a check-in while offline, shows it pending and counts it, then sends it once on online with its key', async () => {
    const server = fakeServer((call) => (call.method === 'POST' ? jsonResponse({ id: 42 }) : undefined))
    show()
    await screen.findByText('2/4 checked in')
    setOnline(false)
    act(() => void window.dispatchEvent(new Event('offline')))
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Check-In B-boy Kid' }))
    expect(await within(row(7)).findByText('Pending')).toBeInTheDocument()
    expect(counter()).toHaveTextContent('3/4 checked in')
    expect(server.writes()).toEqual([])
    const [queued] = await pendingWrites()
    expect(queued).toEqual(expect.objectContaining({ method: 'POST', path: '/events/42/checkin/7', createdAt: expect.any(Number) }))

    setOnline(true)
    act(() => void window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(server.writes()).toHaveLength(1))
    expect(server.writes()[0].headers.get('Idempotency-Key')).toBe(queued.key)
    await readsAre(server, 2)
    await waitFor(async () => expect(await pendingWrites()).toEqual([]))
    // a second `online` (or the timer) sends nothing again
    act(() => void window.dispatchEvent(new Event('online')))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(server.writes()).toHaveLength(1)
  })

  it('queues a check-in whose request found no network, and replays it with the same key', async () => {
    const server = fakeServer((call) => (call.method === 'POST' ? jsonResponse({ id: 42 }) : undefined))
    show()
    await screen.findByText('2/4 checked in')
    server.state.down = true
    await userEvent.click(screen.getByRole('button', { name: 'Check-In B-boy Kid' }))
    expect(await within(row(7)).findByText('Pending')).toBeInTheDocument()
    expect(counter()).toHaveTextContent('3/4 checked in')
    await waitFor(async () => expect((await pendingWrites())[0]?.attempts).toBe(1))
    const [queued] = await pendingWrites()
    server.state.down = false
    act(() => void window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(server.writes()).toHaveLength(1))
    expect(server.writes()[0].headers.get('Idempotency-Key')).toBe(queued.key)
  })

  it('drops a check-in the server refuses (4xx) with a toast of its answer, and re-reads the list', async () => {
    const server = fakeServer((call) =>
      call.method === 'POST' ? jsonResponse({ error: { code: 'invalid', message: 'Check-in is open only while the event is happening' } }, 400) : undefined,
    )
    const { store } = show()
    await screen.findByText('2/4 checked in')
    setOnline(false)
    act(() => void window.dispatchEvent(new Event('offline')))
    await userEvent.click(screen.getByRole('button', { name: 'Check-In B-boy Kid' }))
    expect(await within(row(7)).findByText('Pending')).toBeInTheDocument()
    setOnline(true)
    act(() => void window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(toast(store)).toBe('Check-in is open only while the event is happening'))
    expect(server.writes()).toHaveLength(1)
    await waitFor(() => expect(within(row(7)).getByRole('button', { name: 'Check-In B-boy Kid' })).toBeInTheDocument())
    expect(counter()).toHaveTextContent('2/4 checked in')
    expect(await pendingWrites()).toEqual([])
    await readsAre(server, 2)
  })
})

describe('Check-in page without IndexedDB', () => {
  it('sends a check-in at once, as it is, with an Idempotency-Key', async () => {
    vi.stubGlobal('indexedDB', undefined)
    const server = fakeServer((call) => (call.method === 'POST' ? jsonResponse({ id: 42 }) : undefined))
    show()
    await screen.findByText('2/4 checked in')
    await userEvent.click(screen.getByRole('button', { name: 'Check-In B-boy Kid' }))
    await waitFor(() => expect(server.writes()).toHaveLength(1))
    expect(server.writes()[0].headers.get('Idempotency-Key')).toBeTruthy()
    await readsAre(server, 2)
  })
})

describe('Check-in page live', () => {
  it('subscribes to the event, re-reads once ready and on every check-in or un-check from another tablet', async () => {
    let checkedIn = 2
    const server = fakeServer(
      () => undefined,
      () => ({ checkedIn, total: 4, attendees: PEOPLE }),
    )
    show({ liveDelayMs: 0 })
    await screen.findByText('2/4 checked in')
    await waitFor(() => expect(server.streams).toHaveLength(1))
    const live = server.calls.length
    expect(live).toBeGreaterThan(0)
    server.streams[0].send('id: EVENTS:1\nevent: ready\ndata: {}\n\n')
    await waitFor(() => expect(server.reads()).toBe(2)) // held: its answer comes when the test releases it
    checkedIn = 3
    const envelope = (id: string, type: string) =>
      `id: ${id}\nevent: message\ndata: ${JSON.stringify({ id, type, topics: ['event:42', 'user:7'], data: { eventId: 42, userId: 7, checkedIn, total: 4 } })}\n\n`
    server.streams[0].send(envelope('EVENTS:2', 'events.attendee.checked_in'))
    expect(await screen.findByText('3/4 checked in')).toBeInTheDocument()
    checkedIn = 2
    server.streams[0].send(envelope('EVENTS:3', 'events.attendee.unchecked'))
    expect(await screen.findByText('2/4 checked in')).toBeInTheDocument()
    expect(server.reads()).toBe(4)
  })
})

describe('Check-in page, a read under way when a check-in is answered', () => {
  it('keeps the check-in pending until a list read begun after it arrives (the stale read never shows)', async () => {
    const checked = PEOPLE.map((person) => (person.id === 7 ? { ...person, checkedIn: true, checkedInAt: '2026-12-05T18:20:00Z' } : person))
    const lists: Array<() => Promise<Response>> = []
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    // the 2nd read (begun before the check-in) is held and answers the old list; later reads have Kid in
    lists.push(async () => jsonResponse({ checkedIn: 2, total: 4, attendees: PEOPLE }))
    lists.push(async () => {
      await held
      return jsonResponse({ checkedIn: 2, total: 4, attendees: PEOPLE })
    })
    let releaseFresh!: () => void
    const heldFresh = new Promise<void>((resolve) => (releaseFresh = resolve))
    lists.push(async () => {
      await heldFresh
      return jsonResponse({ checkedIn: 3, total: 4, attendees: checked })
    })
    const server = fakeServer(
      (call) => (call.method === 'POST' ? jsonResponse({ id: 42 }) : undefined),
      () => new Response(null, { status: 599 }),
    )
    const fetchStub = vi.mocked(globalThis.fetch)
    const answered = fetchStub.getMockImplementation()!
    fetchStub.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init)
      if (request.method === 'GET' && new URL(request.url).pathname === '/api/events/42/attendees') {
        server.calls.push({ method: 'GET', path: '/api/events/42/attendees', body: undefined, headers: request.headers })
        return (lists.shift() ?? (async () => jsonResponse({ checkedIn: 3, total: 4, attendees: checked })))()
      }
      return answered(input, init)
    })
    show({ liveDelayMs: 0 })
    await screen.findByText('2/4 checked in')
    await waitFor(() => expect(server.streams).toHaveLength(1))
    server.streams[0].send('id: EVENTS:1\nevent: ready\ndata: {}\n\n')
    await waitFor(() => expect(server.reads()).toBe(2)) // held: its answer comes when the test releases it

    await userEvent.click(screen.getByRole('button', { name: 'Check-In B-boy Kid' }))
    await waitFor(() => expect(server.writes()).toHaveLength(1))
    await waitFor(async () => expect(await pendingWrites()).toEqual([]))
    release()
    // the read after it has begun: the held one's old list is on screen, and Kid is still pending in it
    await waitFor(() => expect(server.reads()).toBe(3))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(within(row(7)).queryByRole('button', { name: 'Check-In B-boy Kid' })).not.toBeInTheDocument()
    expect(within(row(7)).getByText('Pending')).toBeInTheDocument()
    expect(counter()).toHaveTextContent('3/4 checked in')
    releaseFresh()
    expect(await within(row(7)).findByText('Checked-in')).toBeInTheDocument()
    expect(counter()).toHaveTextContent('3/4 checked in')
  })
})

describe('Scanning a ticket', () => {
  // jsdom has no camera: navigator.mediaDevices is set per test and taken away after
  const setMediaDevices = (value: unknown) => Object.defineProperty(navigator, 'mediaDevices', { value, configurable: true })
  afterEach(() => {
    delete (navigator as { mediaDevices?: unknown }).mediaDevices
  })

  function camera() {
    const stop = vi.fn()
    setMediaDevices({ getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) })
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    return { stop }
  }

  it('checks in the holder of a code the camera reads, through the queue, and names who in a toast', async () => {
    const { stop } = camera()
    const server = fakeServer((call) =>
      call.path === '/api/events/42/checkin-ticket' ? jsonResponse(attendee({ id: 7, dancerName: 'B-boy Kid', checkedIn: true })) : undefined,
    )
    const detect = vi.fn(async () => [{ rawValue: ' SECRET-1 ' }])
    const { store } = show({ loadDetector: async () => ({ detect }) })
    await screen.findByText('2/4 checked in')
    await userEvent.click(screen.getByRole('button', { name: 'Scan ticket' }))
    expect(await screen.findByRole('dialog', { name: 'Scan ticket' })).toBeInTheDocument()
    await waitFor(() => expect(toast(store)).toBe('B-boy Kid is checked in'))
    // the same ticket still in front of the camera is sent once
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)))
    const sent = server.writes()
    expect(sent).toHaveLength(1)
    expect(sent[0].body).toEqual({ secret: 'SECRET-1' })
    expect(sent[0].headers.get('Idempotency-Key')).toBeTruthy()
    expect(server.reads()).toBeGreaterThanOrEqual(2)
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(stop).toHaveBeenCalled())
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("says 'Ticket not found' for an unknown code typed in by hand", async () => {
    camera()
    const server = fakeServer((call) =>
      call.path === '/api/events/42/checkin-ticket' ? jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404) : undefined,
    )
    const { store } = show({ loadDetector: async () => ({ detect: async () => [] }) })
    await screen.findByText('2/4 checked in')
    await userEvent.click(screen.getByRole('button', { name: 'Scan ticket' }))
    const dialog = await screen.findByRole('dialog', { name: 'Scan ticket' })
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Ticket code' }), 'WRONG{Enter}')
    await waitFor(() => expect(toast(store)).toBe('Ticket not found'))
    expect(server.writes().map((call) => call.body)).toEqual([{ secret: 'WRONG' }])
    expect(await pendingWrites()).toEqual([])
    // closed inside the test: the dialog's focus trap checks the focus on a timer, and on a loaded machine it moved
    // the focus out of the field after the test (a FormControl update outside act, seen once on a clean-clone run)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('offers typing the code where there is no camera', async () => {
    setMediaDevices(undefined)
    fakeServer(() => undefined)
    show({ loadDetector: async () => ({ detect: async () => [] }) })
    await screen.findByText('2/4 checked in')
    await userEvent.click(screen.getByRole('button', { name: 'Scan ticket' }))
    expect(await screen.findByText('No camera here: type or paste the ticket code below.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Check in' })).toBeDisabled()
  })
})

describe('Check-in page, the one door list', () => {
  const REGISTRANTS: Attendee[] = [
    attendee({ id: 1, dancerName: 'B-girl Ana', payment: 'card', battles: [{ id: 71, title: 'Top Rock' }] }),
    attendee({ id: 5, dancerName: 'Solo', hasTicket: false, payment: null, battles: [{ id: 71, title: 'Top Rock' }, { id: 72, title: 'Crews' }] }),
  ]
  const door = (overrides: Record<string, unknown> = {}) =>
    jsonResponse({ id: 42, title: 'Floor Wars', cancelledAt: null, tiers: [{ id: 3, title: 'General', cost: 1000, sold: 2, totalSum: 2378 }], ...overrides })

  it('marks each row with its ticket and battles, and shows each tier’s sales', async () => {
    fakeServer(
      (call) => (call.method === 'GET' && call.path === '/api/events/42' ? door() : undefined),
      () => ({ checkedIn: 0, total: 2, attendees: REGISTRANTS }),
    )
    show()
    expect(await screen.findByText('0/2 checked in')).toBeInTheDocument()
    expect(within(screen.getByTestId('marks-1')).getByText('Ticket')).toBeInTheDocument()
    expect(within(screen.getByTestId('marks-1')).getByRole('link', { name: 'Top Rock' })).toHaveAttribute('href', '/battle/71')
    const solo = within(screen.getByTestId('marks-5'))
    expect(solo.queryByText('Ticket')).toBeNull()
    expect(solo.getByRole('link', { name: 'Crews' })).toHaveAttribute('href', '/battle/72')
    expect(within(row(5)).getByRole('button', { name: 'Check-In Solo' })).toBeInTheDocument()
    const sales = await screen.findByTestId('sales-3')
    expect(sales).toHaveTextContent('General')
    expect(sales).toHaveTextContent('2 sold · $23.78')
  })

  it('gives a staff ticket to someone without one, and re-reads the list', async () => {
    const server = fakeServer(
      (call) => {
        if (call.method === 'GET' && call.path === '/api/events/42') return door()
        if (call.path === '/api/events/42/staff-ticket') return jsonResponse(attendee({ id: 5, dancerName: 'Solo', payment: 'free' }))
        return undefined
      },
      () => ({ checkedIn: 0, total: 2, attendees: REGISTRANTS }),
    )
    const { store } = show()
    await screen.findByText('0/2 checked in')
    expect(within(row(1)).queryByRole('button', { name: /Give staff ticket/ })).toBeNull()
    await userEvent.click(within(row(5)).getByRole('button', { name: 'Give staff ticket to Solo' }))
    await waitFor(() => expect(toast(store)).toBe('Staff ticket given: Solo'))
    expect(server.writes().map((call) => [call.path, call.body])).toEqual([['/api/events/42/staff-ticket', { userId: 5 }]])
    await readsAre(server, 2)
  })

  it('re-reads when a dancer registers for a battle or a ticket is taken while the page is open', async () => {
    let people = [REGISTRANTS[0]]
    const server = fakeServer(
      (call) => (call.method === 'GET' && call.path === '/api/events/42' ? door() : undefined),
      () => ({ checkedIn: 0, total: people.length, attendees: people }),
    )
    show({ liveDelayMs: 0 })
    await screen.findByText('0/1 checked in')
    await waitFor(() => expect(server.streams).toHaveLength(1))
    server.streams[0].send('id: EVENTS:1\nevent: ready\ndata: {}\n\n')
    await waitFor(() => expect(server.reads()).toBe(2)) // held: its answer comes when the test releases it
    people = REGISTRANTS
    const registered = { id: 'BATTLES:9', type: 'battles.participant.registered', topics: ['battle:71', 'event:42', 'user:5'], data: { battleId: 71, eventId: 42, userId: 5, crewId: null } }
    server.streams[0].send(`id: BATTLES:9\nevent: message\ndata: ${JSON.stringify(registered)}\n\n`)
    expect(await screen.findByText('0/2 checked in')).toBeInTheDocument()
    expect(screen.getByTestId('attendee-5')).toBeInTheDocument()
    const taken = { id: 'EVENTS:10', type: 'events.attendees.changed', topics: ['event:42'], data: { eventId: 42 } }
    server.streams[0].send(`id: EVENTS:10\nevent: message\ndata: ${JSON.stringify(taken)}\n\n`)
    await readsAre(server, 4)
  })

  it('says a cancelled event is cancelled, offers no staff ticket, and retries the refunds still owed', async () => {
    const owed = attendee({ id: 1, dancerName: 'B-girl Ana', payment: 'card', tickets: [{ title: 'General', cost: 1000, ticketSum: 1189, method: 'card', paid: true, refundError: 'Your card was closed.' }] })
    const server = fakeServer(
      (call) => {
        if (call.method === 'GET' && call.path === '/api/events/42') return door({ cancelledAt: '2026-12-01T10:00:00Z' })
        if (call.path === '/api/events/42/cancel') return jsonResponse({ event: {}, refunded: 1, failed: [], cashToReturn: 0 })
        return undefined
      },
      () => ({ checkedIn: 0, total: 2, attendees: [owed, REGISTRANTS[1]] }),
    )
    show()
    const notice = await screen.findByTestId('event-cancelled')
    expect(notice).toHaveTextContent('This event has been cancelled')
    expect(notice).toHaveTextContent('1 refund failed and is still owed.')
    expect(within(row(1)).getByText('Refund failed: Your card was closed.')).toBeInTheDocument()
    expect(within(row(5)).queryByRole('button', { name: /Give staff ticket/ })).toBeNull()
    await userEvent.click(within(notice).getByRole('button', { name: 'Retry refunds' }))
    await waitFor(() => expect(server.writes().map((call) => call.path)).toEqual(['/api/events/42/cancel']))
  })
})

import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { eventMediaPanel } from '@/app/media-screens'
import type { Media } from '@/features/media'
import { buildEvent, buildPermissions, buildTier, jsonResponse, type EventOverrides } from '@/testing/builders'
import { stubGatewayFetch, type LiveStream } from '@/testing/live-gateway'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi } from '@/testing/stub-api'
import { EventPage } from './components/event-page'
import type { CypherEvent } from './types'

afterEach(() => vi.unstubAllGlobals())

const published = (overrides: EventOverrides = {}) =>
  buildEvent({
    title: 'Winter Jam',
    status: 'published',
    dateFlat: 'Sat, Dec 5, 2026',
    timeFlat: '6:00 PM',
    timeZone: 'America/New_York',
    locationAddress: 'Brooklyn, New York, United States',
    website: 'https://winterjam.example',
    description: '<p>Bring your <b>crew</b></p><script>alert(1)</script>',
    tiers: [
      buildTier(1, { title: 'GA', cost: 1500 }),
      buildTier(2, { title: 'VIP', cost: 4000 }),
    ],
    staff: { organizer: { id: 1, dancerName: 'B-girl Ana', avatar: null }, admins: [], hosts: [{ id: 3, dancerName: 'MC Flow', avatar: null }], djs: [{ id: 4, dancerName: 'DJ Spin', avatar: null }] },
    permissions: { canEdit: false },
    ...overrides,
  })

const show = (event: CypherEvent, options: { signedIn?: boolean } = {}) => {
  const calls = stubApi(({ method, path }) => {
    if (path === `/api/events/${event.id}` && method === 'GET') return jsonResponse(event)
    if (path === `/api/events/${event.id}/delete`) return jsonResponse({ ok: true })
  })
  const rendered = renderWithProviders(<EventPage id={event.id} />, {
    route: `/event/${event.id}`,
    path: '/event/:id',
    preloadedState: options.signedIn ? signedInState() : undefined,
  })
  return { ...rendered, calls }
}

describe('Event page', () => {
  it("shows the sidebar facts, the cost range, the sanitised description, staff and share links", async () => {
    show(published())
    expect(await screen.findByRole('heading', { name: 'Winter Jam' })).toBeInTheDocument()
    const info = screen.getByRole('complementary', { name: 'Event info' })
    expect(within(info).getByText('Sat, Dec 5, 2026')).toBeInTheDocument()
    expect(within(info).getByText(/6:00 PM/)).toHaveTextContent('6:00 PM local time, America/New York')
    expect(within(info).getByRole('link', { name: 'Brooklyn, New York, United States' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Brooklyn%2C%20New%20York%2C%20United%20States',
    )
    expect(within(info).getByRole('link', { name: 'Visit website to learn more' })).toHaveAttribute('href', 'https://winterjam.example')
    expect(within(info).getByTestId('cost-summary')).toHaveTextContent('$15 - $40')
    expect(screen.getByText('crew').tagName).toBe('B')
    expect(document.querySelector('script')).toBeNull()
    expect(screen.getByRole('list', { name: 'Organizer' })).toHaveTextContent('B-girl Ana')
    expect(screen.getByRole('list', { name: 'Host' })).toHaveTextContent('MC Flow')
    expect(screen.getByRole('list', { name: 'Djs' })).toHaveTextContent('DJ Spin')
    expect(screen.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toMatch(/^https:\/\/www\.facebook\.com\/sharer/)
    expect(screen.getByRole('link', { name: 'Twitter' }).getAttribute('href')).toMatch(/^https:\/\/twitter\.com\/intent\/tweet/)
    expect(screen.queryByRole('link', { name: 'Edit event' })).toBeNull()
    expect(screen.queryByText('Draft')).toBeNull()
  })

  it('does not accept another tab than info or feedback', async () => {
    stubApi(({ path }) => (path === '/api/events/42' ? jsonResponse(published()) : undefined))
    const { router } = renderWithProviders(<EventPage id={42} />, { route: '/event/42?tab=tickets', path: '/event/:id' })
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(await screen.findByRole('heading', { name: 'Winter Jam' })).toBeInTheDocument()
  })

  it('hides the cost when the event is free', async () => {
    show(published({ tiers: [buildTier(1, { title: 'GA' })] }))
    await screen.findByRole('heading', { name: 'Winter Jam' })
    expect(screen.queryByTestId('cost-summary')).toBeNull()
    expect(screen.queryByText('Free')).toBeNull()
  })

  it('is the 404 page when there is no such event', async () => {
    stubApi(() => undefined)
    const { store } = renderWithProviders(<EventPage id={77} />, { route: '/event/77', path: '/event/:id' })
    await waitFor(() => expect(store.getState().notFound.path).toBe('/event/77'))
  })

  it('offers a retry when the read fails', async () => {
    stubApi(() => jsonResponse({ error: { code: 'unavailable', message: 'Down' } }, 503))
    renderWithProviders(<EventPage id={5} />, { route: '/event/5', path: '/event/:id' })
    expect(await screen.findByTestId('error-state')).toBeInTheDocument()
  })

  it("gives editors the Draft label's menu, the edit button and the display mode", async () => {
    const { calls, router } = show(published({ status: 'draft', permissions: { canEdit: true }, carpets: [{ id: 1, name: 'Main' }] }), { signedIn: true })
    const user = userEvent.setup()
    await screen.findByRole('heading', { name: 'Winter Jam' })
    expect(screen.getByText('Draft')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Edit event' })).toHaveAttribute('href', '/create-event/42')
    await user.click(screen.getByRole('button', { name: 'Display mode' }))
    const dialog = screen.getByRole('dialog', { name: 'Display mode' })
    expect(within(dialog).getByLabelText('Carpet 1 name')).toHaveValue('Main')
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await user.click(screen.getByRole('button', { name: 'Draft actions' }))
    expect(screen.getByRole('menuitem', { name: 'Edit Event' })).toBeInTheDocument()
    await user.click(screen.getByRole('menuitem', { name: 'Delete Event' }))
    const confirm = screen.getByRole('dialog', { name: 'Are you sure you want to delete Winter Jam?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete Event' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'))
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/events/42/delete')).toBe(true)
  })

  it('lets editors cancel a published event after a confirmation, and says what it did', async () => {
    let event = published({ permissions: { canEdit: true, showCheckin: true }, period: 'now' })
    const calls = stubApi(({ method, path }) => {
      if (path === '/api/events/42' && method === 'GET') return jsonResponse(event)
      if (path === '/api/events/42/cancel') {
        event = { ...event, cancelledAt: '2026-12-01T10:00:00Z', permissions: buildPermissions({ canEdit: true }) }
        return jsonResponse({ event, refunded: 1, failed: [], cashToReturn: 0 })
      }
    })
    const { store } = renderWithProviders(<EventPage id={42} />, { route: '/event/42', path: '/event/:id', preloadedState: signedInState() })
    const user = userEvent.setup()
    await screen.findByRole('heading', { name: 'Winter Jam' })
    expect(screen.queryByText('Draft')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Draft actions' })).toBeNull() // no Delete Event on a published event
    await user.click(screen.getByRole('button', { name: 'Cancel event' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel Winter Jam?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep event' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.some((call) => call.path === '/api/events/42/cancel')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Cancel event' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel Winter Jam?' })).getByRole('button', { name: 'Cancel event' }))
    expect(await screen.findByTestId('cancelled-label')).toHaveTextContent('Cancelled')
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Event cancelled. 1 card payment refunded.'))
    // the confirmation's own 'Cancel event' leaves with the dialog's closing transition
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel event' })).toBeNull())
  })

  it('keeps the dialog with Retry refunds when a refund failed', async () => {
    const event = published({ permissions: { canEdit: true } })
    let failing = true
    const calls = stubApi(({ method, path }) => {
      if (path === '/api/events/42' && method === 'GET') return jsonResponse(event)
      if (path === '/api/events/42/cancel') {
        const failed = failing ? [{ ticketId: 9, userId: 7, amount: 1189, message: 'Your card was closed.' }] : []
        failing = false
        return jsonResponse({ event: { ...event, cancelledAt: '2026-12-01T10:00:00Z' }, refunded: failing ? 0 : 1, failed, cashToReturn: 0 })
      }
    })
    renderWithProviders(<EventPage id={42} />, { route: '/event/42', path: '/event/:id', preloadedState: signedInState() })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Cancel event' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel Winter Jam?' })).getByRole('button', { name: 'Cancel event' }))
    const result = await screen.findByRole('dialog', { name: 'Cancelled' })
    expect(within(result).getByRole('alert')).toHaveTextContent('1 refund failed ($11.89 still owed)')
    expect(within(result).getByText('Ticket 9: Your card was closed.')).toBeInTheDocument()
    await user.click(within(result).getByRole('button', { name: 'Retry refunds' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.filter((call) => call.path === '/api/events/42/cancel')).toHaveLength(2)
  })

  it('shows a cancelled event readable, labelled Cancelled, without ticket or check-in actions', async () => {
    show(published({ cancelledAt: '2026-12-01T10:00:00Z', period: 'now', tiers: [], permissions: { canEdit: false, showCheckin: false } }), { signedIn: true })
    expect(await screen.findByTestId('cancelled-label')).toHaveTextContent('Cancelled')
    expect(screen.getByText('Brooklyn, New York, United States')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Get ticket|Buy ticket|Check in/i })).toBeNull()
  })

  it("says 'We've emailed you some help' after publishing", async () => {
    const event = published({ permissions: { canEdit: true } })
    stubApi(({ path }) => (path === `/api/events/${event.id}` ? jsonResponse(event) : undefined))
    const user = userEvent.setup()
    const { router } = renderWithProviders(<EventPage id={42} />, { route: '/start', path: '*', preloadedState: signedInState() })
    await act(() => router.navigate('/event/42', { state: { published: true } }))
    const dialog = await screen.findByRole('dialog', { name: "We've emailed you some help" })
    expect(dialog).toHaveTextContent(/QR code/)
    expect(dialog).toHaveTextContent(/How To Guide/)
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.state).toBeNull()
  })
})

describe('Event page, media panel', () => {
  const clip = (id: number, name: string): Media => ({ id, name, link: 'dQw4w9WgXcQ', userId: 1, orgId: 5, eventId: 42, createdAt: '2026-11-01T12:00:00Z' })

  const showMedia = (event: CypherEvent, media: { list: Media[]; failures?: number }) => {
    let failures = media.failures ?? 0
    const calls = stubApi(({ method, path, params, body }) => {
      if (path === `/api/events/${event.id}`) return jsonResponse(event)
      if (path === '/api/media' && method === 'GET' && params.get('e') === String(event.id)) {
        if (failures > 0) {
          failures -= 1
          return jsonResponse({ error: { code: 'unavailable', message: 'Down' } }, 503)
        }
        return jsonResponse(media.list)
      }
      if (path === '/api/media' && method === 'POST') {
        const saved = body as { link: string; name: string | null }
        media.list = [{ ...clip(9, saved.name ?? ''), link: saved.link }, ...media.list]
        return jsonResponse(media.list)
      }
      if (path.startsWith('/api/media/') && method === 'DELETE') {
        media.list = media.list.filter((item) => `/api/media/${item.id}` !== path)
        return jsonResponse(media.list)
      }
    })
    renderWithProviders(<EventPage id={event.id} mediaPanel={eventMediaPanel} />, { route: `/event/${event.id}`, path: '/event/:id', preloadedState: signedInState() })
    return calls
  }

  it("shows the event's clips from GET /media?e= between the description and the staff, without Add media nor delete for visitors", async () => {
    const calls = showMedia(published(), { list: [clip(7, 'Final'), clip(8, '')] })
    const panel = await screen.findByRole('region', { name: 'Winter Jam Clips' })
    expect(within(panel).getByText('Media')).toBeInTheDocument()
    expect(await within(panel).findByRole('button', { name: 'Play Final' })).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Play Clip' })).toBeInTheDocument()
    expect(within(panel).getAllByTestId('clip')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Add media' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull()
    expect(calls.find((call) => call.path === '/api/media')?.params.get('e')).toBe('42')
    // Description, then the media, then the staff
    const description = screen.getByRole('region', { name: 'Description' })
    const staff = screen.getByRole('region', { name: 'Staff' })
    expect(description.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(panel.compareDocumentPosition(staff) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('plays a clip only when asked', async () => {
    showMedia(published(), { list: [clip(7, 'Final')] })
    const user = userEvent.setup()
    expect(screen.queryByTitle('Final')).toBeNull()
    await user.click(await screen.findByRole('button', { name: 'Play Final' }))
    expect(screen.getByTitle('Final')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1')
  })

  it('says what will show when there are no clips yet', async () => {
    showMedia(published(), { list: [] })
    expect(await screen.findByText('Clips of this event will show here.')).toBeInTheDocument()
  })

  it('lets an editor add a clip: link, Add, the preview, Save; the list takes the answer', async () => {
    const calls = showMedia(published({ permissions: { canEdit: true } }), { list: [clip(7, 'Final')] })
    const user = userEvent.setup()
    await screen.findByRole('button', { name: 'Play Final' })
    await user.click(screen.getByRole('button', { name: 'Add media' }))
    const dialog = screen.getByRole('dialog', { name: 'Add media' })
    await user.type(within(dialog).getByLabelText('Video link'), 'https://youtu.be/aBcDeFgHiJk')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(within(dialog).getByTitle('Preview of the clip')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aBcDeFgHiJk')
    await user.type(within(dialog).getByLabelText('Clip name (optional)'), 'Top 16')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ link: 'aBcDeFgHiJk', name: 'Top 16', eventId: 42 })
    expect(screen.getByRole('button', { name: 'Play Top 16' })).toBeInTheDocument()
    // the answer is the list: no second read of the event's clips
    expect(calls.filter((call) => call.method === 'GET' && call.path === '/api/media')).toHaveLength(1)
  })

  it('lets an editor delete a clip after the question', async () => {
    const calls = showMedia(published({ permissions: { canEdit: true } }), { list: [clip(7, 'Final'), clip(8, 'Top 8')] })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Delete Top 8' }))
    const confirm = screen.getByRole('dialog', { name: 'Delete this clip?' })
    expect(confirm).toHaveTextContent('"Top 8" will no longer show on Winter Jam\'s page.')
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Play Top 8' })).toBeNull())
    expect(screen.getByRole('button', { name: 'Play Final' })).toBeInTheDocument()
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/media/8')).toBe(true)
  })

  it('invites an editor to add the first clip', async () => {
    showMedia(published({ permissions: { canEdit: true } }), { list: [] })
    expect(await screen.findByText('Add the battles and showcases of this event worth watching again.')).toBeInTheDocument()
  })

  it('offers a retry when the clips cannot be read', async () => {
    showMedia(published(), { list: [clip(7, 'Final')], failures: 1 })
    const panel = await screen.findByRole('region', { name: 'Winter Jam Clips' })
    const user = userEvent.setup()
    await user.click(await within(panel).findByRole('button', { name: 'Retry' }))
    expect(await within(panel).findByRole('button', { name: 'Play Final' })).toBeInTheDocument()
    expect(within(panel).queryByTestId('error-state')).toBeNull()
  })

  it("neither reads nor shows a draft's clips to others than its editors", async () => {
    const calls = showMedia(published({ status: 'draft', permissions: { canEdit: false } }), { list: [clip(7, 'Final')] })
    await screen.findByRole('heading', { name: 'Winter Jam' })
    expect(screen.queryByRole('region', { name: 'Winter Jam Clips' })).toBeNull()
    expect(calls.some((call) => call.path === '/api/media')).toBe(false)
  })
})

/** The gateway at fetch: each /api/live a stream of `streams` (`send` writes to the newest), `answer` every other
 * request (404 without an answer). */
function serveLive(answer: (request: Request, url: URL) => Promise<Response | undefined> | Response | undefined) {
  const streams: LiveStream[] = []
  stubGatewayFetch(streams, async (request, url) => (await answer(request, url)) ?? jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404))
  return { streams, send: (text: string) => streams.at(-1)?.send(text) }
}

describe('Event page, live', () => {
  it("follows the topic event:<id> and re-reads the event when another editor changes it", async () => {
    let title = 'Winter Jam'
    const { streams, send } = serveLive((_, url) => (url.pathname === '/api/events/42' ? jsonResponse(published({ title })) : undefined))
    renderWithProviders(<EventPage id={42} />, { route: '/event/42', path: '/event/:id', preloadedState: signedInState() })
    expect(await screen.findByRole('heading', { name: 'Winter Jam' })).toBeInTheDocument()
    await waitFor(() => expect(streams.length).toBeGreaterThan(0), { timeout: 4000 })
    expect(streams[0].topics).toContain('event:42')
    title = 'Winter Jam 2'
    send('retry: 10\nid: EV:1\nevent: ready\ndata: {}\n\n')
    send(`id: EV:2\nevent: message\ndata: ${JSON.stringify({ id: 'EV:2', type: 'events.event.updated', topics: ['event:42'], data: {} })}\n\n`)
    expect(await screen.findByRole('heading', { name: 'Winter Jam 2' })).toBeInTheDocument()
  })

  it("does not re-read the draft its editor deletes when the deletion's own message comes first", async () => {
    let answerDelete: (() => void) | undefined
    const reads: string[] = []
    const { streams, send } = serveLive(async (request, url) => {
      if (url.pathname === '/api/events/42/delete') {
        await new Promise<void>((resolve) => (answerDelete = resolve))
        return jsonResponse({ ok: true })
      }
      if (url.pathname === '/api/events/42' && request.method === 'GET') {
        reads.push(url.pathname)
        return jsonResponse(published({ status: 'draft', permissions: { canEdit: true } }))
      }
      return undefined
    })
    const { router } = renderWithProviders(<EventPage id={42} />, { route: '/event/42', path: '/event/:id', preloadedState: signedInState() })
    const user = userEvent.setup()
    await screen.findByRole('heading', { name: 'Winter Jam' })
    await waitFor(() => expect(streams.length).toBeGreaterThan(0), { timeout: 4000 })
    send('retry: 10\nid: EV:1\nevent: ready\ndata: {}\n\n')
    await waitFor(() => expect(reads.length).toBeGreaterThanOrEqual(2)) // the re-read on ready
    const before = reads.length
    await user.click(screen.getByRole('button', { name: 'Draft actions' }))
    await user.click(screen.getByRole('menuitem', { name: 'Delete Event' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Event' }))
    await waitFor(() => expect(answerDelete).toBeDefined())
    // the outbox's message overtakes the HTTP answer
    send(`id: EV:2\nevent: message\ndata: ${JSON.stringify({ id: 'EV:2', type: 'events.event.deleted', topics: ['event:42'], data: { id: 42 } })}\n\n`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    act(() => answerDelete?.())
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'))
    expect(reads.length).toBe(before)
  })
})

describe('Event page, battles', () => {
  it('shows a chip per battle: its title and category, linking to the battle, marked when I am registered', async () => {
    show(
      published({
        battles: [
          { id: 7, title: 'Top Rock', crewSize: 1, isRegistered: true, orgChip: { id: 5, image: 'org-logo' } },
          { id: 8, title: 'Crew Clash', crewSize: 3, isRegistered: false, orgChip: null },
          { id: 9, title: 'Open Floor', crewSize: 10000, isRegistered: false, orgChip: null },
        ],
      }),
    )
    const section = await screen.findByRole('region', { name: 'Battles' })
    const links = within(section).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/battle/7', '/battle/8', '/battle/9'])
    expect(links[0]).toHaveTextContent('Top Rock1 vs 1')
    expect(links[1]).toHaveTextContent('Crew Clash3 vs 3')
    expect(links[2]).toHaveTextContent('Open FloorUnlimited')
    expect(within(links[0]).getByTestId('battle-registered')).toBeInTheDocument()
    expect(within(links[0]).getByTitle('Registered')).toBeInTheDocument()
    expect(within(links[1]).queryByTestId('battle-registered')).toBeNull()
    // the battles come first, before the description (docs/product/events.md)
    const description = screen.getByRole('region', { name: 'Description' })
    expect(section.compareDocumentPosition(description) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('shows no Battles section without battles', async () => {
    show(published({ battles: [] }))
    expect(await screen.findByRole('heading', { name: 'Winter Jam' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Battles' })).toBeNull()
  })
})

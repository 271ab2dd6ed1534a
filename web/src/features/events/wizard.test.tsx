import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildEvent, buildTier, buildUser, jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi, type ApiCall } from '@/testing/stub-api'
import { CreateEventEntry, CreateEventProcessing } from './components/create-event'
import type { CypherEvent } from './types'

afterEach(() => vi.unstubAllGlobals())

const NOWHERE = '404 Nowhere Lane, Atlantis'
const PLACE_NOT_FOUND = 'We could not find this address on the map; check it or pick a place from the list'

/** The events service as the wizard sees it: one event, saved as posted (a cost under $1 answered as $1). */
function eventsService(initial: CypherEvent, extra: (call: ApiCall) => Response | undefined = () => undefined) {
  let event = initial
  return stubApi((call) => {
    const answer = extra(call)
    if (answer) return answer
    const { method, path, body } = call
    if (path === '/api/user') return jsonResponse(buildUser({ id: 1 }))
    if (path === '/api/orgs') return jsonResponse({ items: [{ id: 5, name: 'Floor Lords' }], totalCurrent: 0, totalFuture: 0, totalPast: 0 })
    if (path === `/api/events/${event.id}` && method === 'GET') return jsonResponse(event)
    if (path === `/api/events/${event.id}` && method === 'POST') {
      const update = body as Partial<CypherEvent>
      const tiers = (update.tiers ?? []).map((tier, index) => ({ ...tier, id: index + 1, cost: tier.cost > 0 && tier.cost < 100 ? 100 : tier.cost }))
      event = { ...event, ...update, tiers }
      // the geocoder finds no place for this one: saved as typed, without coordinates, and said so
      event = { ...event, locationNotFound: event.locationAddress === NOWHERE && !event.coordinates }
      return jsonResponse(event)
    }
    if (path === `/api/events/${event.id}/publish`) return jsonResponse({ ok: true })
    if (path === `/api/events/${event.id}/delete`) return jsonResponse({ ok: true })
  })
}

/**
 * The carpets endpoint answering slowly: each save is held until released, the list saved in order (a new carpet
 * gets the next id), and the event's read brings the saved list.
 */
function slowCarpets(initial: { id: number; name: string }[] = []) {
  let saved = initial
  let nextId = Math.max(0, ...initial.map((carpet) => carpet.id)) + 1
  const waiting: (() => void)[] = []
  return {
    get saved() {
      return saved
    },
    held: () => waiting.length,
    releaseOne: () => waiting.shift()?.(),
    releaseAll: () => waiting.splice(0).forEach((release) => release()),
    handler: ({ method, path, body }: ApiCall): Response | undefined => {
      if (path === '/api/events/42' && method === 'GET') return jsonResponse(buildEvent({ title: 'Jam', carpets: saved }))
      if (path === '/api/events/42/scoreboards/init') return jsonResponse([])
      if (path !== '/api/events/42/carpets') return undefined
      const sent = (body as { carpets: { id?: number; name: string }[] }).carpets
      const answer = new Promise<Response>((resolve) =>
        waiting.push(() => {
          saved = sent.map((carpet) => ({ id: carpet.id ?? nextId++, name: carpet.name }))
          resolve(jsonResponse(saved))
        }),
      )
      return answer as unknown as Response
    },
  }
}

const render = (event: CypherEvent) =>
  renderWithProviders(<CreateEventProcessing id={event.id} />, { route: `/create-event/${event.id}`, path: '/create-event/:id', preloadedState: signedInState() })

/** The Display Mode step of the draft 'Jam' with Carpet 1, its carpets saved slowly (slowCarpets). */
async function editSlowCarpets() {
  const carpets = slowCarpets([{ id: 1, name: 'Carpet 1' }])
  const event = buildEvent({ title: 'Jam', carpets: [{ id: 1, name: 'Carpet 1' }] })
  eventsService(event, carpets.handler)
  const user = userEvent.setup()
  render(event)
  await user.click(await screen.findByRole('button', { name: 'Edit Display Mode' }))
  return { carpets, user }
}

/** The wizard of the draft 'Jam', the places search answering Brooklyn. */
function showFindingBrooklyn() {
  const brooklyn = { name: 'Brooklyn', state: 'New York', country: 'United States', countryCode: 'US', address: 'Brooklyn, New York, United States', lat: 40.6501, lng: -73.9496 }
  const calls = eventsService(buildEvent({ title: 'Jam' }), ({ path }) => {
    if (path === '/api/places') return jsonResponse({ items: [brooklyn], attribution: 'Places: GeoNames (CC BY 4.0)' })
  })
  const user = userEvent.setup()
  render(buildEvent({ title: 'Jam' }))
  return { calls, user }
}

describe('/create-event', () => {
  it('creates a draft and opens it', async () => {
    const calls = stubApi(({ method, path }) => (method === 'POST' && path === '/api/events' ? jsonResponse({ id: 42 }) : undefined))
    const { router } = renderWithProviders(<CreateEventEntry />, { route: '/create-event', path: '/create-event', preloadedState: signedInState() })
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-event/42'))
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1)
  })
  it('goes to EventsPage when the draft cannot be created', async () => {
    stubApi(() => jsonResponse({ error: { code: 'invalid', message: 'No' } }, 400))
    const { router } = renderWithProviders(<CreateEventEntry />, { route: '/create-event', path: '/create-event', preloadedState: signedInState() })
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'))
  })
})

describe('/create-event/{id}', () => {
  it('goes to EventsPage when there is no such event', async () => {
    stubApi(({ path }) => (path === '/api/user' ? jsonResponse(buildUser()) : undefined))
    const { router } = render(buildEvent({ id: 7 }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'))
  })

  it('opens a new event on Info with six dots; Next waits for a title and saves the whole event', async () => {
    const calls = eventsService(buildEvent())
    const user = userEvent.setup()
    render(buildEvent())
    expect(await screen.findByRole('heading', { name: 'Create Event' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Info' })).toBeInTheDocument()
    expect(screen.getAllByTestId('progress-dot')).toHaveLength(6)
    const next = screen.getByRole('button', { name: 'Next' })
    expect(next).toBeDisabled()
    await user.type(screen.getByLabelText(/Event name/), 'Winter Jam')
    expect(screen.getByLabelText(/Event name/)).toHaveAttribute('maxlength', '150')
    await user.click(next)
    expect(await screen.findByRole('heading', { name: 'Date' })).toBeInTheDocument()
    const save = calls.find((call) => call.method === 'POST' && call.path === '/api/events/42')
    expect(save?.body).toMatchObject({ title: 'Winter Jam', orgId: 0, tiers: [], dateStart: null, website: null })
  })

  it('finds the place as one types (debounced), shows the attribution, and saves its address and coordinates', async () => {
    const { calls, user } = showFindingBrooklyn()
    await user.click(await screen.findByRole('button', { name: 'Edit Info' }))
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Brookl')
    await user.click(await screen.findByRole('option', { name: /Brooklyn/ }))
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/places').map((call) => call.params.get('q'))).toEqual(['Brookl']))
    expect(calls.find((call) => call.path === '/api/places')?.params.get('q')).toBe('Brookl')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByRole('button', { name: 'Publish Event' })
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toMatchObject({
      locationAddress: 'Brooklyn, New York, United States',
      coordinates: { lat: 40.6501, lng: -73.9496 },
    })
  })

  it('shows the places attribution under the results', async () => {
    eventsService(buildEvent(), ({ path }) => {
      if (path === '/api/places') return jsonResponse({ items: [{ name: 'Paris', state: null, country: 'France', countryCode: 'FR', address: 'Paris, France', lat: 48.85, lng: 2.35 }], attribution: 'Places: GeoNames (CC BY 4.0)' })
    })
    const user = userEvent.setup()
    render(buildEvent())
    await user.type(await screen.findByRole('combobox', { name: 'Location' }), 'Par')
    expect(await screen.findByTestId('places-attribution')).toHaveTextContent('Places: GeoNames (CC BY 4.0)')
  })

  it('offers the platform and my organizations', async () => {
    const calls = eventsService(buildEvent())
    const user = userEvent.setup()
    render(buildEvent())
    await user.click(await screen.findByRole('combobox', { name: 'Organization' }))
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent)
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2))
    expect(options[0]).toBe('Cypher (no organization)')
    const orgs = calls.find((call) => call.path === '/api/orgs')
    expect(orgs?.params.get('u')).toBe('1')
    expect(orgs?.params.get('pp')).toBe('100')
  })

  it('shows that the end is before the start, without blocking, and keeps 12:00 as the default time', async () => {
    const calls = eventsService(buildEvent({ title: 'Jam' }))
    const user = userEvent.setup()
    render(buildEvent({ title: 'Jam' }))
    await user.click(await screen.findByRole('button', { name: 'Edit Date' }))
    expect(screen.getByText('Local date and time *')).toBeInTheDocument()
    expect(screen.getByLabelText('Start time')).toHaveValue('12:00')
    await user.type(screen.getByLabelText('Start date'), '2026-12-05')
    await user.type(screen.getByLabelText('End date'), '2026-12-04')
    expect(screen.getByText("End Date can't be before the Start Date")).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('button', { name: 'Publish Event' })).toBeInTheDocument()
    expect(calls.at(-1)?.body).toMatchObject({ dateStart: '2026-12-05T12:00', dateEnd: '2026-12-04T12:00' })
  })

  it('edits tiers in dollars, saves cents, and shows what the server answers', async () => {
    const calls = eventsService(buildEvent({ title: 'Jam' }))
    const user = userEvent.setup()
    render(buildEvent({ title: 'Jam' }))
    await user.click(await screen.findByRole('button', { name: 'Edit Tiers' }))
    expect(screen.getByText('Cost (optional)')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove tier 1' })).toBeNull()
    await user.type(screen.getByLabelText('Title'), 'Student')
    await user.type(screen.getByLabelText('Cost'), '0.5')
    await user.click(screen.getByRole('button', { name: 'Add tier' }))
    expect(screen.getByRole('button', { name: 'Remove tier 2' })).toBeInTheDocument()
    await user.click(screen.getAllByRole('button', { name: 'Add description' })[1])
    expect(screen.getByLabelText('Description')).toBeInTheDocument()
    await user.type(screen.getAllByLabelText('Title')[1], 'VIP')
    await user.type(screen.getAllByLabelText('Cost')[1], '25.50')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Student: $1')).toBeInTheDocument()
    expect(screen.getByText('VIP: $25.50')).toBeInTheDocument()
    const body = calls.filter((call) => call.method === 'POST').at(-1)?.body as { tiers: unknown[] }
    expect(body.tiers).toEqual([
      { title: 'Student', cost: 50, description: null },
      { title: 'VIP', cost: 2550, description: null },
    ])
  })

  it("shows 'Add tier' only under 10 tiers", async () => {
    const tiers = Array.from({ length: 10 }, (_, index) => buildTier(index + 1, { title: `T${index}`, cost: 100 }))
    eventsService(buildEvent({ title: 'Jam', tiers }))
    const user = userEvent.setup()
    render(buildEvent({ title: 'Jam', tiers }))
    await user.click(await screen.findByRole('button', { name: 'Edit Tiers' }))
    expect(screen.getAllByLabelText('Cost')).toHaveLength(10)
    expect(screen.queryByRole('button', { name: 'Add tier' })).toBeNull()
  })

  it('adds and removes staff through the server and shows its lists', async () => {
    const dj = { id: 9, dancerName: 'DJ Spin', avatar: null }
    const calls = eventsService(buildEvent(), ({ method, path }) => {
      if (path === '/api/users') return jsonResponse({ items: [{ id: 9, name: 'DJ Spin', dancerName: 'DJ Spin', avatar: null }] })
      if (path === '/api/events/42/role' && method === 'POST') return jsonResponse({ organizer: null, admins: [], hosts: [], djs: [dj] })
      if (path === '/api/events/42/role' && method === 'DELETE') return jsonResponse({ organizer: null, admins: [], hosts: [], djs: [] })
    })
    const user = userEvent.setup()
    render(buildEvent())
    await user.click(await screen.findByLabelText('Add DJ'))
    await user.click(await screen.findByRole('option', { name: /DJ Spin/ }))
    const djs = await screen.findByRole('list', { name: 'Djs' })
    expect(within(djs).getByText('DJ Spin')).toBeInTheDocument()
    expect(calls.find((call) => call.path === '/api/events/42/role')?.body).toEqual({ userId: 9, role: 'dj' })
    await user.click(within(djs).getByRole('button', { name: 'Remove DJ Spin' }))
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Djs' })).toBeNull())
    expect(calls.filter((call) => call.path === '/api/events/42/role').map((call) => call.method)).toEqual(['POST', 'DELETE'])
  })

  it('initialises the scoreboards after every carpets save, with or without battles', async () => {
    const calls = eventsService(buildEvent({ title: 'Jam' }), ({ path }) => {
      if (path === '/api/events/42/carpets') return jsonResponse([{ id: 1, name: 'Carpet 1' }])
      if (path === '/api/events/42/scoreboards/init') return jsonResponse([])
    })
    const user = userEvent.setup()
    render(buildEvent({ title: 'Jam' }))
    await user.click(await screen.findByRole('button', { name: 'Edit Display Mode' }))
    await user.click(screen.getByRole('button', { name: 'Add carpet' }))
    await waitFor(() => expect(calls.some((call) => call.path === '/api/events/42/scoreboards/init')).toBe(true))
    const paths = calls.map((call) => call.path)
    expect(paths.indexOf('/api/events/42/carpets')).toBeLessThan(paths.indexOf('/api/events/42/scoreboards/init'))
  })

  it('keeps the field and every letter typed while the new carpet is being saved', async () => {
    const carpets = slowCarpets()
    const calls = eventsService(buildEvent({ title: 'Jam' }), carpets.handler)
    const user = userEvent.setup()
    render(buildEvent({ title: 'Jam' }))
    await user.click(await screen.findByRole('button', { name: 'Edit Display Mode' }))
    await user.click(screen.getByRole('button', { name: 'Add carpet' }))
    const field = screen.getByLabelText('Carpet 1 name')
    await user.clear(field)
    await user.type(field, 'Main')
    await act(async () => carpets.releaseAll())
    await waitFor(() => expect(carpets.held()).toBe(0))
    expect(screen.getByLabelText('Carpet 1 name')).toBe(field)
    expect(field).toHaveFocus()
    await user.type(field, ' floor')
    expect(field).toHaveValue('Main floor')
    await user.tab()
    // every save the edits started is answered in turn (a slow machine may send the first rename, "Main", only now,
    // and the blur's after it), until the last one has every letter
    await waitFor(() => {
      carpets.releaseAll()
      expect(carpets.saved).toEqual([{ id: 1, name: 'Main floor' }])
    })
    expect(calls.filter((call) => call.path === '/api/events/42/carpets').at(-1)?.body).toEqual({ carpets: [{ id: 1, name: 'Main floor' }] })
  })

  it('keeps a carpet added at once after a rename, while the rename is saved slowly; Next (Save) waits for both', async () => {
    const { carpets, user } = await editSlowCarpets()
    // from Total the step's Next is called Save
    const next = screen.getByRole('button', { name: 'Save' })
    await user.clear(screen.getByLabelText('Carpet 1 name'))
    await user.type(screen.getByLabelText('Carpet 1 name'), 'Main')
    expect(next).toBeDisabled()
    // the field's blur saves the rename (its answer held), the click adds a carpet at once
    await user.click(screen.getByRole('button', { name: 'Add carpet' }))
    expect(screen.getByLabelText('Carpet 2 name')).toHaveValue('Carpet 2')
    await waitFor(() => expect(carpets.held()).toBe(1))
    expect(next).toBeDisabled()
    await act(async () => carpets.releaseAll())
    await waitFor(() => expect(carpets.held()).toBe(1))
    expect(screen.getByLabelText('Carpet 2 name')).toHaveValue('Carpet 2')
    await act(async () => carpets.releaseAll())
    await waitFor(() => expect(next).toBeEnabled())
    expect(carpets.saved).toEqual([
      { id: 1, name: 'Main' },
      { id: 2, name: 'Carpet 2' },
    ])
    expect(screen.getByLabelText('Carpet 1 name')).toHaveValue('Main')
    expect(screen.getByLabelText('Carpet 2 name')).toHaveValue('Carpet 2')
  })

  it('loses no edit whatever the order: add, rename the new one, remove the first, add again, all while saves are slow', async () => {
    const { carpets, user } = await editSlowCarpets()
    await user.click(screen.getByRole('button', { name: 'Add carpet' }))
    await user.clear(screen.getByLabelText('Carpet 2 name'))
    await user.type(screen.getByLabelText('Carpet 2 name'), 'Side')
    await act(async () => carpets.releaseOne())
    await user.click(screen.getByRole('button', { name: 'Remove Carpet 1' }))
    await user.click(screen.getByRole('button', { name: 'Add carpet' }))
    await user.type(screen.getByLabelText('Carpet 2 name'), ' B')
    for (let round = 0; round < 6; round += 1) {
      await act(async () => carpets.releaseAll())
      await new Promise((resolve) => setTimeout(resolve, 120))
    }
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled(), { timeout: 3000 })
    expect(carpets.saved.map((carpet) => carpet.name)).toEqual(['Side', 'Carpet 2 B'])
    expect(screen.getAllByLabelText(/^Carpet \d name$/).map((field) => (field as HTMLInputElement).value)).toEqual(['Side', 'Carpet 2 B'])
  })

  it('logs a failed carpets save or scoreboard init, without a toast', async () => {
    const calls = eventsService(buildEvent({ title: 'Jam' }), ({ path }) => {
      if (path === '/api/events/42/carpets') return jsonResponse({ ok: true })
    })
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    const user = userEvent.setup()
    const { store } = render(buildEvent({ title: 'Jam' }))
    await user.click(await screen.findByRole('button', { name: 'Edit Display Mode' }))
    expect(screen.getByText('PNG, JPEG or WEBP, 1:1, 800x800 recommended')).toBeInTheDocument()
    expect(screen.getByText('PNG or JPEG, 16:9, 1920x1080 recommended')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add carpet' }))
    await waitFor(() => expect(calls.some((call) => call.path === '/api/events/42/scoreboards/init')).toBe(true))
    expect(calls.find((call) => call.path === '/api/events/42/carpets')?.body).toEqual({ carpets: [{ name: 'Carpet 1' }] })
    await waitFor(() => expect(info).toHaveBeenCalledWith('Scoreboards were not initialised', expect.anything()))
    expect(store.getState().toast.current).toBeNull()
    info.mockRestore()
  })

  it("publishes from Total: 'Event Created', then the event page with the help modal", async () => {
    const placed = buildEvent({ title: 'Jam', locationAddress: 'Brooklyn, New York, United States' })
    const calls = eventsService(placed)
    const user = userEvent.setup()
    const { router, store } = render(placed)
    await user.click(await screen.findByRole('button', { name: 'Publish Event' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/event/42'))
    expect(router.state.location.state).toEqual({ published: true })
    expect(store.getState().toast.current?.text).toBe('Event Created')
    expect(calls.some((call) => call.path === '/api/events/42/publish')).toBe(true)
  })

  it('asks for the location before publishing: the review says so and Publish Event waits for it', async () => {
    const { calls, user } = showFindingBrooklyn()
    const publish = await screen.findByRole('button', { name: 'Publish Event' })
    expect(publish).toBeDisabled()
    expect(within(screen.getByRole('region', { name: 'Info' })).getByText('Location is required')).toBeInTheDocument()
    expect(publish).toHaveAccessibleDescription('Location is required')
    await user.click(screen.getByRole('button', { name: 'Edit Info' }))
    expect(screen.getByRole('combobox', { name: 'Location' })).toBeRequired()
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Brookl')
    await user.click(await screen.findByRole('option', { name: /Brooklyn/ }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('button', { name: 'Publish Event' })).toBeEnabled()
    expect(screen.queryByText('Location is required')).toBeNull()
    expect(calls.some((call) => call.path === '/api/events/42/publish')).toBe(false)
  })

  it('says when the typed location was found nowhere: saved, Info stays once, and the review keeps Publish waiting', async () => {
    const { calls, user } = showFindingBrooklyn()
    await user.click(await screen.findByRole('button', { name: 'Edit Info' }))
    const location = screen.getByRole('combobox', { name: 'Location' })
    await user.type(location, NOWHERE)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toMatchObject({ locationAddress: NOWHERE, coordinates: null }))
    expect(await screen.findByText(PLACE_NOT_FOUND)).toBeInTheDocument()
    expect(location).toHaveAccessibleDescription(PLACE_NOT_FOUND)
    expect(screen.getByRole('heading', { name: 'Info' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const publish = await screen.findByRole('button', { name: 'Publish Event' })
    expect(publish).toBeDisabled()
    expect(publish).toHaveAccessibleDescription(PLACE_NOT_FOUND)
    expect(within(screen.getByRole('region', { name: 'Info' })).getByText(NOWHERE)).toBeInTheDocument()
  })

  it("shows each battle's bracket size and judges in the review", async () => {
    const battles = [
      { id: 3, title: 'Top Rock', crewSize: 1, isRegistered: false, orgChip: null },
      { id: 4, title: 'Crew Clash', crewSize: 3, isRegistered: false, orgChip: null },
    ]
    const full = (id: number, extra: object) => ({
      id, eventId: 42, title: '', crewSize: 1, description: null, prizesDesc: null, prizes: [], orgId: 0, organizationCompetitorsOnly: false, orgChip: null,
      hideParticipants: false, participationCapType: 'none', limit: 0, startDate: null, bracketLevels: [], judges: [], ...extra,
    })
    eventsService(buildEvent({ title: 'Jam', battles }), ({ path }) => {
      if (path === '/api/battles/3') return jsonResponse(full(3, { title: 'Top Rock', style: 'bracket', bracketSize: 16, judges: [{ id: 7, dancerName: 'Judge Ray', avatar: null }, { id: 8, dancerName: 'Kid Vibe', avatar: null }] }))
      if (path === '/api/battles/4') return jsonResponse(full(4, { title: 'Crew Clash', crewSize: 3, style: 'classic', bracketSize: 8 }))
    })
    render(buildEvent({ title: 'Jam', battles }))
    const list = await screen.findByRole('list', { name: 'Battles of the event' })
    const [top, crew] = within(list).getAllByRole('listitem')
    expect(await within(top).findByText('Bracket size: 16')).toBeInTheDocument()
    expect(within(top).getByText('Judges: Judge Ray, Kid Vibe')).toBeInTheDocument()
    expect(await within(crew).findByText('Style: Classic')).toBeInTheDocument()
    expect(within(crew).getByText('Judges: —')).toBeInTheDocument()
  })

  it('shows only Done for a published event', async () => {
    eventsService(buildEvent({ title: 'Jam', status: 'published' }))
    render(buildEvent({ title: 'Jam', status: 'published' }))
    expect(await screen.findByRole('button', { name: 'Done' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Publish Event' })).toBeNull()
    expect(screen.queryAllByTestId('progress-dot')).toHaveLength(0)
  })

  it('asks before deleting the event by its title', async () => {
    const calls = eventsService(buildEvent({ title: 'Jam' }))
    const user = userEvent.setup()
    const { router } = render(buildEvent({ title: 'Jam' }))
    await user.click(await screen.findByRole('button', { name: 'Delete event' }))
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete Jam?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete event' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'))
    expect(calls.some((call) => call.path === '/api/events/42/delete')).toBe(true)
  })

  it("saves as draft from the cancel link's dialog", async () => {
    const calls = eventsService(buildEvent())
    const user = userEvent.setup()
    const { router, store } = render(buildEvent())
    await user.type(await screen.findByLabelText(/Event name/), 'Draft Jam')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByRole('button', { name: 'Delete event' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Save as draft' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/event/42'))
    expect(store.getState().toast.current?.text).toBe('Event Created')
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/events/42')?.body).toMatchObject({ title: 'Draft Jam' })
  })
})

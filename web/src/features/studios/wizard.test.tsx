import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildStudio, buildUser, jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi, type ApiCall } from '@/testing/stub-api'
import { CreateStudioPage } from './components/create-studio'
import type { Studio, StudioUser } from './types'

afterEach(() => vi.unstubAllGlobals())

const NOWHERE = '404 Nowhere Lane, Atlantis'
const PLACE_NOT_FOUND = 'We could not find this address on the map; check it or pick a place from the list'

const puts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT' && call.path === '/api/studios/7')

/** A studio service in memory: the draft, its people, the saves. */
function service(start: Partial<Studio> = {}) {
  let studio = buildStudio({ status: 'draft', name: '', ...start })
  const people: Record<string, StudioUser[]> = { admins: [{ id: 1, dancerName: 'B-girl Ana', avatar: null }], teachers: [], students: [] }
  const calls = stubApi(({ method, path, body }) => {
    if (path === '/api/user') return jsonResponse(buildUser({ id: 1 }))
    if (path === '/api/users') return jsonResponse({ items: [{ id: 2, dancerName: 'Bboy Two', avatar: null, confirmed: true }] })
    if (path === '/api/places') return jsonResponse({ items: [{ name: 'Brooklyn', state: 'New York', country: 'United States', countryCode: 'US', address: 'Brooklyn, New York, United States', lat: 40.65, lng: -73.95 }], attribution: null })
    if (path === '/api/studios/7' && method === 'GET') return jsonResponse(studio)
    if (path === '/api/studios/7' && method === 'PUT') {
      studio = { ...studio, ...(body as Partial<Studio>) }
      // the geocoder finds no place for this one: saved as typed, without coordinates, and said so
      const nowhere = studio.locationAddress === NOWHERE && studio.locationLat == null
      studio = { ...studio, locationNotFound: nowhere }
      return jsonResponse(studio)
    }
    if (path === '/api/studios/7/publish') {
      studio = { ...studio, status: 'published' }
      return jsonResponse(studio)
    }
    if (path === '/api/studios/7' && method === 'DELETE') return jsonResponse('ok')
    const member = path.match(/^\/api\/studios\/7\/(admins|teachers|students)(?:\/(\d+))?$/)
    if (member) {
      const [, kind, id] = member
      if (method === 'GET') return jsonResponse(people[kind])
      if (method === 'POST') {
        const user = { id: Number(id), dancerName: 'Bboy Two', avatar: null }
        people[kind] = [...people[kind], user]
        return jsonResponse(user)
      }
      if (method === 'DELETE') {
        people[kind] = people[kind].filter((user) => user.id !== Number(id))
        return jsonResponse('ok')
      }
    }
  })
  return calls
}

describe('CreateStudioPage', () => {
  it('walks the six steps with progress dots, saving at every next and back, back disabled on the first', async () => {
    const calls = service()
    const user = userEvent.setup()
    renderWithProviders(<CreateStudioPage id={7} />, { preloadedState: signedInState() })
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Studio Profile' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'General info' })).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Step 1 of 6' })).toBeInTheDocument()
    expect(screen.getAllByTestId('progress-dot')).toHaveLength(6)
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Upload Image' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('Studio name'), 'Floor Lab')
    await user.type(screen.getByLabelText('Studio start date'), '05012015')
    expect(screen.getByLabelText('Studio start date')).toHaveValue('05/01/2015')
    await user.click(screen.getByRole('button', { name: 'Next' }))

    expect(await screen.findByRole('heading', { name: 'Location' })).toBeInTheDocument()
    expect(puts(calls).at(-1)?.body).toMatchObject({ name: 'Floor Lab', founded: '05/01/2015' })
    const address = screen.getByPlaceholderText('Address of the studio')
    await user.type(address, 'Brookl')
    await user.click(await screen.findByRole('option', { name: /Brooklyn/ }))
    await user.click(screen.getByRole('button', { name: 'Next' }))

    expect(await screen.findByRole('heading', { name: 'Contact and social info' })).toBeInTheDocument()
    expect(puts(calls).at(-1)?.body).toMatchObject({ locationAddress: 'Brooklyn, New York, United States', locationLat: 40.65, locationLng: -73.95 })
    // back saves too
    const before = puts(calls).length
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('heading', { name: 'Location' })).toBeInTheDocument()
    expect(puts(calls)).toHaveLength(before + 1)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.type(await screen.findByLabelText('Email'), 'lab@example.com')
    await user.type(screen.getByLabelText('Instagram'), 'floorlab')
    await user.click(screen.getByRole('button', { name: 'Next' }))

    expect(await screen.findByRole('heading', { name: 'Add admins' })).toBeInTheDocument()
    expect(puts(calls).at(-1)?.body).toMatchObject({ socials: { email: 'lab@example.com', instagram: 'https://instagram.com/floorlab' } })
    expect(await screen.findByText('You')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Add teachers' })).toBeInTheDocument()
    expect(await screen.findByText('No teachers found for this studio')).toBeInTheDocument()
    // the shared picker, role teacher: the list shows the person once the server took them
    await user.click(screen.getByRole('combobox', { name: 'Select teachers' }))
    await user.click(await screen.findByRole('option', { name: /Bboy Two/ }))
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/studios/7/teachers/2')).toBe(true))
    expect(await screen.findByRole('link', { name: 'Bboy Two' })).toHaveAttribute('href', '/profile/2')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Add students' })).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Step 6 of 6' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'create studio' })).toBeInTheDocument()
  })

  it("publishes on 'create studio' and opens the studio's page", async () => {
    const calls = service({ name: 'Floor Lab' })
    const user = userEvent.setup()
    const { router } = renderWithProviders(<CreateStudioPage id={7} />, { preloadedState: signedInState(), route: '/create-studio/7', path: '/create-studio/:id' })
    for (let step = 0; step < 5; step += 1) {
      await user.click(await screen.findByRole('button', { name: 'Next' }))
      await screen.findByRole('progressbar', { name: `Step ${step + 2} of 6` })
    }
    await user.click(screen.getByRole('button', { name: 'create studio' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/7'))
    const last = calls.filter((call) => call.method === 'PUT').slice(-2)
    expect(last.map((call) => call.path)).toEqual(['/api/studios/7', '/api/studios/7/publish'])
    expect(puts(calls)).toHaveLength(6)
  })

  it('says under the address when it was found nowhere, saved all the same, and goes on at the second Next', async () => {
    const calls = service({ name: 'Floor Lab' })
    const user = userEvent.setup()
    renderWithProviders(<CreateStudioPage id={7} />, { preloadedState: signedInState() })
    await user.click(await screen.findByRole('button', { name: 'Next' }))
    const address = await screen.findByPlaceholderText('Address of the studio')
    await user.type(address, NOWHERE)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    // saved as typed; the step stays, with the message on the field
    await waitFor(() => expect(puts(calls).at(-1)?.body).toMatchObject({ locationAddress: NOWHERE }))
    expect(await screen.findByText(PLACE_NOT_FOUND)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Location' })).toBeInTheDocument()
    expect(address).toHaveAccessibleDescription(PLACE_NOT_FOUND)
    // another address takes the message away; back to the same one and Next twice goes on
    await user.type(address, 'x')
    expect(screen.queryByText(PLACE_NOT_FOUND)).toBeNull()
    await user.type(address, '{Backspace}')
    expect(screen.getByText(PLACE_NOT_FOUND)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Contact and social info' })).toBeInTheDocument()
  })

  it('stays on the step when a save is refused, with the message on its field', async () => {
    const calls = stubApi(({ method, path }) => {
      if (path === '/api/user') return jsonResponse(buildUser({ id: 1 }))
      if (path === '/api/studios/7' && method === 'GET') return jsonResponse(buildStudio({ status: 'draft' }))
      if (path === '/api/studios/7' && method === 'PUT') return jsonResponse({ error: { code: 'invalid', message: 'Invalid e-mail.', field: 'socials.email' } }, 400)
    })
    const user = userEvent.setup()
    renderWithProviders(<CreateStudioPage id={7} />, { preloadedState: signedInState() })
    await user.type(await screen.findByLabelText('Studio start date'), '13012015')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Date format mm/dd/yyyy')).toBeInTheDocument()
    expect(puts(calls)).toHaveLength(0)
    await user.clear(screen.getByLabelText('Studio start date'))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    // the refusal names the email: the wizard goes to its step and shows it there
    expect(await screen.findByText('Invalid e-mail.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Contact and social info' })).toBeInTheDocument()
  })

  it('deletes the draft on Cancel and goes to Studios', async () => {
    const calls = service()
    const user = userEvent.setup()
    const { router } = renderWithProviders(<CreateStudioPage id={7} />, { preloadedState: signedInState(), route: '/create-studio/7', path: '/create-studio/:id' })
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/studios'))
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/studios/7'])
    // the deleted draft is not read again on the way out (a 404 in the console)
    const deleted = calls.findIndex((call) => call.method === 'DELETE')
    expect(calls.slice(deleted).filter((call) => call.method === 'GET' && call.path === '/api/studios/7')).toEqual([])
  })

  it('is the 404 page for a missing studio or one the user may not edit', async () => {
    stubApi(({ path }) => (path === '/api/studios/8' ? jsonResponse(buildStudio({ id: 8, canEdit: false })) : undefined))
    const first = renderWithProviders(<CreateStudioPage id={7} />, { preloadedState: signedInState(), route: '/create-studio/7' })
    await waitFor(() => expect(first.store.getState().notFound.path).toBe('/create-studio/7'))
    first.unmount()
    const second = renderWithProviders(<CreateStudioPage id={8} />, { preloadedState: signedInState(), route: '/create-studio/8' })
    await waitFor(() => expect(second.store.getState().notFound.path).toBe('/create-studio/8'))
    expect(within(document.body).queryByRole('heading', { name: 'Create Studio Profile' })).toBeNull()
  })
})

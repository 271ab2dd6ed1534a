import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildMember, buildStudio, buildUser, jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi } from '@/testing/stub-api'
import { StudioSettingsPage } from './components/settings/studio-settings'
import type { Studio, StudioMember } from './types'

afterEach(() => vi.unstubAllGlobals())

function service(start: Partial<Studio> = {}) {
  let studio = buildStudio(start)
  let students: StudioMember[] = [buildMember(2, { dancerName: 'Bboy Two' })]
  const calls = stubApi(({ method, path, body, params }) => {
    if (path === '/api/user') return jsonResponse(buildUser({ id: 1 }))
    if (path === '/api/users') return jsonResponse({ items: [{ id: 5, dancerName: 'Bgirl Five', avatar: null, confirmed: true }] })
    if (path === '/api/studios/7' && method === 'GET') return jsonResponse(studio)
    if (path === '/api/studios/7' && method === 'PUT') {
      studio = { ...studio, ...(body as Partial<Studio>), locationNotFound: false } // every address placed
      return jsonResponse(studio)
    }
    if (path === '/api/studios/7/publish') return jsonResponse((studio = { ...studio, status: 'published' }))
    if (path === '/api/studios/7/deactivate') return jsonResponse((studio = { ...studio, status: 'draft' }))
    if (path === '/api/studios/7/students' && method === 'GET') {
      const keyword = params.get('keyword')
      return jsonResponse(keyword ? students.filter((member) => member.dancerName?.toLowerCase().includes(keyword)) : students)
    }
    if (path === '/api/studios/7/students/5' && method === 'POST') {
      students = [...students, buildMember(5, { dancerName: 'Bgirl Five' })]
      studio = { ...studio, totalStudents: students.length }
      return jsonResponse({ id: 5, dancerName: 'Bgirl Five', avatar: null })
    }
    if (path === '/api/studios/7/students/2' && method === 'DELETE') {
      students = students.filter((member) => member.id !== 2)
      studio = { ...studio, totalStudents: students.length }
      return jsonResponse('ok')
    }
    if (path.startsWith('/api/studios/7/')) return jsonResponse([])
  })
  return calls
}

const render = (section = 'general', start: Partial<Studio> = {}) => {
  const calls = service(start)
  const rendered = renderWithProviders(<StudioSettingsPage id={7} />, { preloadedState: signedInState(), route: `/studio/7/settings/${section}`, path: '/studio/:id/settings/*' })
  return { calls, ...rendered }
}

describe('StudioSettingsPage', () => {
  it('has the back arrow, the sections, and publishes a draft after its confirmation, with the toast', async () => {
    const { calls, store } = render('general', { status: 'draft' })
    const user = userEvent.setup()
    expect(await screen.findByRole('heading', { level: 1, name: 'Floor Lab Settings' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Floor Lab' })).toHaveAttribute('href', '/studio/7')
    const nav = screen.getByRole('navigation', { name: 'Studio settings sections' })
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['General Info', 'Admins', 'Teachers', 'Students', 'Social'])
    await user.click(screen.getByRole('button', { name: 'Publish Studio' }))
    const dialog = await screen.findByRole('dialog', { name: 'Publish Floor Lab?' })
    expect(dialog).toHaveTextContent('This will make your studio visible to the public.')
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }))
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Studio has been published'))
    expect(calls.some((call) => call.path === '/api/studios/7/publish' && call.method === 'PUT')).toBe(true)
    expect(await screen.findByRole('button', { name: 'Deactivate Studio' })).toBeInTheDocument()
  })

  it('deactivates a published studio after its confirmation, with the toast', async () => {
    const { calls, store } = render()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Deactivate Studio' }))
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Floor Lab?' })
    expect(dialog).toHaveTextContent('This will hide your studio from the public.')
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }))
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Studio has been deactivated'))
    expect(calls.some((call) => call.path === '/api/studios/7/deactivate')).toBe(true)
    expect(await screen.findByRole('button', { name: 'Publish Studio' })).toBeInTheDocument()
  })

  it('saves General Info with changesSaved', async () => {
    const { calls, store } = render()
    const user = userEvent.setup()
    const name = await screen.findByLabelText('Studio name')
    await user.clear(name)
    await user.type(name, 'Floor Lab NYC')
    // the settings call the founded date 'Date created' (the creation wizard: 'Studio start date')
    expect(screen.getByLabelText('Date created')).toHaveAttribute('placeholder', 'MM/DD/YYYY')
    expect(screen.queryByLabelText('Studio start date')).toBeNull()
    expect(screen.getByPlaceholderText('Address of the studio')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Changes has been saved'))
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ name: 'Floor Lab NYC' })
  })

  it('says under the address that it was found nowhere until it is placed', async () => {
    const message = 'We could not find this address on the map; check it or pick a place from the list'
    render('general', { locationAddress: '404 Nowhere Lane', locationNotFound: true })
    const user = userEvent.setup()
    const address = await screen.findByPlaceholderText('Address of the studio')
    expect(address).toHaveValue('404 Nowhere Lane')
    expect(screen.getByText(message)).toBeInTheDocument()
    await user.clear(address)
    await user.type(address, '12 Main St, Brooklyn')
    expect(screen.queryByText(message)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByRole('button', { name: 'Save' })
    await waitFor(() => expect(screen.queryByText(message)).toBeNull())
  })

  it("shows 'Students (count)', searches them, removes one, and adds one only once someone is picked", async () => {
    const { calls } = render('students', { totalStudents: 1 })
    const user = userEvent.setup()
    expect(await screen.findByRole('heading', { name: 'Students (1)' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Current students' })
    expect(within(list).getByRole('link', { name: 'Bboy Two' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Add student' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add student' })
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled()
    await user.click(within(dialog).getByRole('combobox', { name: 'Select students' }))
    await user.click(await within(document.body).findByRole('option', { name: /Bgirl Five/ }))
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeEnabled()
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add student' })).toBeNull())
    expect(await screen.findByRole('heading', { name: 'Students (2)' })).toBeInTheDocument()
    expect(await within(screen.getByRole('list', { name: 'Current students' })).findByRole('link', { name: 'Bgirl Five' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Remove Bboy Two' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove Bboy Two?' })).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Bboy Two' })).toBeNull())
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/studios/7/students/2')).toBe(true)

    await user.type(screen.getByLabelText('Search current students'), 'five')
    await waitFor(() => expect(calls.some((call) => call.params.get('keyword') === 'five')).toBe(true), { timeout: 2000 })
  })

  it('sends the user to Studios when the studio cannot be loaded', async () => {
    stubApi(() => undefined)
    const { router } = renderWithProviders(<StudioSettingsPage id={7} />, { preloadedState: signedInState(), route: '/studio/7/settings', path: '/studio/:id/settings/*' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/studios'))
  })
})

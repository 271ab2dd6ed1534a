import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { orgMediaScreens } from '@/app/media-screens'
import { OrganizationPage } from '@/features/organizations'
import { buildOrg, jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi } from '@/testing/stub-api'
import { MediaEditor } from './components/media-editor'
import { MediaPanel } from './components/media-panel'
import type { Media } from './types'

afterEach(() => vi.unstubAllGlobals())

const clip = (id: number, overrides: Partial<Media> = {}): Media => ({
  id,
  name: `Clip ${id}`,
  link: 'dQw4w9WgXcQ',
  userId: 1,
  orgId: 5,
  eventId: null,
  createdAt: '2026-11-01T12:00:00Z',
  ...overrides,
})

describe('MediaEditor', () => {
  it('previews a YouTube link on Add, nothing for anything else, saves the id, and starts over once closed', async () => {
    const calls = stubApi(({ path }) => (path === '/api/media' ? jsonResponse([]) : undefined))
    const onClose = vi.fn()
    const user = userEvent.setup()
    const { rerender } = renderWithProviders(<MediaEditor scope={{ o: 5 }} open onClose={onClose} />)
    const link = screen.getByLabelText('Video link')
    await user.type(link, 'https://vimeo.com/1234')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByText('Enter a YouTube link or video id')).toBeInTheDocument()
    expect(screen.queryByTitle('Preview of the clip')).toBeNull()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()

    await user.clear(link)
    await user.type(link, 'https://www.youtube.com/shorts/dQw4w9WgXcQ{Enter}')
    expect(screen.getByTitle('Preview of the clip')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ link: 'dQw4w9WgXcQ', name: null, orgId: 5 })
    rerender(<MediaEditor scope={{ o: 5 }} open onClose={onClose} />)
    expect(screen.getByLabelText('Video link')).toHaveValue('')
  })
})

describe("The organization's Media tab", () => {
  const show = (org = buildOrg(), media: () => Media[]) => {
    const calls = stubApi(({ method, path, params }) => {
      if (path === '/api/orgs/5') return jsonResponse(org)
      if (path === '/api/media' && method === 'GET' && params.get('o') === '5') return jsonResponse(media())
      if (path === '/api/media/8' && method === 'DELETE') return jsonResponse([])
    })
    renderWithProviders(<OrganizationPage id={5} media={orgMediaScreens} />, { route: '/organization/5?tab=media', path: '/organization/:id', preloadedState: signedInState() })
    return calls
  }

  it("shows 'Media', '{name} Clips' and the clips to visitors, without Add media nor delete", async () => {
    const calls = show(buildOrg({ canEdit: false }), () => [clip(7, { name: 'Final' }), clip(8, { name: '', eventId: 42 })])
    expect(await screen.findByRole('heading', { name: 'Floor Lords Clips' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Play Final' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Play Clip' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add media' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull()
    expect(calls.find((call) => call.path === '/api/media')?.params.get('o')).toBe('5')
  })

  it("says to visitors what will show when there are no clips", async () => {
    show(buildOrg({ canEdit: false }), () => [])
    expect(await screen.findByText("Clips of Floor Lords's events will show here.")).toBeInTheDocument()
  })

  it("deletes an event's clip: the answer is the event's list, so the tab drops it and reads its own again", async () => {
    let media = [clip(7, { name: 'Final' }), clip(8, { name: 'Top 8', eventId: 42 })]
    const calls = show(buildOrg({ canEdit: true }), () => media)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Delete Top 8' }))
    const confirm = screen.getByRole('dialog', { name: 'Delete this clip?' })
    expect(confirm).toHaveTextContent('"Top 8" will no longer show on Floor Lords\'s page.')
    media = [clip(7, { name: 'Final' })]
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Play Top 8' })).toBeNull())
    expect(screen.getByRole('button', { name: 'Play Final' })).toBeInTheDocument()
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.params.get('o') === '5')).toHaveLength(2))
  })
})

describe("An event's clips in its organization's list", () => {
  it("reads the organization's list again when a clip is added to one of its events", async () => {
    let eventList = [clip(7, { name: 'Final', eventId: 42 })]
    const calls = stubApi(({ method, path, params }) => {
      if (path === '/api/media' && method === 'GET' && params.get('o') === '5') return jsonResponse([...eventList, clip(3, { name: 'Showcase' })])
      if (path === '/api/media' && method === 'GET' && params.get('e') === '42') return jsonResponse(eventList)
      if (path === '/api/media' && method === 'POST') {
        eventList = [clip(9, { name: 'Top 16', eventId: 42 }), ...eventList]
        return jsonResponse(eventList)
      }
    })
    const texts = { emptyText: 'None', editorEmptyText: 'None yet' }
    renderWithProviders(
      <>
        <MediaPanel scope={{ o: 5 }} title="Floor Lords Clips" titleId="org" pageName="Floor Lords" canEdit={false} {...texts} />
        <MediaPanel scope={{ e: 42 }} title="Winter Jam Clips" titleId="event" pageName="Winter Jam" canEdit {...texts} />
      </>,
    )
    const org = await screen.findByRole('region', { name: 'Floor Lords Clips' })
    expect(await within(org).findByRole('button', { name: 'Play Showcase' })).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Add media' }))
    await user.type(screen.getByLabelText('Video link'), 'dQw4w9WgXcQ{Enter}')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await within(org).findByRole('button', { name: 'Play Top 16' })).toBeInTheDocument()
    expect(calls.filter((call) => call.method === 'GET' && call.params.get('o') === '5')).toHaveLength(2)
    expect(calls.filter((call) => call.method === 'GET' && call.params.get('e') === '42')).toHaveLength(1)
  })
})

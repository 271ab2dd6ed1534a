import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildEventListItem, jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi, type ApiCall } from '@/testing/stub-api'
import { OrgEventsTab } from './components/org-events-tab'
import type { EventItem } from './types'

afterEach(() => vi.unstubAllGlobals())

const item = buildEventListItem

function service(tabs: Record<string, number>, pages: (call: ApiCall) => EventItem[], extra: (call: ApiCall) => Response | undefined = () => undefined) {
  return stubApi((call) => {
    const answer = extra(call)
    if (answer) return answer
    if (call.path === '/api/events/tabs') return jsonResponse(tabs)
    if (call.path === '/api/events') return jsonResponse(pages(call))
  })
}

const org = { id: 5, name: 'Floor Lords', canEdit: false }

describe("Organization's Events tab", () => {
  it('shows only non-empty sub-tabs with counts, the first selected, 8 a page sorted date-desc for past', async () => {
    const calls = service({ now: 0, past: 9, draft: 0, future: 2 }, ({ params }) =>
      params.get('p') === '0' ? Array.from({ length: 8 }, (_, index) => item(index + 1)) : [item(9)],
    )
    const user = userEvent.setup()
    renderWithProviders(<OrgEventsTab org={org} />)
    expect(await screen.findByRole('tab', { name: 'Past (9)' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Past (9)', 'Upcoming (2)'])
    const list = await screen.findByRole('list', { name: 'Floor Lords events' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(8)
    const first = calls.find((call) => call.path === '/api/events')
    expect(Object.fromEntries(first?.params ?? [])).toEqual({ o: '5', t: 'past', s: 'date-desc', p: '0', pp: '8' })
    expect(calls.find((call) => call.path === '/api/events/tabs')?.params.get('o')).toBe('5')
    const chip = within(list).getByRole('link', { name: /Jam 1\b/ })
    expect(chip).toHaveAttribute('href', '/event/1')
    expect(chip).toHaveTextContent('Sat, Dec 5, 2026')
    expect(chip).toHaveTextContent('Brooklyn, New York')

    await user.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(9))
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()

    await user.click(screen.getByRole('tab', { name: 'Upcoming (2)' }))
    await waitFor(() => expect(calls.at(-1)?.params.get('s')).toBe('date-asc'))
    expect(calls.at(-1)?.params.get('t')).toBe('future')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'A-Z')
    await waitFor(() => expect(calls.at(-1)?.params.get('s')).toBe('title-asc'))
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull()
  })

  it('says there are no events when every count is 0', async () => {
    service({ now: 0, past: 0, draft: 0, future: 0 }, () => [])
    renderWithProviders(<OrgEventsTab org={org} />)
    expect(await screen.findByText('No events yet')).toBeInTheDocument()
  })

  it("lets the organization's editors remove and publish events; a removed event reloads the list", async () => {
    let events = [item(1, { status: 'draft' }), item(2, { status: 'draft' })]
    const calls = service({ now: 0, past: 0, draft: 2, future: 0 }, () => events, ({ path }) => {
      if (path === '/api/events/1/delete') {
        events = events.filter((event) => event.id !== 1)
        return jsonResponse({ ok: true })
      }
      if (path === '/api/events/2/publish') return jsonResponse({ ok: true })
    })
    const user = userEvent.setup()
    renderWithProviders(<OrgEventsTab org={{ ...org, canEdit: true }} />, { preloadedState: signedInState() })
    expect(await screen.findByRole('tab', { name: 'Drafts (2)' })).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Actions for Jam 1' }))
    await user.click(screen.getByRole('menuitem', { name: 'Remove event' }))
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete Jam 1?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove event' }))
    await waitFor(() => expect(screen.queryByRole('link', { name: /Jam 1\b/ })).toBeNull())
    expect(calls.filter((call) => call.path === '/api/events').length).toBeGreaterThan(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.click(screen.getByRole('button', { name: 'Actions for Jam 2' }))
    await user.click(screen.getByRole('menuitem', { name: 'Publish event' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/events/2/publish')).toBe(true))
  })

  it('offers Cancel event, not Remove event, on a published event; cancelling asks first, then reloads the list', async () => {
    let events = [item(3, { status: 'published' }), item(4, { status: 'published', cancelledAt: '2026-12-01T10:00:00Z' })]
    const calls = service({ now: 0, past: 0, draft: 0, future: 2 }, () => events, ({ path }) => {
      if (path === '/api/events/3/cancel') {
        events = events.map((event) => (event.id === 3 ? { ...event, cancelledAt: '2026-12-02T10:00:00Z' } : event))
        return jsonResponse({ event: {}, refunded: 2, failed: [], cashToReturn: 0 })
      }
    })
    const user = userEvent.setup()
    renderWithProviders(<OrgEventsTab org={{ ...org, canEdit: true }} />, { preloadedState: signedInState() })
    expect(await screen.findByText('Cancelled')).toBeInTheDocument() // the card of the cancelled one
    await user.click(await screen.findByRole('button', { name: 'Actions for Jam 4' }))
    expect(screen.queryByRole('menuitem', { name: 'Remove event' })).toBeNull()
    expect(screen.queryByRole('menuitem', { name: 'Cancel event' })).toBeNull()
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Actions for Jam 3' }))
    expect(screen.queryByRole('menuitem', { name: 'Remove event' })).toBeNull()
    await user.click(screen.getByRole('menuitem', { name: 'Cancel event' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel Jam 3?' })
    expect(dialog).toHaveTextContent('Every ticket paid by card is refunded')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel event' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/events/3/cancel')).toBe(true))
    await waitFor(() => expect(screen.getAllByText('Cancelled')).toHaveLength(2))
    expect(calls.some((call) => call.path.endsWith('/delete'))).toBe(false)
  })
})

import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildUser, jsonResponse } from '@/testing/builders'
import { renderWithProviders } from '@/testing/render'
import { stubApi } from '@/testing/stub-api'
import { ProfilePage } from './components/profile-page'

afterEach(() => vi.unstubAllGlobals())

/** The stats block: each term (dt) with its value (dd), in the order shown. */
function stats() {
  const terms = screen.getAllByRole('term').map((term) => term.textContent)
  const values = screen.getAllByRole('definition').map((value) => value.textContent)
  return Object.fromEntries(terms.map((term, index) => [term, values[index]]))
}

describe("the profile's stats (docs/product/accounts-and-profiles.md)", () => {
  it('shows Battles Entered, Won and Judged from the profile answer, 0 included', async () => {
    stubApi(({ path }) => (path === '/api/user/3' ? jsonResponse(buildUser({ id: 3, canEdit: false, eventsAttended: 4, battlesEntered: 7, battlesWon: 0, eventsDj: 1, battlesJudged: 2 })) : undefined))
    renderWithProviders(<ProfilePage id={3} />)
    await screen.findByRole('heading', { name: 'B-girl Ana' })
    expect(stats()).toEqual({ 'Events Attended': '4', 'Battles Entered': '7', 'Battles Won': '0', "Events DJ'd": '1', 'Battles Judged': '2' })
  })

  it('leaves out a stat the answer does not carry (a private one)', async () => {
    const user = { ...buildUser({ id: 3, canEdit: false }), battlesWon: undefined, battlesJudged: null }
    stubApi(({ path }) => (path === '/api/user/3' ? jsonResponse(user) : undefined))
    renderWithProviders(<ProfilePage id={3} />)
    await screen.findByRole('heading', { name: 'B-girl Ana' })
    expect(Object.keys(stats())).toEqual(['Events Attended', 'Battles Entered', "Events DJ'd"])
    expect(within(document.body).queryByText('Battles Won')).toBeNull()
  })
})

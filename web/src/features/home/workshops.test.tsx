import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '@/testing/builders'
import { renderWithProviders } from '@/testing/render'
import { stubApi } from '@/testing/stub-api'
import { Workshops } from './components/workshops'
import type { Instructor } from './types'

afterEach(() => vi.unstubAllGlobals())

const SOCIALS = { email: '', facebook: '', instagram: '', twitter: '', youtube: '', website: '' }

const instructor = (overrides: Partial<Instructor> = {}): Instructor => ({
  id: 4,
  dancerName: 'Bgirl Teach',
  avatar: 'img-1',
  city: 'Toronto',
  state: 'Ontario',
  country: 'Canada',
  isPatron: false,
  eventsAttended: 12,
  battlesEntered: 5,
  battlesWon: 2,
  socials: SOCIALS,
  ...overrides,
})

describe('Workshops', () => {
  it("shows the instructors' flip cards under 'Workshops' and 'Coming soon'", async () => {
    stubApi(({ path }) => (path === '/api/workshops' ? jsonResponse([instructor(), instructor({ id: 5, dancerName: 'Bboy Two' })]) : undefined))
    renderWithProviders(<Workshops />)
    expect(screen.getByRole('heading', { name: 'Workshops' })).toBeInTheDocument()
    expect(screen.getByText('Coming soon')).toBeInTheDocument()
    const cards = await screen.findAllByTestId('flip-card')
    expect(cards).toHaveLength(2)
    expect(within(cards[0]).getByText('Bgirl Teach', { selector: '.flip-front .flip-title' })).toBeInTheDocument()
    expect(cards[0].querySelector('.flip-front img')).toHaveAttribute('src', '/api/images/img-1?size=320&type=avatar')
  })

  it('turns a card over to its name, flag, place, stats, patron label, social links and View profile', async () => {
    stubApi(({ path }) =>
      path === '/api/workshops'
        ? jsonResponse([
            instructor({
              isPatron: true,
              socials: { ...SOCIALS, email: 'teach@example.com', instagram: 'https://www.instagram.com/teach', youtube: 'https://www.youtube.com/channel/UC1' },
            }),
          ])
        : undefined,
    )
    const user = userEvent.setup()
    renderWithProviders(<Workshops />)
    const card = await screen.findByTestId('flip-card')
    await user.click(within(card).getByRole('button', { name: 'Turn over the card of Bgirl Teach' }))
    expect(card).toHaveAttribute('data-flipped', 'true')
    const back = card.querySelector('.flip-back') as HTMLElement
    expect(within(back).getByRole('img', { name: 'Flag of Canada' })).toBeInTheDocument()
    expect(within(back).getByText('Toronto, Ontario, Canada')).toBeInTheDocument()
    expect(within(back).getByText('Patreon')).toBeInTheDocument()
    const stats = [...back.querySelectorAll('.flip-stats div')].map((row) => row.textContent)
    expect(stats).toEqual(['Events attended12', 'Battles entered5', 'Battles won2'])
    const links = within(within(back).getByRole('list', { name: 'Social links of Bgirl Teach' })).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Email', 'mailto:teach@example.com'],
      ['Instagram', 'https://instagram.com/teach'],
      ['Youtube', 'https://youtube.com/channel/UC1'],
    ])
    expect(within(back).getByRole('link', { name: 'View profile' })).toHaveAttribute('href', '/profile/4')
  })

  it('leaves out the stats a dancer keeps private, the patron label of non-patrons and absent socials', async () => {
    const { battlesWon: _won, eventsAttended: _attended, ...open } = instructor()
    stubApi(({ path }) => (path === '/api/workshops' ? jsonResponse([open]) : undefined))
    renderWithProviders(<Workshops />)
    const card = await screen.findByTestId('flip-card')
    const back = card.querySelector('.flip-back') as HTMLElement
    expect([...back.querySelectorAll('.flip-stats div')].map((row) => row.textContent)).toEqual(['Battles entered5'])
    expect(within(back).queryByText('Patreon')).toBeNull()
    expect(within(back).queryByRole('list', { name: /Social links/ })).toBeNull()
  })

  it('says instructors are coming when none is marked, never inventing people', async () => {
    stubApi(({ path }) => (path === '/api/workshops' ? jsonResponse([]) : undefined))
    renderWithProviders(<Workshops />)
    expect(await screen.findByText(/Instructors are announced here soon/)).toBeInTheDocument()
    expect(screen.queryByTestId('flip-card')).toBeNull()
  })

  it('says a failed read quietly in the section, with a Retry', async () => {
    stubApi(({ path }) => (path === '/api/workshops' ? jsonResponse({ error: { code: 'unavailable', message: 'down' } }, 503) : undefined))
    const { store } = renderWithProviders(<Workshops />)
    expect(await screen.findByText(/The instructors could not be loaded/, {}, { timeout: 4000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(store.getState().toast.current).toBeNull() // no error toast on Home
  })
})

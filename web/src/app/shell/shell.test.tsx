import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/testing/render'
import { CookieBanner } from './cookie-banner'
import { ErrorPage } from './error-page'
import { Footer } from './footer'

describe('the 404 page', () => {
  it('reads the spec text with Back to home', () => {
    renderWithProviders(<ErrorPage />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      "Page not found. Sorry, we can't find the page you're looking for.",
    )
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
  })
})

describe('the cookie banner', () => {
  it('stores consent as cookie=accepted and goes away', async () => {
    const user = userEvent.setup()
    renderWithProviders(<CookieBanner />)
    await user.click(screen.getByRole('button', { name: 'Allow' }))
    expect(document.cookie).toContain('cookie=accepted')
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
  })
  it('is not shown once answered', () => {
    document.cookie = 'cookie=declined; path=/'
    renderWithProviders(<CookieBanner />)
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
  })
})

describe('the footer', () => {
  it("shows the deployment's accounts only, in the icons' order", () => {
    renderWithProviders(<Footer socials={{ youtube: 'https://youtube.com/@cypher.dance', instagram: 'https://instagram.com/cypher.dance' }} />)
    const row = screen.getByRole('list', { name: 'Social links' })
    const links = Array.from(row.querySelectorAll('a'))
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['Instagram', 'https://instagram.com/cypher.dance'],
      ['Youtube', 'https://youtube.com/@cypher.dance'],
    ])
    expect(screen.queryByRole('link', { name: 'Facebook' })).toBeNull()
  })
  it('has no social row without any account', () => {
    renderWithProviders(<Footer socials={{}} />)
    expect(screen.queryByRole('list', { name: 'Social links' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument()
  })
})

import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildUser, jsonResponse } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { stubApi } from '@/testing/stub-api'
import { PasswordSection } from './components/password-section'
import { SettingsPage } from './components/settings-page'

afterEach(() => vi.unstubAllGlobals())

describe('PasswordSection', () => {
  it('says up front that an account without a password cannot change it', () => {
    renderWithProviders(<PasswordSection email="link@example.com" hasPassword={false} />)
    expect(screen.getByText('Password change is not possible for your method of authentication')).toBeInTheDocument()
    expect(screen.queryByLabelText('Old Password')).not.toBeInTheDocument()
  })

  it('shows the three fields to an account with a password', () => {
    renderWithProviders(<PasswordSection email="me@example.com" hasPassword />)
    expect(screen.getByLabelText('Old Password')).toBeInTheDocument()
    expect(screen.getByLabelText('New Password')).toBeInTheDocument()
    expect(screen.getByLabelText('Confirm New Password')).toBeInTheDocument()
  })
})

describe('Contact / Social', () => {
  it("shows each handle after its prefix, sends the server's links, and shows a refused link on its field", async () => {
    const stored = buildUser({
      socials: { email: '', facebook: '', instagram: '', twitter: '', youtube: 'https://youtube.com/@ana', website: 'http://ana.example' },
    })
    const calls = stubApi(({ method, path, body }) => {
      if (path !== '/api/user') return undefined
      if (method === 'GET') return jsonResponse(stored)
      const sent = body as typeof stored
      if (sent.socials.facebook !== 'https://facebook.com/ana') {
        return jsonResponse({ error: { code: 'invalid', message: 'Enter a Facebook name or a facebook.com link', field: 'socials.facebook' } }, 400)
      }
      return jsonResponse({ ...stored, socials: sent.socials })
    })
    const user = userEvent.setup()
    renderWithProviders(<SettingsPage />, { route: '/profile-setting?tabName=SettingsSocial', preloadedState: signedInState() })
    const youtube = await screen.findByRole('textbox', { name: 'Youtube' })
    expect(youtube).toHaveValue('@ana')
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveValue('http://ana.example')

    const facebook = screen.getByRole('textbox', { name: 'Facebook' })
    await user.type(facebook, 'instagram.com/ana')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(facebook).toHaveAccessibleDescription('Enter a Facebook name or a facebook.com link'))
    expect(facebook).toHaveAttribute('aria-invalid', 'true')
    expect(facebook).toHaveValue('instagram.com/ana')
    expect(calls.at(-1)?.body).toMatchObject({
      socials: { email: '', facebook: 'instagram.com/ana', instagram: '', twitter: '', youtube: 'https://youtube.com/@ana', website: 'http://ana.example' },
    })

    await user.clear(facebook)
    expect(facebook).not.toHaveAttribute('aria-invalid')
    await user.type(facebook, '@ana')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(facebook).toHaveValue('ana'))
    expect(youtube).toHaveValue('@ana')
    expect(calls.at(-1)?.body).toMatchObject({ socials: { facebook: 'https://facebook.com/ana', youtube: 'https://youtube.com/@ana' } })
  })

  it('opens Contact / Social when a save from another section is refused for a link', async () => {
    // a website an older rule kept, which the server now refuses
    const stored = buildUser({ socials: { email: '', facebook: '', instagram: '', twitter: '', youtube: '', website: 'https://javascript:alert(1)' } })
    stubApi(({ method, path }) => {
      if (path !== '/api/user') return undefined
      if (method === 'GET') return jsonResponse(stored)
      return jsonResponse({ error: { code: 'invalid', message: 'Enter a website address', field: 'socials.website' } }, 400)
    })
    const user = userEvent.setup()
    renderWithProviders(<SettingsPage />, { route: '/profile-setting?tabName=SettingsProfile', preloadedState: signedInState() })
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    const website = await screen.findByRole('textbox', { name: 'Website' })
    expect(website).toHaveValue('https://javascript:alert(1)')
    expect(website).toHaveAccessibleDescription('Enter a website address')
  })
})

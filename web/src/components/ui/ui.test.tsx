import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { toastShown } from '@/lib/toast'
import { renderWithProviders } from '@/testing/render'
import { CountrySelect } from './country-select'
import { DateMaskField } from './date-mask-field'
import { ImageUpload, wrongImageType } from './image-upload'
import { SocialLinks } from './social-links'
import { Toaster } from './toaster'

describe('CountrySelect', () => {
  function Harness() {
    const [value, setValue] = useState<string | null>(null)
    return (
      <>
        <CountrySelect value={value} onChange={setValue} />
        <output>{value ?? 'none'}</output>
      </>
    )
  }

  it("finds United States by 'u.s' and says 'Country not found' when nothing matches", { timeout: 30_000 }, async () => {
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    const input = screen.getByRole('combobox', { name: 'Country' })
    await user.type(input, 'zzz')
    expect(await screen.findByText('Country not found')).toBeInTheDocument()
    await user.clear(input)
    await user.type(input, 'u.s')
    const option = await screen.findByRole('option', { name: /United States/ })
    await user.click(option)
    expect(document.querySelector('output')).toHaveTextContent('United States')
  })
})

describe('DateMaskField', () => {
  it('masks typed digits as ##/##/####', async () => {
    const user = userEvent.setup()
    function Harness() {
      const [value, setValue] = useState('')
      return <DateMaskField label="Birthday" value={value} onChange={setValue} />
    }
    renderWithProviders(<Harness />)
    const input = screen.getByLabelText('Birthday')
    await user.type(input, '10181993')
    expect(input).toHaveValue('10/18/1993')
  })
})

describe('SocialLinks', () => {
  it('shows only the links that are set, the email as mailto', () => {
    renderWithProviders(<SocialLinks socials={{ email: 'ana@example.com', instagram: 'https://instagram.com/ana', facebook: '', twitter: null }} />)
    const list = screen.getByRole('list', { name: 'Social links' })
    const links = within(list).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(['Email', 'Instagram'])
    expect(links[0]).toHaveAttribute('href', 'mailto:ana@example.com')
    expect(links[1]).toHaveAttribute('href', 'https://instagram.com/ana')
  })
  it("opens each link as the server's rule saves it", () => {
    renderWithProviders(<SocialLinks socials={{ facebook: 'www.facebook.com/ana', youtube: 'https://youtube.com/@ana', website: 'http://ana.example' }} />)
    const links = within(screen.getByRole('list', { name: 'Social links' })).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://facebook.com/ana', 'https://youtube.com/@ana', 'http://ana.example'])
  })
  it('shows nothing without links', () => {
    renderWithProviders(<SocialLinks socials={{ email: '', website: '' }} />)
    expect(screen.queryByRole('list', { name: 'Social links' })).toBeNull()
  })
})

describe('Toaster', () => {
  it('shows one toast at a time and clears it after 5 seconds', async () => {
    vi.useFakeTimers()
    const { store } = renderWithProviders(<Toaster />)
    act(() => {
      store.dispatch(toastShown('changesSaved'))
    })
    expect(screen.getByTestId('toast')).toHaveTextContent('Changes has been saved')
    act(() => {
      store.dispatch(toastShown('Not allowed'))
    })
    expect(screen.getAllByTestId('toast')).toHaveLength(1)
    expect(screen.getByTestId('toast')).toHaveTextContent('Not allowed')
    act(() => {
      vi.advanceTimersByTime(4900)
    })
    expect(store.getState().toast.current).not.toBeNull()
    act(() => {
      vi.advanceTimersByTime(200)
    })
    expect(store.getState().toast.current).toBeNull()
    vi.useRealTimers()
  })
})

describe('ImageUpload', () => {
  it('refuses files over 10,000,000 bytes with the toast, and other types', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    const { store } = renderWithProviders(<ImageUpload value={null} onUploaded={() => {}} />)
    expect(screen.getByRole('button', { name: 'Upload Image' })).toBeInTheDocument()
    const big = new File([new Uint8Array(10_000_001)], 'big.png', { type: 'image/png' })
    await user.upload(screen.getByTestId('image-input'), big)
    expect(store.getState().toast.current?.text).toBe("Use an image smaller than 10Mb, otherwise, it won't be saved.")
    const gif = new File([new Uint8Array(10)], 'a.gif', { type: 'image/gif' })
    await user.upload(screen.getByTestId('image-input'), gif)
    expect(store.getState().toast.current?.text).toBe('Use a PNG or JPEG image')
    expect(fetchMock).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
  })
  it('names the types a field takes when it refuses a file', () => {
    expect(wrongImageType(['image/png', 'image/jpeg'])).toBe('Use a PNG or JPEG image')
    expect(wrongImageType(['image/png', 'image/jpeg', 'image/webp'])).toBe('Use a PNG, JPEG or WEBP image')
  })

  it("reads 'Edit Image' once there is an image", () => {
    renderWithProviders(<ImageUpload value="abc" onUploaded={() => {}} />)
    expect(screen.getByRole('button', { name: 'Edit Image' })).toBeInTheDocument()
  })
})

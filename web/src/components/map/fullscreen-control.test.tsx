import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PSEUDO_FULLSCREEN_CLASS } from './fullscreen-control'
import { useLeafletMap } from './use-leaflet-map'

function SharedMap() {
  const [ref] = useLeafletMap({ lat: 40.7128, lng: -74.006 }, 5)
  return <div ref={ref} className="cypher-map" data-testid="map" />
}

let fullscreenElement: Element | null = null

afterEach(() => {
  vi.restoreAllMocks()
  fullscreenElement = null
  // jsdom has no Fullscreen API of its own: what a test gave it goes
  delete (HTMLElement.prototype as Partial<HTMLElement>).requestFullscreen
  delete (Document.prototype as Partial<Document>).exitFullscreen
})

/** The browser's Fullscreen API as a stand-in: the element becomes the document's full-screen element. */
function fullscreenApi() {
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement })
  const request = vi.fn(function (this: Element) {
    // the element the call was made on becomes the document's full-screen element
    fullscreenElement = request.mock.contexts.at(-1) as Element
    document.dispatchEvent(new Event('fullscreenchange'))
    return Promise.resolve()
  })
  const exit = vi.fn(() => {
    fullscreenElement = null
    document.dispatchEvent(new Event('fullscreenchange'))
    return Promise.resolve()
  })
  HTMLElement.prototype.requestFullscreen = request
  Document.prototype.exitFullscreen = exit
  return { request, exit }
}

describe("the shared map's full-screen control", () => {
  it('is the one control: a keyboard-operable button that puts the map full screen and takes it back', async () => {
    const api = fullscreenApi()
    const user = userEvent.setup()
    render(<SharedMap />)
    const map = screen.getByTestId('map')
    const button = await screen.findByRole('button', { name: 'Full screen' })
    // the spec: full screen on, the other controls (zoom) off
    expect(map.querySelector('.leaflet-control-zoom')).toBeNull()
    expect(map.querySelectorAll('.leaflet-control-container button')).toHaveLength(1)

    button.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(api.request).toHaveBeenCalledTimes(1))
    expect(api.request.mock.contexts[0]).toBe(map)
    expect(await screen.findByRole('button', { name: 'Exit full screen' })).toBe(button)

    await user.keyboard(' ')
    await waitFor(() => expect(api.exit).toHaveBeenCalledTimes(1))
    expect(await screen.findByRole('button', { name: 'Full screen' })).toBe(button)

    // leaving with the browser's own Escape says so too
    await user.click(button)
    await screen.findByRole('button', { name: 'Exit full screen' })
    act(() => {
      fullscreenElement = null
      document.dispatchEvent(new Event('fullscreenchange'))
    })
    expect(screen.getByRole('button', { name: 'Full screen' })).toBe(button)
  })

  it('fills the window where the browser cannot make an element full screen, and Escape leaves', async () => {
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => null })
    const user = userEvent.setup()
    render(<SharedMap />)
    const map = screen.getByTestId('map')
    await user.click(await screen.findByRole('button', { name: 'Full screen' }))
    expect(map).toHaveClass(PSEUDO_FULLSCREEN_CLASS)
    expect(screen.getByRole('button', { name: 'Exit full screen' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(map).not.toHaveClass(PSEUDO_FULLSCREEN_CLASS)
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeInTheDocument()
  })
})

import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { mediaQueries } from './media'

afterEach(() => {
  cleanup()
  window.localStorage.clear()
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0].trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  })
})

// jsdom has no matchMedia; MUI's useMediaQuery asks for it: every query answers no unless a test says otherwise.
if (!window.matchMedia) window.matchMedia = mediaQueries(() => false)

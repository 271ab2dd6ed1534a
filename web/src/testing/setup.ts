import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { mediaQueries } from './media'
import { holdStylesAside, releaseStyles } from './styles'

// findBy*/waitFor wait up to 5 s (the library's 1 s was met only on an idle machine: two workers share two
// cores, docs/development.md, The test budget); a passing wait still returns as soon as it holds
configure({ asyncUtilTimeout: 5000 })

holdStylesAside()

// A worker runs many files in one document (vite.config.ts, isolate false): what a test changes of the window is
// undone here, so that no file sees another's.
afterEach(() => {
  cleanup()
  releaseStyles()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  window.localStorage.clear()
  window.sessionStorage.clear()
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0].trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  })
})

// jsdom has no matchMedia; MUI's useMediaQuery asks for it: every query answers no unless a test says otherwise.
if (!window.matchMedia) window.matchMedia = mediaQueries(() => false)

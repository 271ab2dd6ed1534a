import type { ComponentType } from 'react'

export const CHUNK_TIMEOUT_MS = 120_000
const RELOADED = 'cypher.chunk-reload'

/** A code-split route: its module, given up on after 120 s; a missing chunk (a new deploy) reloads once. */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Loading chunk timed out')), CHUNK_TIMEOUT_MS)
    })
    try {
      const module = await Promise.race([load(), timeout])
      if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(RELOADED)
      return { Component: module.default }
    } catch (error) {
      if (typeof sessionStorage !== 'undefined' && !sessionStorage.getItem(RELOADED)) {
        sessionStorage.setItem(RELOADED, '1')
        window.location.reload()
        return new Promise<never>(() => {})
      }
      throw error
    } finally {
      clearTimeout(timer)
    }
  }
}

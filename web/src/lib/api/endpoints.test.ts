import { describe, expect, it } from 'vitest'

/**
 * Every feature injects its endpoints into the one base API. Two endpoints of the same name do not fail: the
 * second is silently ignored and its hooks call the first (the members wall once asked an organization's
 * members of `undefined`). The names are read from the sources, so a new clash fails here.
 */
const sources = import.meta.glob(['/src/**/*.ts', '/src/**/*.tsx', '!/src/**/*.test.*'], { query: '?raw', import: 'default', eager: true })

describe('the base API', () => {
  it('has no two endpoints of one name', () => {
    const names = Object.values(sources).flatMap((text) => [...String(text).matchAll(/^\s+([A-Za-z]+): build\.(?:query|mutation|infiniteQuery)\b/gm)].map((match) => match[1]))
    expect(names.length).toBeGreaterThan(20)
    const repeated = names.filter((name, at) => names.indexOf(name) !== at)
    expect(repeated).toEqual([])
  })
})

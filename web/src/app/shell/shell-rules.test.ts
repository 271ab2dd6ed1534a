import { describe, expect, it } from 'vitest'
import { headerScrollState } from './use-header-scroll'

describe('the header by scroll', () => {
  it('is transparent on Home for the first 151 px', () => {
    expect(headerScrollState(true, 0, true)).toEqual({ transparent: true, hidden: false })
    expect(headerScrollState(true, 150, true)).toEqual({ transparent: true, hidden: false })
    expect(headerScrollState(true, 151, true)).toEqual({ transparent: false, hidden: false })
  })
  it('hides after 50 px elsewhere while scrolling down', () => {
    expect(headerScrollState(false, 50, true).hidden).toBe(false)
    expect(headerScrollState(false, 51, true).hidden).toBe(true)
    expect(headerScrollState(false, 400, false).hidden).toBe(false)
  })
})

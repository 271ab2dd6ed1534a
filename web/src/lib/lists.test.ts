import { describe, expect, it } from 'vitest'
import { flipDirection, nextPage, pageItems } from './lists'

describe('the paging helper', () => {
  it('asks for the next page while the last came back full, and stops at a short one', () => {
    const next = nextPage(3)
    expect(next([1, 2, 3], [], 0)).toBe(1)
    expect(next([1, 2, 3, 4], [], 4)).toBe(5)
    expect(next([1, 2], [], 1)).toBeUndefined()
    expect(next([], [], 0)).toBeUndefined()
    expect(next(null, [], 0)).toBeUndefined()
  })
})

describe('the sort direction', () => {
  it('turns around', () => {
    expect(flipDirection('asc')).toBe('desc')
    expect(flipDirection('desc')).toBe('asc')
  })
})

describe('the items of the pages', () => {
  it('joins the pages in order, an empty answer counting as none', () => {
    expect(pageItems([[1, 2], null, [3], undefined])).toEqual([1, 2, 3])
    expect(pageItems(undefined)).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { boardColumns, boardScale, MAX_ROW_VH, MIN_ROW_VH } from './components/scoreboard/board-scale'

describe('the projector board fits its screen', () => {
  it('lays the rounds out in up to 4 columns', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 9].map(boardColumns)).toEqual([1, 2, 3, 2, 3, 3, 4, 4])
  })

  it('fits 3 judges × 3 rounds + 2 tie breakers on a 16:9 screen, rows still readable (about 27 px at 1080)', () => {
    const scale = boardScale(5, 3)
    expect(scale.fits).toBe(true)
    expect(scale.heightVh).toBeLessThanOrEqual(100)
    expect(scale.rowVh).toBeGreaterThanOrEqual(2.4)
    expect(scale.compact).toBe(false)
  })

  it('gives few rounds the largest rows, and makes rows smaller as rounds and judges grow', () => {
    expect(boardScale(1, 3).rowVh).toBe(MAX_ROW_VH)
    expect(boardScale(3, 3).rowVh).toBe(MAX_ROW_VH)
    const rows = [4, 5, 7, 9].map((rounds) => boardScale(rounds, 3).rowVh)
    expect([...rows].sort((a, b) => b - a)).toEqual(rows)
    expect(boardScale(5, 5).rowVh).toBeLessThan(boardScale(5, 3).rowVh)
    for (const [rounds, judges] of [[1, 1], [3, 3], [4, 3], [5, 3], [6, 3], [5, 4], [7, 3]]) {
      expect(boardScale(rounds, judges).fits, `${judges} judges × ${rounds} rounds`).toBe(true)
    }
  })

  it('makes the sides smaller before the rows get too small, and beyond that keeps the smallest rows and scrolls', () => {
    expect(boardScale(7, 4).compact).toBe(true)
    expect(boardScale(7, 4).fits).toBe(true)
    const huge = boardScale(12, 7)
    expect(huge.rowVh).toBe(MIN_ROW_VH)
    expect(huge.fits).toBe(false)
    expect(huge.heightVh).toBeGreaterThan(100)
  })
})

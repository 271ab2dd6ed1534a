import { describe, expect, it } from 'vitest'
import { BADGE_THRESHOLDS, badgeEarned, DIMMED_OPACITY, visibleStats } from './rules'

describe('badges', () => {
  it('are earned at 1, 10, 40, 80 and 100 events attended, dimmed to 0.3 before', () => {
    expect(BADGE_THRESHOLDS).toEqual([1, 10, 40, 80, 100])
    expect(DIMMED_OPACITY).toBe(0.3)
    expect(BADGE_THRESHOLDS.filter((threshold) => badgeEarned(threshold, 40))).toEqual([1, 10, 40])
    expect(badgeEarned(1, undefined)).toBe(false)
  })
})

describe('stats', () => {
  it('shows each stat only when it is defined', () => {
    expect(visibleStats({ eventsAttended: 3, battlesWon: 0 }).map((stat) => stat.label)).toEqual([
      'Events Attended',
      'Battles Won',
    ])
    expect(visibleStats({ eventsDj: 2, battlesJudged: 1 }).map((stat) => stat.label)).toEqual(["Events DJ'd", 'Battles Judged'])
  })
})

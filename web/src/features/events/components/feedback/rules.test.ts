import { describe, expect, it } from 'vitest'
import { buildPermissions } from '@/testing/builders'
import { averageRating, breakdown, feedbackDate, outOfFive, reviewsLabel, showsFeedbackTabs, unratedCategories } from './rules'

describe('feedback rules', () => {
  it('finds the categories not rated (0 or missing)', () => {
    expect(unratedCategories({ timeliness: 4, communication: 0, venue: 3.5, vibe: 5 })).toEqual(['communication', 'musicSound'])
    expect(unratedCategories({ timeliness: 1, communication: 0.5, venue: 3.5, vibe: 5, musicSound: 2 })).toEqual([])
  })

  it('averages the five to 2 decimals', () => {
    expect(averageRating({ timeliness: 4, communication: 5, venue: 4.5, vibe: 5, musicSound: 4 })).toBe(4.5)
    expect(averageRating({ timeliness: 4.5, communication: 4, venue: 4, vibe: 4, musicSound: 4 })).toBe(4.1)
    expect(averageRating({ timeliness: 5, communication: 5, venue: 4.5, vibe: 3.5, musicSound: 3 })).toBe(4.2)
    expect(averageRating({ timeliness: 1, communication: 1, venue: 1, vibe: 1, musicSound: 1.5 })).toBe(1.1)
  })

  it('writes dates as dd.mm.yyyy', () => {
    expect(feedbackDate('2026-03-07T12:00:00')).toBe('07.03.2026')
    expect(feedbackDate('nonsense')).toBe('')
  })

  it("says the overall rating as x/5 and 'N reviews'", () => {
    expect(outOfFive(4.25)).toBe('4.25/5')
    expect(outOfFive(4)).toBe('4/5')
    expect(outOfFive(null)).toBe('0/5')
    expect(reviewsLabel(3)).toBe('3 reviews')
    expect(reviewsLabel(0)).toBe('0 reviews')
    expect(reviewsLabel(1)).toBe('1 review')
  })

  it("lists the breakdown in the seed's order", () => {
    const rows = breakdown({ totalTimeliness: 4, totalCommunication: 3, totalVenue: 0, totalVibe: 5, totalMusicSound: 4.5 })
    expect(rows.map((row) => [row.key, row.value])).toEqual([
      ['timeliness', 4],
      ['communication', 3],
      ['venue', 0],
      ['vibe', 5],
      ['musicSound', 4.5],
    ])
  })

  it('shows the Info and Feedback tabs on finished events for editors and those who may leave feedback', () => {
    expect(showsFeedbackTabs({ isFinished: true, permissions: buildPermissions({ canEdit: true }), canLeaveFeedback: false })).toBe(true)
    expect(showsFeedbackTabs({ isFinished: true, permissions: buildPermissions(), canLeaveFeedback: true })).toBe(true)
    expect(showsFeedbackTabs({ isFinished: true, permissions: buildPermissions(), canLeaveFeedback: false })).toBe(false)
    expect(showsFeedbackTabs({ isFinished: false, permissions: buildPermissions({ canEdit: true }), canLeaveFeedback: true })).toBe(false)
  })
})

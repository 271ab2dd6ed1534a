import type { CypherEvent, FeedbackCategory, FeedbackRatings, FeedbackReview } from '../../types'

/** docs/product/tickets-and-checkin.md, Likes and feedback. */
export const FEEDBACK_TEXTS = {
  question: 'Did you enjoy this event?',
  note: 'Your feedback will be visible only to the organizer of the event.',
  placeholder: 'Add any additional comments...',
  submit: 'Submit feedback',
  update: 'Update feedback',
  provide: 'Provide feedback',
  edit: 'Edit feedback',
  review: 'Review feedback',
  rateAll: 'Please rate all categories before submitting your feedback',
  noPermission: "Sorry, you don't have permission to view feedback for this event.",
  like: 'Leave a like',
  liked: 'You like it!',
  showMore: 'Show more',
  showLess: 'Show less',
} as const

/** The five categories in the product's order, with the words shown for them. */
export const FEEDBACK_CATEGORIES: { key: FeedbackCategory; label: string }[] = [
  { key: 'timeliness', label: 'Timeliness' },
  { key: 'communication', label: 'Communication' },
  { key: 'venue', label: 'Venue' },
  { key: 'vibe', label: 'Vibe' },
  { key: 'musicSound', label: 'Music/Sound' },
]

export const STARS = 5
export const STAR_STEP = 0.5

export const NO_RATINGS: FeedbackRatings = { timeliness: 0, communication: 0, venue: 0, vibe: 0, musicSound: 0 }

/** The categories not rated yet (0 or missing): highlighted, and the form is not sent. */
export function unratedCategories(ratings: Partial<FeedbackRatings>): FeedbackCategory[] {
  return FEEDBACK_CATEGORIES.map((category) => category.key).filter((key) => !((ratings[key] ?? 0) > 0))
}

/** The mean of the five, to 2 decimals (the server computes it again). */
export function averageRating(ratings: FeedbackRatings): number {
  const values = FEEDBACK_CATEGORIES.map((category) => ratings[category.key] ?? 0)
  return Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 100) / 100
}

/** A rating for reading: at most 2 decimals, no trailing zeros ('4.25', '4.5', '4'). */
export function ratingText(value: number | null | undefined): string {
  return String(Math.round((value ?? 0) * 100) / 100)
}

/** The admin block's overall rating: 'x/5'. */
export function outOfFive(value: number | null | undefined): string {
  return `${ratingText(value)}/${STARS}`
}

/** 'N reviews' (one review is said in the singular). */
export function reviewsLabel(count: number): string {
  return count === 1 ? '1 review' : `${count} reviews`
}

export function likesLabel(count: number): string {
  return count === 1 ? '1 like' : `${count} likes`
}

/** A feedback's date as dd.mm.yyyy, in the reader's time zone. */
export function feedbackDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`
}

/** Info and Feedback tabs: a finished event whose editor (or an attendee who may leave feedback) is reading. */
export function showsFeedbackTabs(event: Pick<CypherEvent, 'isFinished' | 'permissions' | 'canLeaveFeedback'>): boolean {
  return Boolean(event.isFinished && (event.permissions?.canEdit || event.canLeaveFeedback || event.permissions?.canLeaveFeedback))
}

export function canLeaveFeedback(event: Pick<CypherEvent, 'canLeaveFeedback' | 'permissions'>): boolean {
  return Boolean(event.canLeaveFeedback ?? event.permissions?.canLeaveFeedback)
}

export function canLike(event: Pick<CypherEvent, 'canLike' | 'permissions'>): boolean {
  return Boolean(event.canLike ?? event.permissions?.canLike)
}

/** The admin block's breakdown: each category's total in the product's order. */
export function breakdown(review: Pick<FeedbackReview, 'totalTimeliness' | 'totalCommunication' | 'totalVenue' | 'totalVibe' | 'totalMusicSound'>) {
  const totals: Record<FeedbackCategory, number> = {
    timeliness: review.totalTimeliness,
    communication: review.totalCommunication,
    venue: review.totalVenue,
    vibe: review.totalVibe,
    musicSound: review.totalMusicSound,
  }
  return FEEDBACK_CATEGORIES.map((category) => ({ ...category, value: totals[category.key] }))
}

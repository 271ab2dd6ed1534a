/** Badge thresholds of events attended (seed 001): dimmed until reached; the last one carries a crown. */
export const BADGE_THRESHOLDS = [1, 10, 40, 80, 100] as const
export const DIMMED_OPACITY = 0.3

export function badgeEarned(threshold: number, eventsAttended: number | null | undefined): boolean {
  return (eventsAttended ?? 0) >= threshold
}

export const STAT_LABELS = [
  ['eventsAttended', 'Events Attended'],
  ['battlesEntered', 'Battles Entered'],
  ['battlesWon', 'Battles Won'],
  ['eventsDj', "Events DJ'd"],
  ['battlesJudged', 'Battles Judged'],
] as const

export type StatKey = (typeof STAT_LABELS)[number][0]

/** The stats to show: each only when the server sent it (a private one is left out of the payload). */
export function visibleStats(user: Partial<Record<StatKey, number | null>>) {
  return STAT_LABELS.filter(([key]) => user[key] !== undefined && user[key] !== null).map(([key, label]) => ({
    key,
    label,
    value: user[key] as number,
  }))
}

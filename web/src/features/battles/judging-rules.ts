import type { QueuedWrite } from '@/lib/offline-queue'
import type { Color, JudgeRoundScore, Sparring } from './bracket-types'

/**
 * The judging modes beside the spec's points (docs/product/judging.md): point at the winner and the WDSF faders
 * (Threefold, five criteria). A judge's round is stored as their vote (1 for the side chosen, both 0 a tie), with
 * the faders where the mode has them; most judges take a round, most rounds take the sparring.
 */
export type JudgingMode = Sparring['judgingMode']
export type Verdict = Color | 'tie'

export const JUDGING_TEXTS = {
  yourDecisions: 'Your decisions',
  tie: 'Tie',
  roundsWon: 'Rounds won',
  decision: 'Decision',
  yourVote: 'Your vote',
  even: 'Even',
  pickNeeded: 'Point at the winner of every round, or a tie, to submit.',
} as const

export const FADER_MIN = -10
export const FADER_MAX = 10

export const isDeciding = (sparring: Pick<Sparring, 'judgingMode'> | { judgingMode?: JudgingMode }) => (sparring.judgingMode ?? 'points') !== 'points'

/** A stored vote as a side: the side given 1, a tie with both 0. */
export const pickOf = (score: Pick<JudgeRoundScore, 'redPoints' | 'bluePoints'>): Verdict =>
  score.redPoints > score.bluePoints ? 'red' : score.bluePoints > score.redPoints ? 'blue' : 'tie'

/** The judge's vote from the faders: the side they lean to, every criterion weighing the same; even: a tie. */
export function faderSide(faders: readonly number[]): Verdict {
  const margin = faders.reduce((sum, value) => sum + value, 0)
  return margin === 0 ? 'tie' : margin < 0 ? 'red' : 'blue'
}

/** A judge's round in a deciding mode as the screen holds it and sends it. */
export interface MarkDraft {
  pick?: Verdict
  faders?: number[]
}
export type MarksDraft = Record<number, MarkDraft>

/** A round as POST /api/sparrings/{id}/judge takes it in a deciding mode. */
export interface MarkEntry {
  round: number
  pick?: Verdict
  faders?: number[]
}

/** The judge's own stored rounds (matched by the user's id). */
export function ownMarks(sparring: Pick<Sparring, 'rounds'>, judgeId: number | null): MarksDraft {
  const draft: MarksDraft = {}
  if (judgeId === null) return draft
  for (const round of sparring.rounds) {
    const mine = round.scores.find((score) => score.id === judgeId)
    if (mine) draft[round.round] = mine.faders ? { pick: pickOf(mine), faders: [...mine.faders] } : { pick: pickOf(mine) }
  }
  return draft
}

/** Rounds still on the device override the server's: the latest per round. */
export function withQueuedMarks(draft: MarksDraft, queued: readonly (readonly MarkEntry[])[]): MarksDraft {
  const next = { ...draft }
  for (const rounds of queued) for (const entry of rounds) next[entry.round] = entry.faders ? { pick: faderSide(entry.faders), faders: [...entry.faders] } : { pick: entry.pick }
  return next
}

/** The rounds of the judge writes still on the device (their meta), oldest first. */
export function queuedMarks(writes: readonly QueuedWrite[]): MarkEntry[][] {
  return writes.map((write) => (write.meta as { rounds?: MarkEntry[] } | undefined)?.rounds).filter((rounds): rounds is MarkEntry[] => Array.isArray(rounds))
}

/** The rounds the judge's screen shows: those given so far and the next one (a round follows the one before). */
export function shownRounds(saved: MarksDraft, roundsCount: number): number[] {
  let given = 0
  while (given < roundsCount && saved[given + 1]) given += 1
  return Array.from({ length: Math.min(given + 1, roundsCount) }, (_, index) => index + 1)
}

/** A round's faders as shown: the draft's, else every criterion even. */
export const fadersOf = (mark: MarkDraft | undefined, criteria: number) => mark?.faders ?? Array.from({ length: criteria }, () => 0)

/** What a Submit sends: every shown round, a pick for each in the pick mode (null: one is missing). */
export function markEntries(draft: MarksDraft, rounds: readonly number[], criteria: number): MarkEntry[] | null {
  const entries: MarkEntry[] = []
  for (const round of rounds) {
    if (criteria > 0) entries.push({ round, faders: fadersOf(draft[round], criteria) })
    else if (draft[round]?.pick) entries.push({ round, pick: draft[round].pick })
    else return null
  }
  return entries
}

/** The screen's rounds differ from what the server (and the queue) has: something to send. */
export function marksChanged(draft: MarksDraft, saved: MarksDraft, rounds: readonly number[], criteria: number): boolean {
  const sent = markEntries(draft, rounds, criteria)
  if (!sent) return false
  return sent.some((entry) => {
    const before = saved[entry.round]
    if (!before) return true
    return criteria > 0 ? JSON.stringify(before.faders) !== JSON.stringify(entry.faders) : before.pick !== entry.pick
  })
}

/** The rounds each side took, from the rounds' decisions. */
export function roundsWon(sparring: Pick<Sparring, 'rounds'>): { red: number; blue: number } {
  const decided = sparring.rounds.map((round) => round.decision)
  return { red: decided.filter((d) => d === 'red').length, blue: decided.filter((d) => d === 'blue').length }
}

/** A round's decision once every judge gave it: the side with more votes, else a tie; null before. */
export function roundDecision(scores: readonly Pick<JudgeRoundScore, 'redPoints' | 'bluePoints'>[], judges: number): Verdict | null {
  if (judges === 0 || scores.length < judges) return null
  const picks = scores.map(pickOf)
  const red = picks.filter((p) => p === 'red').length
  const blue = picks.filter((p) => p === 'blue').length
  return red > blue ? 'red' : blue > red ? 'blue' : 'tie'
}

/** A fader's value in words, for its accessible text and its label: '3 toward Bboy X', 'Even'. */
export function faderText(value: number, red: string, blue: string): string {
  if (value === 0) return JUDGING_TEXTS.even
  return `${Math.abs(value)} toward ${value < 0 ? red : blue}`
}

/** A signed fader value as a scorecard or a score row shows it: '+3', '−2', '0'. */
export const signed = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : '0')

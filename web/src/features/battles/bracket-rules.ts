import { payloadOf, type LiveMessage } from '@/lib/live-payloads'
import type { QueuedWrite } from '@/lib/offline-queue'
import { isDeciding, pickOf, roundDecision, roundsWon } from './judging-rules'
import type { Board, Bracket, BracketSeedIn, BracketSide, BracketSparring, Color, JudgeRoundEntry, Sparring, SparringSide } from './bracket-types'
import type { Battle } from './types'

export const BRACKET_TEXTS = {
  left: 'Left Bracket',
  right: 'Right Bracket',
  final: 'Final',
  // beside the spec: the semi-finals' losers (docs/decisions.md, "A battle for third place")
  third: 'Third place',
  empty: '?',
  vs: 'VS',
  edit: 'Edit brackets',
  submit: 'Submit bracket',
  cancel: 'Cancel',
  notDrawn: 'The bracket is drawn once the prelims are added to it.',
  // beside the spec (docs/product/competition.md, "Round-robin groups")
  notDrawnGroups: "The bracket is drawn from the groups' rankings once every group battle is decided.",
  emptyOption: 'Empty',
} as const

export const SPARRING_TEXTS = {
  audienceTitle: "Vote for the people's champ",
  needTieBreaker: 'Admin or host needs to add A tie breaker round.',
  noName: 'N/A',
  submit: 'Submit',
  addTieBreaker: 'Add tie breaker',
  finish: 'Finish',
  reset: 'Reset score',
  resetChoice: 'Reset',
  vote: 'Vote',
  chooseWinner: 'Choose the winner',
  winner: 'Winner',
  pending: 'Pending',
  offline: 'You are offline. Your scores are kept on this device and sent when the connection returns.',
  bothSides: 'Both sides need points in every round',
  submitNeedsAll: 'Submitting sparring scores needs both sides to have points in every round.',
  total: 'Total',
  audience: 'Audience votes',
  voted: 'Thanks for voting',
  checkedInVote: 'Only the people checked in at the event vote',
} as const

/** A competitor's scorecard (beside the spec: docs/decisions.md, "Scorecards"). */
export const SCORECARD_TEXTS = {
  title: 'Scorecard',
  private: "Private until the battle's final is decided: only you, the battle's admins and its judges see it.",
  empty: 'No sparrings yet.',
  noOpponent: 'Nobody',
  yours: 'Your scorecard',
  won: 'Won',
  lost: 'Lost',
  bye: 'Bye',
  undecided: 'Not decided yet',
  // a deciding mode (docs/product/judging.md): a judge's vote under the side it went to, and the round's votes
  vote: 'Vote',
  votes: 'Votes',
} as const

/** The viewer's competitor id (their user id, or their crew's) when it stands in the bracket: their scorecard's. */
export function myCompetitorInBracket(set: Pick<Bracket, 'left' | 'right' | 'final' | 'third'>, mine: number | null | undefined): number | null {
  if (!mine) return null
  const all = [...set.left.flat(), ...set.right.flat(), ...(set.third ? [set.third] : []), ...(set.final ? [set.final] : [])]
  return all.some((sparring) => sparring.red?.id === mine || sparring.blue?.id === mine) ? mine : null
}

/** A sparring's result as the scorecard's chip says it. */
export const scorecardResult = (result: 'won' | 'lost' | 'bye' | null | undefined) =>
  result === 'won' ? SCORECARD_TEXTS.won : result === 'lost' ? SCORECARD_TEXTS.lost : result === 'bye' ? SCORECARD_TEXTS.bye : SCORECARD_TEXTS.undecided

export const SCOREBOARD_TEXTS = {
  empty: 'No sparring on this carpet yet',
  missing: 'This scoreboard does not exist',
} as const

/** 'The same crew is in two spots', or 'participant' in a single battle (docs/product/competition.md). */
export const sameSpotText = (crewSize: number) => `The same ${crewSize === 1 ? 'participant' : 'crew'} is in two spots`

/**
 * A sparring with a winner (a bye included) is decided, and so is a finished one without sides (nobody can ever
 * come to it, as 3 dancers in a Top 8 leave one): it is locked in the editor.
 */
export const isDecided = (sparring: Pick<BracketSparring, 'winner' | 'status'>) => Boolean(sparring.winner) || sparring.status === 'finished'


/** Both sides set: the sparring can be opened. */
export const hasBothSides = (sparring: Pick<BracketSparring, 'red' | 'blue'>) => Boolean(sparring.red && sparring.blue)

/** The round a half's editor shows: the first with an undecided sparring (index into the half), or null. */
export function editedRound(rounds: BracketSparring[][]): number | null {
  const index = rounds.findIndex((round) => round.some((sparring) => !isDecided(sparring)))
  return index < 0 ? null : index
}

/** The final is edited once both its sides are set, or at once in a bracket of 2 (docs/product/competition.md). */
export function finalEdited(set: Pick<Bracket, 'final' | 'bracketSize'>): boolean {
  if (!set.final) return false
  return hasBothSides(set.final) || set.bracketSize === 2
}

export interface EditedSparrings {
  left: BracketSparring[]
  right: BracketSparring[]
  final: BracketSparring | null
}

/** The sparrings the editor shows selects for: each half's current round and, when it is its turn, the final. */
export function editedSparrings(set: Bracket): EditedSparrings {
  const current = (rounds: BracketSparring[][]) => {
    const index = editedRound(rounds)
    return index === null ? [] : rounds[index]
  }
  return { left: current(set.left), right: current(set.right), final: finalEdited(set) ? (set.final ?? null) : null }
}

export const allEdited = (edited: EditedSparrings) => [...edited.left, ...edited.right, ...(edited.final ? [edited.final] : [])]

/** The slots of the editor: red and blue per sparring id (null: empty). */
export type Slots = Record<number, { red: number | null; blue: number | null }>

export function slotsFrom(sparrings: BracketSparring[]): Slots {
  return Object.fromEntries(sparrings.map((sparring) => [sparring.sparringId, { red: sparring.red?.id ?? null, blue: sparring.blue?.id ?? null }]))
}

/** A competitor the selects offer: the battle's dancers (single) or its crews off the wait list. */
export interface Competitor {
  id: number
  name: string
  place: number | null
}

export function competitorsOf(battle: Pick<Battle, 'crewSize' | 'participants' | 'crews'>): Competitor[] {
  if (battle.crewSize === 1) {
    return battle.participants.map((dancer) => ({ id: dancer.id, name: dancer.dancerName || dancer.name || `Dancer ${dancer.id}`, place: dancer.place ?? null }))
  }
  return battle.crews.filter((crew) => !crew.inWaitlist).map((crew) => ({ id: crew.id, name: crew.name, place: crew.place ?? null }))
}

/**
 * The competitors greyed out in the selects: one with a place, or one in a decided sparring of the round being
 * edited (docs/product/competition.md).
 */
export function disabledCompetitors(competitors: Competitor[], edited: EditedSparrings): Set<number> {
  const disabled = new Set(competitors.filter((competitor) => competitor.place).map((competitor) => competitor.id))
  for (const sparring of allEdited(edited)) {
    if (!isDecided(sparring)) continue
    if (sparring.red) disabled.add(sparring.red.id)
    if (sparring.blue) disabled.add(sparring.blue.id)
  }
  return disabled
}

/** The payload of POST /battles/{id}/seed: only the undecided sparrings, locked ones never (docs/product/competition.md). */
export function seedEntries(edited: EditedSparrings, slots: Slots): BracketSeedIn[] {
  return allEdited(edited)
    .filter((sparring) => !isDecided(sparring))
    .map((sparring) => ({ sparringId: sparring.sparringId, red: slots[sparring.sparringId]?.red ?? null, blue: slots[sparring.sparringId]?.blue ?? null }))
}

/** The two-spots check over the submitted sparrings, both sides of one included: the error text, or null. */
export function twoSpotsError(entries: BracketSeedIn[], crewSize: number): string | null {
  const seen = new Set<number>()
  for (const entry of entries) {
    for (const id of [entry.red, entry.blue]) {
      if (!id) continue
      if (seen.has(id)) return sameSpotText(crewSize)
      seen.add(id)
    }
  }
  return null
}

/** Whose side is the viewer's: themselves in a single battle, their crew otherwise. */
export function isOwnSide(side: BracketSide | null, battle: Pick<Battle, 'crewSize' | 'myCrewId'>, meId: number | null): boolean {
  if (!side) return false
  return battle.crewSize === 1 ? meId !== null && side.id === meId : battle.myCrewId !== null && side.id === battle.myCrewId
}

/** 'winner', 'loser' or nothing, for a side of a decided sparring. */
export function sideResult(sparring: Pick<BracketSparring, 'winner'>, side: BracketSide | null): 'winner' | 'loser' | null {
  if (!side || !sparring.winner) return null
  return sparring.winner === side.id ? 'winner' : 'loser'
}

/** The bracket has been drawn (after Add to bracket). */
export const isDrawn = (set: Bracket | undefined) => Boolean(set && (set.final || set.left.length || set.right.length))

// --- the sparring ----------------------------------------------------------------------------------------------

/** A judge's round: 6 to 10 with an optional half point (docs/product/competition.md). */
export const WHOLE_POINTS = [6, 7, 8, 9, 10] as const
export const MAX_POINTS = 10

export const sideName = (side: { name?: string | null } | null | undefined) => side?.name?.trim() || SPARRING_TEXTS.noName

export function isValidPoints(points: number): boolean {
  return points >= 6 && points <= MAX_POINTS && Number.isInteger(points * 2)
}

/** Whole points and the half point; the half is refused on top of 10. */
export function withHalf(whole: number, half: boolean): number {
  return half && whole < MAX_POINTS ? whole + 0.5 : whole
}

export const wholeOf = (points: number | null) => (points === null ? null : Math.floor(points))
export const halfOf = (points: number | null) => points !== null && !Number.isInteger(points)

/** A judge's draft: per round, red and blue (null: not given). */
export type JudgeDraft = Record<number, { red: number | null; blue: number | null }>

/** The judge's own stored points (matched by the user's id), round by round. */
export function judgeDraft(sparring: Pick<Sparring, 'rounds'>, judgeId: number | null): JudgeDraft {
  const draft: JudgeDraft = {}
  if (judgeId === null) return draft
  for (const round of sparring.rounds) {
    const mine = round.scores.find((score) => score.id === judgeId)
    if (mine) draft[round.round] = { red: mine.redPoints ?? null, blue: mine.bluePoints ?? null }
  }
  return draft
}

/** Writes still on the device override what the server has: the latest per round. */
export function withQueued(draft: JudgeDraft, queued: JudgeRoundEntry[][]): JudgeDraft {
  const next = { ...draft }
  for (const rounds of queued) for (const entry of rounds) next[entry.round] = { red: entry.redPoints, blue: entry.bluePoints }
  return next
}

const complete = (round: JudgeDraft[number] | undefined) => Boolean(round && round.red !== null && round.blue !== null)

/** A round opens only once the previous one has both sides (docs/product/competition.md): the last open round. */
export function lastOpenRound(draft: JudgeDraft, roundsCount: number): number {
  let open = 1
  while (open < roundsCount && complete(draft[open])) open += 1
  return Math.min(open, Math.max(roundsCount, 1))
}

export const isRoundOpen = (draft: JudgeDraft, round: number, roundsCount: number) => round <= lastOpenRound(draft, roundsCount)

/** The rounds a Submit sends: every round given on both sides, in order. */
export function judgeEntries(draft: JudgeDraft, roundsCount: number): JudgeRoundEntry[] {
  const entries: JudgeRoundEntry[] = []
  for (let round = 1; round <= roundsCount; round += 1) {
    const given = draft[round]
    if (given && given.red !== null && given.blue !== null) entries.push({ round, redPoints: given.red, bluePoints: given.blue })
  }
  return entries
}

/** Why Submit is refused: a round with one side only; nothing to send is no message (the button is off). */
export function judgeDraftError(draft: JudgeDraft, roundsCount: number): string | null {
  for (let round = 1; round <= roundsCount; round += 1) {
    const given = draft[round]
    if (given && (given.red === null) !== (given.blue === null)) return SPARRING_TEXTS.bothSides
  }
  return null
}

/** Submit waits until both sides have points in every round (the server refuses less): the hint, or null. */
export function judgeSubmitHint(draft: JudgeDraft, roundsCount: number): string | null {
  for (let round = 1; round <= roundsCount; round += 1) if (!complete(draft[round])) return SPARRING_TEXTS.submitNeedsAll
  return null
}

/** The draft differs from what the server (and the queue) already has. */
export function draftChanged(draft: JudgeDraft, saved: JudgeDraft, roundsCount: number): boolean {
  return JSON.stringify(judgeEntries(draft, roundsCount)) !== JSON.stringify(judgeEntries(saved, roundsCount))
}

/** Any judge has given any points. */
export const hasPoints = (sparring: Pick<Sparring, 'rounds'>) =>
  sparring.rounds.some((round) => round.scores.some((score) => score.redPoints !== null || score.bluePoints !== null))

export type SparringMode = 'winner' | 'judge' | 'choose-winner' | 'audience' | 'watch'

/**
 * What the viewer gets (docs/product/competition.md): a finished sparring is the read-only winner view; a judge
 * the round editor; an admin or organizer with no points given yet the choose-the-winner view; someone who may
 * vote the audience mode; everyone else the score rows.
 */
export function sparringMode(sparring: Pick<Sparring, 'status' | 'rounds' | 'permissions'>): SparringMode {
  if (sparring.status === 'finished') return 'winner'
  if (sparring.permissions.canSetScore) return 'judge'
  if (sparring.permissions.canSetWinner && !hasPoints(sparring)) return 'choose-winner'
  if (sparring.permissions.canSetAudienceScore) return 'audience'
  return 'watch'
}

/** How many of the battle's judges have given both sides points in every round of the sparring. */
export function judgesScored(sparring: Pick<Sparring, 'rounds' | 'roundsCount' | 'judges'>): { scored: number; judges: number } {
  const scoredAll = (judgeId: number) => {
    for (let round = 1; round <= sparring.roundsCount; round += 1) {
      const score = sparring.rounds.find((item) => item.round === round)?.scores.find((item) => item.id === judgeId)
      if (!score || score.redPoints === null || score.bluePoints === null) return false
    }
    return true
  }
  return { scored: sparring.judges.filter((judge) => scoredAll(judge.id)).length, judges: sparring.judges.length }
}

/** Finish's warning while a judge has not scored every round: '2 of 3 judges have scored every round.' */
export function finishWarning(sparring: Pick<Sparring, 'rounds' | 'roundsCount' | 'judges'>): string | null {
  const { scored, judges } = judgesScored(sparring)
  return scored < judges ? `${scored} of ${judges} judges have scored every round.` : null
}

/**
 * A tie that needs another round: the server found it (need-tie-breaker), or every judge has scored every round
 * and the totals and the audience's votes are equal (Finish would only find the tie).
 */
export function isTie(sparring: Pick<Sparring, 'status' | 'rounds' | 'roundsCount' | 'judges' | 'red' | 'blue'> & { judgingMode?: Sparring['judgingMode'] }): boolean {
  if (sparring.status === 'need-tie-breaker') return true
  if (sparring.status !== 'judging' || !sparring.red || !sparring.blue) return false
  const { scored, judges } = judgesScored(sparring)
  // points: the totals decide; the deciding modes: the rounds won (docs/product/judging.md)
  const result = (side: SparringSide) => (isDeciding(sparring) ? side.roundsWon : side.totalPoints)
  return judges > 0 && scored === judges && result(sparring.red) === result(sparring.blue) && sparring.red.audiencePoints === sparring.blue.audiencePoints
}

/**
 * 'Add tie breaker' shows at once on a tie to those who may add one: on need-tie-breaker those with canAddExtra;
 * on a tie still judging the sparring's admins (canFinish), whose click finishes (the server records the tie) and
 * adds the round.
 */
export function offersTieBreaker(sparring: Pick<Sparring, 'status' | 'rounds' | 'roundsCount' | 'judges' | 'red' | 'blue' | 'permissions'> & { judgingMode?: Sparring['judgingMode'] }): boolean {
  if (!isTie(sparring)) return false
  return sparring.status === 'need-tie-breaker' ? sparring.permissions.canAddExtra : sparring.permissions.canFinish
}

export const showsTieBreakerNotice = (sparring: Pick<Sparring, 'status' | 'permissions'>) =>
  sparring.status === 'need-tie-breaker' && !sparring.permissions.canAddExtra

/** The side that won, or null. */
export function winnerColor(sparring: Pick<Sparring, 'winnerId' | 'red' | 'blue'>): Color | null {
  if (!sparring.winnerId) return null
  if (sparring.red?.id === sparring.winnerId) return 'red'
  if (sparring.blue?.id === sparring.winnerId) return 'blue'
  return null
}

/** The offline queue's scope of a sparring's judge scores, and the write's path. */
export const sparringScope = (id: number) => `sparring:${id}`
export const judgePath = (id: number) => `/sparrings/${id}/judge`

/** The rounds of the judge writes still on the device (their meta), oldest first. */
export function queuedRounds(writes: QueuedWrite[]): JudgeRoundEntry[][] {
  return writes.map((write) => (write.meta as { rounds?: JudgeRoundEntry[] } | undefined)?.rounds).filter((rounds): rounds is JudgeRoundEntry[] => Array.isArray(rounds))
}

/** Points as shown: '8.5', '9', or '–' when not given. */
export const pointsText = (points: number | null | undefined) => (points === null || points === undefined ? '–' : String(points))

/**
 * A judge's rounds from a `battles.sparring.scored` message applied to the page's copy as the server shows them
 * (an upsert per judge and round, in the judges' order, sums and totals recomputed), so a crowd's phones need not
 * re-read on every score (a deciding mode's round decisions and rounds won too). Null when the copy must be re-read instead: the first score (it changes what the
 * viewer may do, e.g. reset), a round or judge the copy does not know.
 */
export function withJudgeRounds(sparring: Sparring, judgeId: number, rounds: readonly JudgeRoundEntry[]): Sparring | null {
  const judge = sparring.judges.find((item) => item.id === judgeId)
  if (sparring.status !== 'judging' || !judge || !rounds.length) return null
  const deciding = isDeciding(sparring)
  if (rounds.some((item) => !sparring.rounds.some((round) => round.round === item.round))) return null
  const order = (id: number) => {
    const index = sparring.judges.findIndex((item) => item.id === id)
    return index < 0 ? sparring.judges.length : index
  }
  const updated = sparring.rounds.map((round) => {
    const given = rounds.find((item) => item.round === round.round)
    if (!given) return round
    const vote = { redPoints: given.redPoints, bluePoints: given.bluePoints }
    const mine = { id: judgeId, dancerName: judge.dancerName, avatar: judge.avatar, ...vote, pick: deciding ? pickOf(vote) : null, faders: given.faders ?? null }
    const scores = [...round.scores.filter((score) => score.id !== judgeId), mine].sort((a, b) => order(a.id) - order(b.id) || a.id - b.id)
    const sum = (side: 'redPoints' | 'bluePoints') => scores.reduce((total, score) => total + (score[side] ?? 0), 0)
    const decision = deciding ? roundDecision(scores, sparring.judges.length) : null
    return { ...round, scores, sumRedPoints: sum('redPoints'), sumBluePoints: sum('bluePoints'), decision }
  })
  const total = (side: 'sumRedPoints' | 'sumBluePoints') => updated.reduce((sum, round) => sum + round[side], 0)
  const won = roundsWon({ rounds: updated })
  return {
    ...sparring,
    rounds: updated,
    red: sparring.red && { ...sparring.red, totalPoints: total('sumRedPoints'), roundsWon: won.red },
    blue: sparring.blue && { ...sparring.blue, totalPoints: total('sumBluePoints'), roundsWon: won.blue },
  }
}

/**
 * The audience's counts from a `battles.sparring.voted` message (the counts after that vote). They never go back
 * between two reads (a message older than the copy changes nothing); null for the first vote, which is re-read
 * (it changes what the viewer may do).
 */
export function withVotes(sparring: Sparring, redVotes: number, blueVotes: number): Sparring | null {
  if (!sparring.red || !sparring.blue) return null
  if (sparring.red.audiencePoints + sparring.blue.audiencePoints === 0) return null
  return {
    ...sparring,
    red: { ...sparring.red, audiencePoints: Math.max(sparring.red.audiencePoints, redVotes) },
    blue: { ...sparring.blue, audiencePoints: Math.max(sparring.blue.audiencePoints, blueVotes) },
  }
}

/**
 * A live message applied to the page's copy of its sparring, or null when the copy must be re-read. A score or a
 * vote the copy already holds (its version is not newer than the copy's) changes nothing. Only the next version is
 * applied, giving the copy the message's version: a message further ahead means the copy missed one (a change
 * that is re-read, such as a status, or a message lost on the way), and a copy given that version without it would
 * then drop it as held, so the copy is re-read instead (docs/product/competition.md, Live scores).
 */
export function liveSparring(sparring: Sparring, message: LiveMessage): Sparring | null {
  const scored = payloadOf(message, 'battles.sparring.scored')
  const voted = payloadOf(message, 'battles.sparring.voted')
  const data = scored ?? voted
  if (data?.sparringId !== sparring.sparringId) return null
  const version = typeof data.version === 'number' ? data.version : null
  if (version !== null && version <= sparring.version) return sparring
  if (version !== null && version > sparring.version + 1) return null
  let patched: Sparring | null = null
  if (scored && typeof scored.judgeId === 'number' && Array.isArray(scored.rounds)) {
    patched = withJudgeRounds(sparring, scored.judgeId, scored.rounds)
  } else if (voted && typeof voted.redVotes === 'number' && typeof voted.blueVotes === 'number') {
    patched = withVotes(sparring, voted.redVotes, voted.blueVotes)
  }
  return patched && version !== null ? { ...patched, version } : patched
}

/** The same for a scoreboard's copy: a score or vote of the sparring it shows applied, or null to re-read it. */
export function liveBoard(board: Board, envelope: { type: string; data: Record<string, unknown> }): Board | null {
  if (!board.sparring) return null
  const sparring = liveSparring(board.sparring, envelope)
  if (sparring === null) return null
  return sparring === board.sparring ? board : { ...board, sparring }
}

/**
 * Which copy of a sparring a screen keeps when a read or a write's answer arrives: the incoming one unless it is
 * older than the one shown (three judges submitting at once get their answers in any order, each answer as of its
 * own write, while the live messages of the others were applied already).
 */
export function newerSparring(shown: Sparring, incoming: Sparring): Sparring {
  return incoming.sparringId === shown.sparringId && incoming.version < shown.version ? shown : incoming
}

/** The same for a scoreboard: its sparring kept when the incoming board shows an older copy of it. */
export function newerBoard(shown: Board, incoming: Board): Board {
  if (!shown.sparring || !incoming.sparring) return incoming
  const sparring = newerSparring(shown.sparring, incoming.sparring)
  return sparring === incoming.sparring ? incoming : { ...incoming, sparring }
}

import { describe, expect, it } from 'vitest'
import { buildBattle, buildBracketSet, buildBracketSparring, buildCrew, buildParticipant, buildRound, buildSide, buildSparring, buildSparringSide } from '@/testing/battle-builders'
import {
  competitorsOf,
  disabledCompetitors,
  editedRound,
  editedSparrings,
  finalEdited,
  finishWarning,
  isOwnSide,
  myCompetitorInBracket,
  scorecardResult,
  isTie,
  judgeSubmitHint,
  offersTieBreaker,
  isRoundOpen,
  judgeDraft,
  judgeDraftError,
  liveBoard,
  liveSparring,
  judgeEntries,
  newerBoard,
  lastOpenRound,
  queuedRounds,
  seedEntries,
  sideName,
  sideResult,
  slotsFrom,
  sparringMode,
  showsTieBreakerNotice,
  twoSpotsError,
  winnerColor,
  withHalf,
  withQueued,
  isValidPoints,
  withJudgeRounds,
  withVotes,
} from './bracket-rules'
import type { Board, Bracket } from './bracket-types'

const decided = (sparringId: number, red: number, blue: number, winner: number, overrides = {}) =>
  buildBracketSparring(sparringId, { status: 'finished', red: buildSide(red), blue: buildSide(blue), winner, ...overrides })

describe('the bracket editor: which round each side edits', () => {
  it('edits the first round of a half with an undecided sparring', () => {
    const set = buildBracketSet()
    expect(editedRound(set.left)).toBe(0)
    const later: Bracket = { ...set, left: [[decided(1, 1, 8, 1), decided(2, 4, 5, 5)], set.left[1]] }
    expect(editedRound(later.left)).toBe(1)
    expect(editedSparrings(later).left.map((sparring) => sparring.sparringId)).toEqual([5])
    // a round with a bye (decided) and an undecided sparring is still the current one
    const withBye: Bracket = { ...set, left: [[decided(1, 1, 8, 1), set.left[0][1]], set.left[1]] }
    expect(editedSparrings(withBye).left.map((sparring) => sparring.sparringId)).toEqual([1, 2])
  })

  it('passes over a sparring nobody can come to (3 dancers in a Top 8): finished without sides, it is decided', () => {
    const empty = buildBracketSparring(2, { position: 1, status: 'finished' })
    const bye = buildBracketSparring(5, { round: 2, level: 'Semi-final', status: 'finished', red: buildSide(1), winner: 1 })
    expect(editedRound([[decided(1, 1, 8, 1), empty], [bye]])).toBeNull()
    expect(editedRound([[decided(1, 1, 8, 1), empty], [buildBracketSparring(5, { round: 2, red: buildSide(1) })]])).toBe(1)
  })

  it('edits nothing in a half whose sparrings are all decided', () => {
    expect(editedRound([[decided(1, 1, 8, 1)], [decided(5, 1, 4, 4)]])).toBeNull()
  })

  it('edits the final once both its sides are set, or at once in a bracket of 2', () => {
    const set = buildBracketSet()
    expect(finalEdited(set)).toBe(false)
    expect(finalEdited({ ...set, final: buildBracketSparring(7, { red: buildSide(1) }) })).toBe(false)
    expect(finalEdited({ ...set, final: buildBracketSparring(7, { red: buildSide(1), blue: buildSide(2) }) })).toBe(true)
    expect(finalEdited({ bracketSize: 2, final: buildBracketSparring(7) })).toBe(true)
    expect(finalEdited({ bracketSize: 2, final: null })).toBe(false)
    expect(editedSparrings({ ...set, left: [], right: [], bracketSize: 2 }).final?.sparringId).toBe(7)
  })
})

describe('the bracket editor: options and the payload', () => {
  const battle = buildBattle({ participants: [1, 2, 3, 4, 5, 6, 7, 8].map((id) => buildParticipant(id, { place: id === 6 ? 8 : null })) })

  it('offers the dancers of a single battle and the crews off the wait list of a crew battle', () => {
    expect(competitorsOf(battle).map((competitor) => competitor.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    const crews = buildBattle({ crewSize: 2, crews: [buildCrew(1), buildCrew(2, { inWaitlist: true }), buildCrew(3, { place: 2 })] })
    expect(competitorsOf(crews)).toEqual([
      { id: 1, name: 'Crew 1', place: null },
      { id: 3, name: 'Crew 3', place: 2 },
    ])
  })

  it('disables a competitor with a place or in a decided sparring of the current round', () => {
    const set = buildBracketSet()
    const left = [[decided(1, 1, 8, 1), set.left[0][1]], set.left[1]]
    const disabled = disabledCompetitors(competitorsOf(battle), editedSparrings({ ...set, left }))
    expect([...disabled].sort()).toEqual([1, 6, 8])
  })

  it('submits only the undecided sparrings, empty sides as null', () => {
    const set = buildBracketSet()
    const left = [[decided(1, 1, 8, 1), set.left[0][1]], set.left[1]]
    const edited = editedSparrings({ ...set, left })
    const slots = { ...slotsFrom([...edited.left, ...edited.right]), 3: { red: 2, blue: null } }
    expect(seedEntries(edited, slots)).toEqual([
      { sparringId: 2, red: 4, blue: 5 },
      { sparringId: 3, red: 2, blue: null },
      { sparringId: 4, red: 3, blue: 6 },
    ])
  })

  it('refuses the same competitor in two spots, both sides of one sparring included', () => {
    expect(twoSpotsError([{ sparringId: 1, red: 1, blue: 2 }, { sparringId: 2, red: 3, blue: null }], 1)).toBeNull()
    expect(twoSpotsError([{ sparringId: 1, red: 1, blue: 2 }, { sparringId: 2, red: 2, blue: null }], 1)).toBe('The same participant is in two spots')
    expect(twoSpotsError([{ sparringId: 1, red: 4, blue: 4 }], 3)).toBe('The same crew is in two spots')
    expect(twoSpotsError([{ sparringId: 1, red: null, blue: null }, { sparringId: 2, red: null, blue: 0 }], 3)).toBeNull()
  })
})

describe('the bracket drawing', () => {
  it('marks the winner and the loser of a decided sparring only', () => {
    const sparring = decided(1, 1, 8, 8)
    expect(sideResult(sparring, sparring.red ?? null)).toBe('loser')
    expect(sideResult(sparring, sparring.blue ?? null)).toBe('winner')
    expect(sideResult(buildBracketSparring(2, { red: buildSide(1) }), buildSide(1))).toBeNull()
    expect(sideResult(sparring, null)).toBeNull()
  })

  it('highlights myself in a single battle and my crew in a crew battle', () => {
    expect(isOwnSide(buildSide(1), { crewSize: 1, myCrewId: null }, 1)).toBe(true)
    expect(isOwnSide(buildSide(1), { crewSize: 1, myCrewId: null }, 2)).toBe(false)
    expect(isOwnSide(buildSide(1), { crewSize: 1, myCrewId: null }, null)).toBe(false)
    expect(isOwnSide(buildSide(3), { crewSize: 2, myCrewId: 3 }, 1)).toBe(true)
    expect(isOwnSide(buildSide(1), { crewSize: 2, myCrewId: null }, 1)).toBe(false)
    expect(isOwnSide(null, { crewSize: 1, myCrewId: null }, 1)).toBe(false)
  })
})

describe('the sparring rules', () => {
  it('takes 6 to 10 with an optional half point, never above 10', () => {
    expect(withHalf(8, true)).toBe(8.5)
    expect(withHalf(10, true)).toBe(10)
    expect(withHalf(6, false)).toBe(6)
    expect([6, 6.5, 9.5, 10].every(isValidPoints)).toBe(true)
    expect([5.5, 10.5, 7.25, 0].some(isValidPoints)).toBe(false)
  })

  it("reads the judge's own points by the user's id, and what waits on the device over them", () => {
    const sparring = buildSparring({ rounds: [buildRound(1, [[1, 'B-girl Ana', 8, 7.5], [20, 'Judge Roxy', 9, 9]])] })
    expect(judgeDraft(sparring, 1)).toEqual({ 1: { red: 8, blue: 7.5 } })
    expect(judgeDraft(sparring, null)).toEqual({})
    expect(withQueued(judgeDraft(sparring, 1), [[{ round: 1, redPoints: 6, bluePoints: 6 }], [{ round: 2, redPoints: 7, bluePoints: 8 }]])).toEqual({
      1: { red: 6, blue: 6 },
      2: { red: 7, blue: 8 },
    })
  })

  it('opens a round only once the previous one has both sides', () => {
    expect(lastOpenRound({}, 3)).toBe(1)
    expect(lastOpenRound({ 1: { red: 8, blue: null } }, 3)).toBe(1)
    expect(lastOpenRound({ 1: { red: 8, blue: 9 } }, 3)).toBe(2)
    expect(lastOpenRound({ 1: { red: 8, blue: 9 }, 2: { red: 7, blue: 7 }, 3: { red: 7, blue: 7 } }, 3)).toBe(3)
    expect(isRoundOpen({ 1: { red: 8, blue: 9 } }, 3, 3)).toBe(false)
    expect(lastOpenRound({}, 0)).toBe(1)
  })

  it('submits the rounds given on both sides, and refuses a round with one side only', () => {
    const draft = { 1: { red: 8, blue: 9 }, 2: { red: 7, blue: null } }
    expect(judgeEntries(draft, 2)).toEqual([{ round: 1, redPoints: 8, bluePoints: 9 }])
    expect(judgeDraftError(draft, 2)).toBe('Both sides need points in every round')
    expect(judgeDraftError({ 1: { red: 8, blue: 9 } }, 2)).toBeNull()
  })

  it('reads the queued judge writes of a scope', () => {
    const write = (rounds: unknown) => ({ key: 'k', method: 'POST' as const, path: '/sparrings/11/judge', createdAt: 1, scope: 'sparring:11', attempts: 0, meta: { rounds } })
    expect(queuedRounds([write([{ round: 1, redPoints: 8, bluePoints: 8 }]), write(undefined)])).toEqual([[{ round: 1, redPoints: 8, bluePoints: 8 }]])
  })

  it('gives each viewer their mode', () => {
    const scored = [buildRound(1, [[20, 'Judge Roxy', 8, 9]])]
    expect(sparringMode(buildSparring({ status: 'finished', winnerId: 1, permissions: { canReset: true } }))).toBe('winner')
    expect(sparringMode(buildSparring({ permissions: { canSetScore: true, canSetWinner: true } }))).toBe('judge')
    expect(sparringMode(buildSparring({ permissions: { canSetWinner: true, canFinish: true, canSetAudienceScore: true } }))).toBe('choose-winner')
    expect(sparringMode(buildSparring({ rounds: scored, permissions: { canSetWinner: true, canSetAudienceScore: true } }))).toBe('audience')
    expect(sparringMode(buildSparring({ rounds: scored, permissions: { canSetWinner: true } }))).toBe('watch')
    expect(sparringMode(buildSparring())).toBe('watch')
  })

  it('tells who cannot add a tie breaker that an admin or host must', () => {
    expect(showsTieBreakerNotice(buildSparring({ status: 'need-tie-breaker' }))).toBe(true)
    expect(showsTieBreakerNotice(buildSparring({ status: 'need-tie-breaker', permissions: { canAddExtra: true } }))).toBe(false)
    expect(showsTieBreakerNotice(buildSparring({ status: 'judging' }))).toBe(false)
  })

  it("names the winner's side, and 'N/A' for a side without a name", () => {
    expect(winnerColor(buildSparring({ winnerId: 8 }))).toBe('blue')
    expect(winnerColor(buildSparring({ winnerId: 0 }))).toBeNull()
    expect(sideName({ name: '  ' })).toBe('N/A')
    expect(sideName(null)).toBe('N/A')
    expect(sideName({ name: 'Kid' })).toBe('Kid')
  })
})

describe('live messages applied to a sparring', () => {
  const judged = () =>
    buildSparring({
      status: 'judging',
      red: buildSparringSide(1, { totalPoints: 9, audiencePoints: 2 }),
      blue: buildSparringSide(8, { totalPoints: 8, audiencePoints: 1 }),
      rounds: [buildRound(1, [[20, 'Judge Roxy', 9, 8]]), buildRound(2, [])],
    })

  it("upserts a judge's rounds in the judges' order and recomputes the sums and totals", () => {
    const once = withJudgeRounds(judged(), 1, [{ round: 1, redPoints: 7, bluePoints: 10 }])!
    expect(once.rounds[0].scores.map((score) => [score.id, score.redPoints, score.bluePoints])).toEqual([
      [1, 7, 10],
      [20, 9, 8],
    ])
    expect([once.rounds[0].sumRedPoints, once.rounds[0].sumBluePoints, once.red?.totalPoints, once.blue?.totalPoints]).toEqual([16, 18, 16, 18])
    // the same message again changes nothing (an upsert), a correction replaces
    expect(withJudgeRounds(once, 1, [{ round: 1, redPoints: 7, bluePoints: 10 }])).toEqual(once)
    const corrected = withJudgeRounds(once, 1, [{ round: 1, redPoints: 8, bluePoints: 10 }])!
    expect(corrected.rounds[0].scores).toHaveLength(2)
    expect(corrected.red?.totalPoints).toBe(17)
  })

  it('asks for a re-read when the copy cannot be patched as the server would show it', () => {
    expect(withJudgeRounds(buildSparring({ status: 'ready', rounds: [buildRound(1, []), buildRound(2, [])] }), 1, [{ round: 1, redPoints: 7, bluePoints: 8 }])).toBeNull()
    expect(withJudgeRounds(judged(), 99, [{ round: 1, redPoints: 7, bluePoints: 8 }])).toBeNull()
    expect(withJudgeRounds(judged(), 1, [{ round: 3, redPoints: 7, bluePoints: 8 }])).toBeNull()
    expect(liveSparring(judged(), { type: 'battles.sparring.decided', data: { sparringId: 11, winnerId: 1 } })).toBeNull()
    expect(liveSparring(judged(), { type: 'battles.sparring.scored', data: { sparringId: 12, judgeId: 1, rounds: [] } })).toBeNull()
  })

  it("takes the audience's counts, never going back, and re-reads the first vote", () => {
    const voted = withVotes(judged(), 3, 1)!
    expect([voted.red?.audiencePoints, voted.blue?.audiencePoints]).toEqual([3, 1])
    const older = withVotes(voted, 2, 1)!
    expect([older.red?.audiencePoints, older.blue?.audiencePoints]).toEqual([3, 1])
    const none = buildSparring({ status: 'judging' })
    expect(withVotes(none, 1, 0)).toBeNull()
    expect(liveSparring(judged(), { type: 'battles.sparring.voted', data: { sparringId: 11, redVotes: 4, blueVotes: 1 } })?.red?.audiencePoints).toBe(4)
  })
})

describe("live messages applied to a scoreboard's copy", () => {
  const board = (sparring: Board['sparring']): Board => ({ carpetId: 3, carpetName: 'Main', eventId: 42, sparring })
  const judged = (version = 4) =>
    buildSparring({
      status: 'judging',
      version,
      red: buildSparringSide(1, { totalPoints: 9, audiencePoints: 2 }),
      blue: buildSparringSide(8, { totalPoints: 8, audiencePoints: 1 }),
      rounds: [buildRound(1, [[20, 'Judge Roxy', 9, 8]]), buildRound(2, [])],
    })
  const scored = (version: number, redPoints: number) => ({
    type: 'battles.sparring.scored',
    data: { sparringId: 11, carpetId: 3, version, judgeId: 1, rounds: [{ round: 2, redPoints, bluePoints: 10 }] },
  })

  it("applies a score and a vote of the board's sparring, taking the message's version", () => {
    const shown = board(judged())
    const patched = liveBoard(shown, scored(5, 7.5))!
    expect(patched.carpetName).toBe('Main')
    expect(patched.sparring?.version).toBe(5)
    expect(patched.sparring?.rounds[1].scores.map((score) => [score.id, score.redPoints, score.bluePoints])).toEqual([[1, 7.5, 10]])
    expect([patched.sparring?.red?.totalPoints, patched.sparring?.blue?.totalPoints]).toEqual([16.5, 18])
    const voted = liveBoard(patched, { type: 'battles.sparring.voted', data: { sparringId: 11, version: 6, redVotes: 4, blueVotes: 1 } })!
    expect([voted.sparring?.red?.audiencePoints, voted.sparring?.version]).toEqual([4, 6])
  })

  it('keeps the copy for a message it holds already, and asks for a re-read of anything else', () => {
    const shown = board(judged(5))
    expect(liveBoard(shown, scored(5, 6))).toBe(shown)
    expect(liveBoard(shown, scored(4, 6))).toBe(shown)
    expect(liveBoard(board(null), scored(6, 6))).toBeNull()
    expect(liveBoard(shown, { type: 'battles.scoreboard.changed', data: { eventId: 42, carpetId: 3, sparringId: 12 } })).toBeNull()
    expect(liveBoard(shown, { type: 'battles.sparring.decided', data: { sparringId: 11, version: 6, winnerId: 1 } })).toBeNull()
    expect(liveBoard(shown, { ...scored(6, 6), data: { ...scored(6, 6).data, sparringId: 12 } })).toBeNull()
  })

  it('re-reads a message that skips a version: the copy missed one, and would drop it later as held', () => {
    // three judges at once: versions 5, 6 and 7; the copy at 5 hears 7 before 6 (or never hears 6)
    const shown = board(judged(5))
    expect(liveBoard(shown, scored(7, 6))).toBeNull()
    expect(liveBoard(shown, { type: 'battles.sparring.voted', data: { sparringId: 11, version: 7, redVotes: 4, blueVotes: 1 } })).toBeNull()
    // in order, both apply
    const six = liveBoard(shown, scored(6, 6))!
    expect(six.sparring?.version).toBe(6)
    expect(liveBoard(six, { ...scored(7, 9), data: { ...scored(7, 9).data, judgeId: 20, rounds: [{ round: 1, redPoints: 9, bluePoints: 9 }] } })?.sparring?.version).toBe(7)
  })

  it('keeps the newer sparring when a read answers an older copy of it', () => {
    const applied = board(judged(6))
    expect(newerBoard(applied, board(judged(5)))).toEqual(applied)
    const read = board(judged(7))
    expect(newerBoard(applied, read)).toBe(read)
    const another = board({ ...judged(1), sparringId: 12 })
    expect(newerBoard(applied, another)).toBe(another)
  })
})

describe('sparring: submit, finish and ties', () => {
  it('submits only with both sides in every round', () => {
    expect(judgeSubmitHint({ 1: { red: 8, blue: 9 } }, 2)).toBe('Submitting sparring scores needs both sides to have points in every round.')
    expect(judgeSubmitHint({ 1: { red: 8, blue: 9 }, 2: { red: 7, blue: null } }, 2)).not.toBeNull()
    expect(judgeSubmitHint({ 1: { red: 8, blue: 9 }, 2: { red: 7, blue: 6.5 } }, 2)).toBeNull()
  })

  const scored = (overrides: Parameters<typeof buildSparring>[0] = {}) =>
    buildSparring({
      status: 'judging',
      red: buildSparringSide(1, { totalPoints: 34 }),
      blue: buildSparringSide(8, { totalPoints: 34 }),
      rounds: [buildRound(1, [[1, 'B-girl Ana', 8, 9], [20, 'Judge Roxy', 9, 8]]), buildRound(2, [[1, 'B-girl Ana', 8, 8], [20, 'Judge Roxy', 9, 9]])],
      permissions: { canFinish: true },
      ...overrides,
    })

  it("warns on Finish while a judge has not scored every round", () => {
    expect(finishWarning(scored())).toBeNull()
    expect(finishWarning(scored({ rounds: [buildRound(1, [[1, 'B-girl Ana', 8, 9], [20, 'Judge Roxy', 9, 8]]), buildRound(2, [[1, 'B-girl Ana', 8, 8]])] }))).toBe(
      '1 of 2 judges have scored every round.',
    )
  })

  it('finds a tie once every judge has scored and totals and votes are equal, and offers the round to admins', () => {
    expect(isTie(scored())).toBe(true)
    expect(offersTieBreaker(scored())).toBe(true)
    expect(offersTieBreaker(scored({ permissions: {} }))).toBe(false)
    expect(isTie(scored({ red: buildSparringSide(1, { totalPoints: 34, audiencePoints: 1 }) }))).toBe(false)
    expect(isTie(scored({ rounds: [buildRound(1, [[1, 'B-girl Ana', 8, 9]])] }))).toBe(false)
    expect(isTie(scored({ judges: [] }))).toBe(false)
    const needed = scored({ status: 'need-tie-breaker', permissions: { canFinish: true } })
    expect(offersTieBreaker(needed)).toBe(false)
    expect(offersTieBreaker({ ...needed, permissions: { ...needed.permissions, canAddExtra: true } })).toBe(true)
  })
})

describe('scorecards', () => {
  it("finds the viewer's competitor id in the bracket, else none", () => {
    const set = buildBracketSet()
    expect(myCompetitorInBracket(set, 4)).toBe(4)
    expect(myCompetitorInBracket(set, 99)).toBeNull()
    expect(myCompetitorInBracket(set, null)).toBeNull()
  })

  it("names a sparring's result", () => {
    expect([scorecardResult('won'), scorecardResult('lost'), scorecardResult('bye'), scorecardResult(null)]).toEqual(['Won', 'Lost', 'Bye', 'Not decided yet'])
  })
})

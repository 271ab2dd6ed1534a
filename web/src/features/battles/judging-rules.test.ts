import { describe, expect, it } from 'vitest'
import { buildRound, buildSparring } from '@/testing/battle-builders'
import { isTie, liveSparring } from './bracket-rules'
import { faderSide, faderText, markEntries, marksChanged, ownMarks, roundDecision, shownRounds, withQueuedMarks } from './judging-rules'

describe('the deciding modes', () => {
  it('reads a vote from the faders: the side they lean to, even is a tie', () => {
    expect(faderSide([-3, 1, 1])).toBe('red')
    expect(faderSide([2, -2, 5, -5, 1])).toBe('blue')
    expect(faderSide([0, 0, 0])).toBe('tie')
    expect(faderText(-3, 'Ana', 'Roxy')).toBe('3 toward Ana')
    expect(faderText(0, 'Ana', 'Roxy')).toBe('Even')
  })

  it('decides a round once every judge gave it', () => {
    const votes = [
      { redPoints: 1, bluePoints: 0 },
      { redPoints: 0, bluePoints: 1 },
      { redPoints: 1, bluePoints: 0 },
    ]
    expect(roundDecision(votes, 3)).toBe('red')
    expect(roundDecision(votes.slice(0, 2), 3)).toBeNull()
    expect(roundDecision([votes[0], votes[1], { redPoints: 0, bluePoints: 0 }], 3)).toBe('tie')
  })

  it('shows the rounds given so far and the next, and sends them', () => {
    expect(shownRounds({}, 3)).toEqual([1])
    expect(shownRounds({ 1: { pick: 'red' } }, 3)).toEqual([1, 2])
    expect(shownRounds({ 1: { pick: 'red' }, 2: { pick: 'tie' }, 3: { pick: 'blue' } }, 3)).toEqual([1, 2, 3])
    expect(markEntries({ 1: { pick: 'red' } }, [1, 2], 0)).toBeNull() // round 2 has no pick yet
    expect(markEntries({ 1: { pick: 'red' }, 2: { pick: 'tie' } }, [1, 2], 0)).toEqual([
      { round: 1, pick: 'red' },
      { round: 2, pick: 'tie' },
    ])
    // faders start even: an untouched round is sent as a tie
    expect(markEntries({}, [1], 3)).toEqual([{ round: 1, faders: [0, 0, 0] }])
    expect(marksChanged({ 1: { pick: 'red' } }, { 1: { pick: 'red' } }, [1], 0)).toBe(false)
    expect(marksChanged({ 1: { pick: 'blue' } }, { 1: { pick: 'red' } }, [1], 0)).toBe(true)
  })

  it("keeps the judge's own rounds, the queued ones over the server's", () => {
    const sparring = buildSparring({ judgingMode: 'five', rounds: [buildRound(1, [[1, 'B-girl Ana', 0, 1]])] })
    sparring.rounds[0].scores[0].faders = [1, 1, 0, 0, 0]
    expect(ownMarks(sparring, 1)).toEqual({ 1: { pick: 'blue', faders: [1, 1, 0, 0, 0] } })
    expect(ownMarks(sparring, 20)).toEqual({})
    expect(withQueuedMarks(ownMarks(sparring, 1), [[{ round: 1, faders: [-2, 0, 0, 0, 0] }]])).toEqual({ 1: { pick: 'red', faders: [-2, 0, 0, 0, 0] } })
  })

  it('applies a live vote to the copy: the decision and the rounds won follow', () => {
    const sparring = buildSparring({
      judgingMode: 'pick',
      status: 'judging',
      roundsCount: 1,
      rounds: [{ ...buildRound(1, [[1, 'B-girl Ana', 1, 0]]), decision: null }],
    })
    const envelope = { type: 'battles.sparring.scored', data: { sparringId: 11, version: 1, judgeId: 20, rounds: [{ round: 1, redPoints: 1, bluePoints: 0 }] } }
    const patched = liveSparring(sparring, envelope)
    expect(patched?.rounds[0].decision).toBe('red')
    expect(patched?.rounds[0].scores[1]).toMatchObject({ id: 20, pick: 'red' })
    expect([patched?.red?.roundsWon, patched?.blue?.roundsWon]).toEqual([1, 0])
  })

  it('finds a tie by the rounds won in a deciding mode, by the totals in points', () => {
    const base = { status: 'judging' as const, roundsCount: 1, judges: [{ id: 1, dancerName: 'A', avatar: null }] }
    const rounds = [buildRound(1, [[1, 'A', 0, 0]])]
    const even = buildSparring({ ...base, judgingMode: 'pick', rounds })
    expect(isTie(even)).toBe(true)
    const won = buildSparring({ ...base, judgingMode: 'pick', rounds, red: { ...even.red!, roundsWon: 1 } })
    expect(isTie(won)).toBe(false)
  })
})

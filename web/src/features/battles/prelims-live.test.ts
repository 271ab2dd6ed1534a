import { describe, expect, it } from 'vitest'
import { buildPrelims, buildPrelimsCrew, buildPrelimsRow, judgeScore } from '@/testing/battle-builders'
import { livePrelims, newerPrelims, prelimsRows, serverOrder } from './prelims-rules'
import type { Prelims } from './prelims-types'

const JUDGE = 5

/** A judge's points message as the battles service sends it (docs/product/competition.md, Live scores). */
function scored(version: number, data: Record<string, unknown> = {}) {
  return {
    type: 'battles.prelims.scored',
    data: {
      battleId: 7,
      eventId: 100,
      judgeId: JUDGE,
      judgeName: 'Judge Judy',
      judgeAvatar: 'judy.png',
      version,
      points: [{ id: 4, round: 1, points: 8 }],
      standings: [
        { id: 3, pointsAverage: 0, place: 2, passStatus: 'passed' },
        { id: 4, pointsAverage: 8, place: 1, passStatus: 'passed' },
        { id: 5, pointsAverage: 0, place: 2, passStatus: 'passed' },
      ],
      error: null,
      ...data,
    },
  }
}

const prelims = (overrides: Partial<Prelims> = {}, permissions = {}) => buildPrelims({ version: 3, ...overrides }, permissions)
const ids = (copy: Prelims | null) => prelimsRows(copy ?? undefined).map((row) => row.id)

describe('livePrelims', () => {
  it('applies the next version: the points, every standing, the order and the version', () => {
    const copy = prelims()
    const next = livePrelims(copy, scored(4), 'value-desc')!
    expect(next.version).toBe(4)
    expect(ids(next)).toEqual([4, 3, 5])
    const row = prelimsRows(next)[0]
    expect(row).toMatchObject({ pointsAverage: 8, place: 1, passStatus: 'passed' })
    expect(row.prelims.rounds['1']).toEqual([{ id: JUDGE, dancerName: 'Judge Judy', avatar: 'judy.png', points: 8 }])
    expect(prelimsRows(next)[1]).toMatchObject({ id: 3, place: 2, passStatus: 'passed' })
    expect(ids(livePrelims(copy, scored(4), 'value-asc'))).toEqual([3, 5, 4])
    expect(copy.version).toBe(3) // the copy itself is left as it was
  })

  it('applies messages in order, a changed score moving to the end of its round and a cleared one leaving it', () => {
    const other = judgeScore(6, 7)
    const copy = prelims({ participants: [buildPrelimsRow(3), buildPrelimsRow(4, { prelims: { rounds: { '1': [judgeScore(JUDGE, 5), other] } } }), buildPrelimsRow(5)] })
    const changed = livePrelims(copy, scored(4), 'value-desc')!
    expect(prelimsRows(changed).find((row) => row.id === 4)!.prelims.rounds['1'].map((score) => [score.id, score.points])).toEqual([
      [6, 7],
      [JUDGE, 8],
    ])
    const cleared = livePrelims(changed, scored(5, { points: [{ id: 4, round: 1, points: null }] }), 'value-desc')!
    expect(cleared.version).toBe(5)
    expect(prelimsRows(cleared).find((row) => row.id === 4)!.prelims.rounds['1']).toEqual([other])
    const alone = prelims({ participants: [buildPrelimsRow(3), buildPrelimsRow(4, { prelims: { rounds: { '1': [judgeScore(JUDGE, 5)] } } }), buildPrelimsRow(5)] })
    expect(prelimsRows(livePrelims(alone, scored(4, { points: [{ id: 4, round: 1, points: null }] }), 'value-desc')!).find((row) => row.id === 4)!.prelims.rounds).toEqual({})
  })

  it('keeps its copy for a message it holds already, and re-reads when it skipped one', () => {
    const copy = prelims()
    expect(livePrelims(copy, scored(3), 'value-desc')).toBe(copy)
    expect(livePrelims(copy, scored(2), 'value-desc')).toBe(copy)
    expect(livePrelims(copy, scored(5), 'value-desc')).toBeNull()
  })

  it('re-reads on any other message, a message without what it carries, or rows that are not its own', () => {
    const copy = prelims()
    expect(livePrelims(copy, { type: 'battles.prelims.changed', data: { battleId: 7, change: 'groups', version: 4 } }, 'value-desc')).toBeNull()
    expect(livePrelims(copy, { type: 'battles.prelims.scored', data: { battleId: 7, judgeId: JUDGE } }, 'value-desc')).toBeNull()
    // a registration the copy has not read yet
    const more = scored(4, { standings: [...(scored(4).data.standings as object[]), { id: 6, pointsAverage: 0, place: 2, passStatus: 'passed' }] })
    expect(livePrelims(copy, more, 'value-desc')).toBeNull()
    // an admin of a hidden battle sees the real ids, the message has the hidden ones
    const hidden = scored(4, { points: [{ id: -2, round: 1, points: 8 }], standings: [-1, -2, -3].map((id) => ({ id, pointsAverage: 0 })) })
    expect(livePrelims(copy, hidden, 'value-desc')).toBeNull()
    expect(livePrelims(prelims({ status: 'prelims-finished' }), scored(4), 'value-desc')).toBeNull()
  })

  it('takes the error and opens Randomize again to those who add to the bracket (a score voids the draw)', () => {
    const editor = prelims({}, { canFinishPrelims: true, canSetGone: true, canShuffle: false })
    const next = livePrelims(editor, scored(4, { error: 'Too many' }), 'value-desc')!
    expect(next.permissions).toMatchObject({ canShuffle: true, error: 'Too many', canFinishPrelims: true })
    expect(livePrelims(prelims(), scored(4), 'value-desc')!.permissions.canShuffle).toBe(false)
  })

  it('patches crews in a crew battle', () => {
    const copy = prelims({ participants: undefined, crews: [buildPrelimsCrew(3), buildPrelimsCrew(4), buildPrelimsCrew(5)] })
    const next = livePrelims(copy, scored(4), 'value-desc')!
    expect(next.participants).toBeUndefined()
    expect(next.crews!.map((row) => row.id)).toEqual([4, 3, 5])
  })
})

describe('serverOrder', () => {
  it('sorts as the server does: average, then place (none last), then name', () => {
    const rows = [
      buildPrelimsRow(1, { name: 'b', pointsAverage: 7, place: null }),
      buildPrelimsRow(2, { name: 'a', pointsAverage: 7, place: 2 }),
      buildPrelimsRow(3, { name: 'c', pointsAverage: 9, place: 1 }),
      buildPrelimsRow(4, { name: 'B', pointsAverage: 7, place: 2 }),
    ]
    expect(serverOrder(rows, 'value-desc').map((row) => row.id)).toEqual([3, 2, 4, 1])
    expect(serverOrder(rows, 'value-asc').map((row) => row.id)).toEqual([2, 4, 1, 3])
  })
})

describe('newerPrelims', () => {
  it('keeps the copy shown when the incoming one is older', () => {
    const shown = prelims({ version: 5 })
    expect(newerPrelims(shown, prelims({ version: 4 }))).toBe(shown)
    const same = prelims({ version: 5 })
    expect(newerPrelims(shown, same)).toBe(same)
    const later = prelims({ version: 6 })
    expect(newerPrelims(shown, later)).toBe(later)
  })
})

import { describe, expect, it } from 'vitest'
import { buildPrelimsCrew, buildPrelimsRow, judgeScore } from '@/testing/battle-builders'
import {
  anyRoundLacksPoints,
  bracketingReady,
  halfToggled,
  judgment,
  myPoints,
  passStatusVisible,
  pendingPoints,
  pointsOrder,
  rowState,
  searchRows,
  showsSameScore,
  sortRows,
  starClicked,
  validPoints,
  viewMode,
} from './prelims-rules'

const viewer = { meId: 1, isAdmin: false, isOrganizer: false }

describe('prelims search', () => {
  const rows = [buildPrelimsRow(3, { dancerName: 'B-girl Ana', group: 1 }), buildPrelimsRow(4, { dancerName: 'Lil Zed', group: 2 }), buildPrelimsCrew(5, { name: 'Floor Anarchy', group: 2 })]

  it('matches a case-insensitive substring of the dancer or crew name', () => {
    expect(searchRows(rows, 'ANA').map((row) => row.id)).toEqual([3, 5])
    expect(searchRows(rows, '  zed ').map((row) => row.id)).toEqual([4])
    expect(searchRows(rows, '').map((row) => row.id)).toEqual([3, 4, 5])
  })

  it('with a group id also requires the same group', () => {
    expect(searchRows(rows, 'ana', 2).map((row) => row.id)).toEqual([5])
    expect(searchRows(rows, '', 1).map((row) => row.id)).toEqual([3])
  })
})

describe('prelims sort', () => {
  const rows = [buildPrelimsRow(3, { dancerName: 'mo', randId: 12 }), buildPrelimsRow(4, { dancerName: 'Ana', randId: null }), buildPrelimsRow(5, { dancerName: 'Zed', randId: 2 })]

  it('asks the server for Points by value-asc or value-desc and keeps its order', () => {
    expect(pointsOrder({ key: 'points', direction: 'asc' })).toBe('value-asc')
    expect(pointsOrder({ key: 'points', direction: 'desc' })).toBe('value-desc')
    expect(pointsOrder({ key: 'name', direction: 'asc' })).toBe('value-desc')
    expect(sortRows(rows, { key: 'points', direction: 'asc' }).map((row) => row.id)).toEqual([3, 4, 5])
  })

  it('sorts by Name and by Assigned number, both ways (no number last)', () => {
    expect(sortRows(rows, { key: 'name', direction: 'asc' }).map((row) => row.id)).toEqual([4, 3, 5])
    expect(sortRows(rows, { key: 'name', direction: 'desc' }).map((row) => row.id)).toEqual([5, 3, 4])
    expect(sortRows(rows, { key: 'number', direction: 'asc' }).map((row) => row.id)).toEqual([5, 3, 4])
    expect(sortRows(rows, { key: 'number', direction: 'desc' }).map((row) => row.id)).toEqual([3, 5, 4])
  })
})

describe('row states', () => {
  it('highlights the own row, and the crew the user is a confirmed member of', () => {
    expect(rowState(buildPrelimsRow(1), 1, false).highlighted).toBe(true)
    expect(rowState(buildPrelimsRow(3), 1, false).highlighted).toBe(false)
    expect(rowState(buildPrelimsCrew(5), 51, false).highlighted).toBe(true)
    expect(rowState(buildPrelimsCrew(5), 5, false).highlighted).toBe(false)
    expect(rowState(buildPrelimsRow(1), null, false).highlighted).toBe(false)
  })

  it('grays promoted or gone rows before the finish, and all but the promoted after it', () => {
    expect(rowState(buildPrelimsRow(3), 1, false).grayed).toBe(false)
    expect(rowState(buildPrelimsRow(3, { isGone: true }), 1, false).grayed).toBe(true)
    expect(rowState(buildPrelimsRow(3, { isPromoted: true }), 1, false).grayed).toBe(true)
    expect(rowState(buildPrelimsRow(3, { isPromoted: true }), 1, true).grayed).toBe(false)
    expect(rowState(buildPrelimsRow(3), 1, true).grayed).toBe(true)
  })
})

describe('pass status visibility', () => {
  const row = buildPrelimsRow(3, { passStatus: 'passed', prelims: { rounds: { '1': [judgeScore(2, 8)] } } })

  it('is shown to admins, the organizer, on promoted rows and to a judge who has scored the row', () => {
    expect(passStatusVisible(row, viewer)).toBe(false)
    expect(passStatusVisible(row, { ...viewer, isAdmin: true })).toBe(true)
    expect(passStatusVisible(row, { ...viewer, isOrganizer: true })).toBe(true)
    expect(passStatusVisible({ ...row, isPromoted: true }, viewer)).toBe(true)
    expect(passStatusVisible(row, { ...viewer, meId: 2 })).toBe(true)
    expect(passStatusVisible(buildPrelimsRow(3, { prelims: { rounds: { '1': [judgeScore(2, 0)] } } }), { ...viewer, meId: 2 })).toBe(false)
  })
})

describe('bracketing ready', () => {
  const passed = (id: number, average = 8) => buildPrelimsRow(id, { passStatus: 'passed', pointsAverage: average })

  it('is ready when nobody has sameScore, the cut is decided and nobody has a zero average', () => {
    expect(bracketingReady([passed(3), passed(4), buildPrelimsRow(5, { pointsAverage: 6 })])).toBe(true)
    expect(bracketingReady([passed(3), passed(4), buildPrelimsRow(5, { isGone: true })])).toBe(true)
  })

  it('is not ready with a sameScore, a zero average, nobody passed or nobody competing', () => {
    expect(bracketingReady([passed(3), buildPrelimsRow(4, { passStatus: 'sameScore', pointsAverage: 7 })])).toBe(false)
    expect(bracketingReady([passed(3), passed(4, 0)])).toBe(false)
    expect(bracketingReady([buildPrelimsRow(3, { pointsAverage: 7 })])).toBe(false)
    expect(bracketingReady([])).toBe(false)
  })

  it('shows the same-score error only for a sameScore with a nonzero average', () => {
    expect(showsSameScore([buildPrelimsRow(3, { passStatus: 'sameScore', pointsAverage: 7 })])).toBe(true)
    expect(showsSameScore([buildPrelimsRow(3, { passStatus: 'sameScore', pointsAverage: 0 })])).toBe(false)
  })
})

describe('the star control', () => {
  it('sets an integer star, and clears when the active integer is clicked again', () => {
    expect(starClicked(0, 7)).toBe(7)
    expect(starClicked(7, 9)).toBe(9)
    expect(starClicked(7, 7)).toBe(0)
    expect(starClicked(7.5, 7)).toBe(0)
    expect(starClicked(7.5, 3)).toBe(3)
  })

  it('toggles the half: +.5, -.5, and 10 goes to 9.5; nothing without points', () => {
    expect(halfToggled(7)).toBe(7.5)
    expect(halfToggled(7.5)).toBe(7)
    expect(halfToggled(10)).toBe(9.5)
    expect(halfToggled(1)).toBe(1.5)
    expect(halfToggled(0)).toBe(0)
  })

  it('allows 1 to 10 in half steps', () => {
    expect([1, 1.5, 9.5, 10].every(validPoints)).toBe(true)
    expect([0, 0.5, 10.5, 7.25, 11].some(validPoints)).toBe(false)
  })
})

describe('judgments', () => {
  it('names the dancer or the crew, new or edit, and clears with null', () => {
    expect(judgment(buildPrelimsRow(3), false, 1, 8.5, 0)).toEqual({ userId: 3, points: 8.5, mode: 'new', round: 1 })
    expect(judgment(buildPrelimsCrew(5), true, 2, 0, 7)).toEqual({ crewId: 5, points: null, mode: 'edit', round: 2 })
  })

  it('reads the judge own points and the latest pending points per row and round', () => {
    const row = buildPrelimsRow(3, { prelims: { rounds: { '1': [judgeScore(2, 6), judgeScore(1, 8)] } } })
    expect(myPoints(row, 1, 1)).toBe(8)
    expect(myPoints(row, 1, 2)).toBe(0)
    expect(myPoints(row, null, 1)).toBe(0)
    const write = (body: unknown, createdAt: number) => ({ key: String(createdAt), method: 'POST' as const, path: '/battles/7/prelims', body, createdAt, scope: 'prelims:7', attempts: 0 })
    const pending = pendingPoints([write([{ userId: 3, points: 7, mode: 'new', round: 1 }], 1), write([{ userId: 3, points: null, mode: 'edit', round: 1 }, { crewId: 5, points: 9, mode: 'new', round: 2 }], 2)])
    expect(pending.get('3:1')).toBe(0)
    expect(pending.get('5:2')).toBe(9)
  })

  it('knows when a crew round still lacks points (gone rows aside)', () => {
    const rows = [buildPrelimsCrew(5), buildPrelimsCrew(6, { isGone: true })]
    const shown = (row: { id: number }, round: number) => (row.id === 5 && round === 1 ? 8 : 0)
    expect(anyRoundLacksPoints(rows, 1, 1, shown)).toBe(false)
    expect(anyRoundLacksPoints(rows, 1, 2, shown)).toBe(true)
  })
})

describe('view mode', () => {
  it('is the query value with more than one group, else the list', () => {
    expect(viewMode(null, 2)).toBe('groups')
    expect(viewMode('list', 2)).toBe('list')
    expect(viewMode('groups', 1)).toBe('list')
    expect(viewMode('groups', 0)).toBe('list')
  })
})

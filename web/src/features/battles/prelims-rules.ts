import type { SortDirection } from '@/lib/lists'
import { payloadOf, type LiveMessage } from '@/lib/live-payloads'
import type { QueuedWrite } from '@/lib/offline-queue'
import type { PrelimsGroupMember, PrelimScoreIn, PointsOrder, Prelims, PrelimsGroup, PrelimsRow } from './prelims-types'

/** The prelims screens' texts (docs/product/competition.md). */
export const PRELIMS_TEXTS = {
  search: 'Search dancers',
  empty: 'No prelims data found.',
  sameScore: 'Too many competitors with the same points for the final bracket spot(s). Update the points on the competitors to proceed.',
  randomize: 'Randomize',
  addToBracket: 'Add to bracket',
  undoBracket: 'Undo bracket',
  editGroups: 'Edit groups',
  randomizeFirst: 'Randomize first to settle equal scores',
  scoreFirst: 'Points are needed before the bracket',
  createGroups: 'Create groups',
  done: 'Done',
  editPoints: 'Edit points',
  groupsTitle: 'Creating Groups',
  groupTitle: 'Group info',
  pending: 'Pending',
  offline: 'You are offline. Points are kept on this device and sent when the connection returns.',
} as const

export const PRELIMS_CONFIRM = {
  randomize: {
    title: 'Randomize',
    text: 'Competitors with the same points get a random order. Continue?',
  },
  addToBracket: {
    title: 'Add to bracket',
    text: 'The competitors who passed go into the bracket and the prelims close. Continue?',
  },
  undoBracket: {
    title: 'Undo bracket',
    text: 'The bracket is deleted and the prelims open again. Continue?',
  },
  editGroups: {
    title: 'Edit groups',
    text: 'Making new groups replaces the ones there are. Continue?',
  },
} as const

/** Crew round tabs move on after this long without a change (docs/product/competition.md). */
export const ROUND_ADVANCE_MS = 10_000

export const MAX_POINTS = 10
export const STAR_VALUES = Array.from({ length: MAX_POINTS }, (_, index) => index + 1)

export const prelimsScope = (battleId: number) => `prelims:${battleId}`
export const prelimsPath = (battleId: number) => `/battles/${battleId}/prelims`

/** The competitors of the answer: dancers (single battles) or crews. */
export const prelimsRows = (prelims: Pick<Prelims, 'participants' | 'crews'> | undefined): PrelimsRow[] => prelims?.participants ?? prelims?.crews ?? []

export const rowName = (row: Pick<PrelimsRow, 'dancerName' | 'name'>) => row.dancerName || row.name || ''

export const groupMembers = (group: PrelimsGroup): PrelimsGroupMember[] => group.participants ?? group.crews ?? []

/** Prelims search (docs/product/competition.md): case-insensitive substring on the dancer or crew name; with a group, also in it. */
export function searchRows<T extends { dancerName?: string | null; name?: string | null; group?: number | null }>(rows: T[], keyword: string, groupId?: number | null): T[] {
  const needle = keyword.trim().toLowerCase()
  return rows.filter((row) => {
    if (groupId !== undefined && groupId !== null && row.group !== groupId) return false
    return !needle || (row.dancerName || row.name || '').toLowerCase().includes(needle)
  })
}

export type PrelimsSortKey = 'points' | 'name' | 'number'

export interface PrelimsSort {
  key: PrelimsSortKey
  direction: SortDirection
}

export const DEFAULT_SORT: PrelimsSort = { key: 'points', direction: 'desc' }

export const SORT_LABELS: Record<PrelimsSortKey, string> = { points: 'Points', name: 'Name', number: 'Assigned number' }

/** The `sb` of the read: Points is sorted by the server, by average (the other keys keep its default). */
export const pointsOrder = (sort: PrelimsSort): PointsOrder => (sort.key === 'points' && sort.direction === 'asc' ? 'value-asc' : 'value-desc')

/** Name and Assigned number are sorted here (rows without a number last); Points keeps the server's order. */
export function sortRows(rows: PrelimsRow[], sort: PrelimsSort): PrelimsRow[] {
  if (sort.key === 'points') return rows
  const sign = sort.direction === 'asc' ? 1 : -1
  const copy = [...rows]
  if (sort.key === 'name') return copy.sort((a, b) => sign * rowName(a).localeCompare(rowName(b), undefined, { sensitivity: 'base' }))
  return copy.sort((a, b) => {
    if (a.randId == null || b.randId == null) return a.randId == null ? (b.randId == null ? 0 : 1) : -1
    return sign * (a.randId - b.randId)
  })
}

/** Prelims are finished once Add to bracket went through (status prelims-finished, then finished). */
export const prelimsFinished = (status: string) => status !== 'registration'

export interface RowState {
  highlighted: boolean
  grayed: boolean
}

/**
 * Row states (docs/product/competition.md): the user's own row, or in crew mode the crew they are a confirmed member of,
 * is highlighted. Before the prelims finish, promoted or gone rows are grayed; after, only promoted rows are active.
 */
export function rowState(row: PrelimsRow, meId: number | null, finished: boolean): RowState {
  const mine = meId !== null && (row.participants ? row.participants.some((member) => member.id === meId) : row.id === meId)
  return { highlighted: mine, grayed: finished ? !row.isPromoted : row.isPromoted || row.isGone }
}

/** The caller's points for a row in a round (0 when none). */
export function myPoints(row: PrelimsRow, meId: number | null, round: number): number {
  if (meId === null) return 0
  return row.prelims.rounds[String(round)]?.find((score) => score.id === meId)?.points ?? 0
}

export const hasScored = (row: PrelimsRow, meId: number | null) =>
  meId !== null && Object.values(row.prelims.rounds).some((scores) => scores.some((score) => score.id === meId && score.points > 0))

export interface Viewer {
  meId: number | null
  /** the battle's admins (editors and hosts) */
  isAdmin: boolean
  isOrganizer: boolean
}

/** Pass status is shown to a judge who has scored the row, on promoted rows, to admins and to the organizer. */
export function passStatusVisible(row: PrelimsRow, viewer: Viewer): boolean {
  return viewer.isAdmin || viewer.isOrganizer || row.isPromoted || hasScored(row, viewer.meId)
}

/**
 * 'Bracketing ready' after a score update (docs/product/competition.md): nobody has sameScore, every competitor (not
 * gone) has a status decided and nobody has a zero average. The cut is decided when somebody passed and no
 * sameScore straddles it; the ones below it are decided as not passing.
 */
export function bracketingReady(rows: PrelimsRow[]): boolean {
  const competing = rows.filter((row) => !row.isGone)
  if (!competing.length) return false
  if (competing.some((row) => row.passStatus === 'sameScore')) return false
  if (!competing.some((row) => row.passStatus === 'passed')) return false
  return competing.every((row) => row.pointsAverage > 0)
}

/** The same-score error shows for a sameScore row with a nonzero average. */
export const showsSameScore = (rows: PrelimsRow[]) => rows.some((row) => row.passStatus === 'sameScore' && row.pointsAverage > 0)

/**
 * The warning the prelims show: the server's error, but its same-score one only once a tied row has points (before
 * anyone scored every competitor ties at 0).
 */
export function prelimsError(serverError: string | null | undefined, rows: PrelimsRow[]): string | null {
  if (serverError && serverError !== PRELIMS_TEXTS.sameScore) return serverError
  return showsSameScore(rows) ? PRELIMS_TEXTS.sameScore : null
}

/** Why 'Add to bracket' is off when no warning says it: Randomize is still to do, or nobody has points yet. */
export function addToBracketHint(permissions: { canShuffle: boolean; error?: string | null }, shownError: string | null): string | null {
  if (permissions.canShuffle) return PRELIMS_TEXTS.randomizeFirst
  if (permissions.error && !shownError) return PRELIMS_TEXTS.scoreFirst
  return null
}

/** Prelims points: 1 to 10 in half steps (docs/product/competition.md). */
export const validPoints = (points: number) => points >= 1 && points <= MAX_POINTS && Number.isInteger(points * 2)

/** An integer star: its value, or 0 (cleared) when it is the active integer already. */
export function starClicked(current: number, star: number): number {
  return Math.floor(current) === star ? 0 : star
}

/** The half star: takes the half off when there is one, adds it otherwise (10 becomes 9.5); nothing on no score. */
export function halfToggled(current: number): number {
  if (current <= 0) return 0
  if (!Number.isInteger(current)) return current - 0.5
  return current >= MAX_POINTS ? current - 0.5 : current + 0.5
}

export const pointsText = (points: number) => (points > 0 ? String(points) : '—')

/** A judgment of one row in one round: `new` when the judge had no points there, `edit` otherwise. */
export function judgment(row: PrelimsRow, crew: boolean, round: number, points: number, before: number): PrelimScoreIn {
  return { ...(crew ? { crewId: row.id } : { userId: row.id }), points: points > 0 ? points : null, mode: before > 0 ? 'edit' : 'new', round }
}

/** A row and round's key in drafts and pending writes. */
export const draftKey = (rowId: number, round: number) => `${rowId}:${round}`

/** The points of the scope's writes not sent yet, latest last (what the judge sees until the server has them). */
export function pendingPoints(writes: QueuedWrite[]): Map<string, number> {
  const points = new Map<string, number>()
  for (const write of writes) {
    for (const entry of (Array.isArray(write.body) ? write.body : []) as PrelimScoreIn[]) {
      const id = entry.userId ?? entry.crewId
      if (typeof id === 'number') points.set(draftKey(id, entry.round), entry.points ?? 0)
    }
  }
  return points
}

/** Crews: a round lacks points while some competing row has none of the judge's points in it. */
export function roundLacksPoints(rows: PrelimsRow[], meId: number | null, round: number, shown: (row: PrelimsRow, round: number) => number): boolean {
  return rows.some((row) => !row.isGone && shown(row, round) <= 0) && meId !== null
}

export const anyRoundLacksPoints = (rows: PrelimsRow[], meId: number | null, rounds: number, shown: (row: PrelimsRow, round: number) => number) =>
  Array.from({ length: rounds }, (_, index) => index + 1).some((round) => roundLacksPoints(rows, meId, round, shown))

export type PrelimsViewMode = 'groups' | 'list'

/** The view: the query's, when more than one group exists; otherwise the list. */
export function viewMode(query: string | null, groups: number): PrelimsViewMode {
  if (groups <= 1) return 'list'
  return query === 'list' ? 'list' : 'groups'
}

export const memberWord = (crew: boolean, count: number) => (crew ? (count === 1 ? 'crew' : 'crews') : count === 1 ? 'participant' : 'participants')

/**
 * The server's Points order (services/battles prelims `build`): by average (best first for value-desc), then
 * place (none last), then name; a copy patched from a message is sorted the same, so it matches the next read.
 */
export function serverOrder(rows: PrelimsRow[], order: PointsOrder): PrelimsRow[] {
  const sign = order === 'value-asc' ? 1 : -1
  const key = (row: PrelimsRow) => (row.name ?? row.dancerName ?? '').toLowerCase()
  return [...rows].sort((a, b) => {
    const byPoints = sign * a.pointsAverage - sign * b.pointsAverage
    if (byPoints) return byPoints
    if ((a.place == null) !== (b.place == null)) return a.place == null ? 1 : -1
    if ((a.place ?? 0) !== (b.place ?? 0)) return (a.place ?? 0) - (b.place ?? 0)
    return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0
  })
}

/**
 * A live message applied to a copy of the prelims (docs/product/competition.md, Live scores): a judge's points
 * (`battles.prelims.scored`) carry the points set and every row's average, place and pass status, so the copy is
 * patched instead of re-read. The copy itself when the message is not newer than it; null to re-read: another
 * message (a change of structure), a message further ahead than the next version (the copy missed one), or rows
 * that do not match the copy's (a registration it has not read, a viewer who sees a hidden battle's real ids).
 */
export function livePrelims(prelims: Prelims, message: LiveMessage, order: PointsOrder): Prelims | null {
  const scored = payloadOf(message, 'battles.prelims.scored')
  if (!scored || typeof scored.version !== 'number' || !Array.isArray(scored.standings)) return null
  const shown = prelims.version ?? 0
  if (scored.version <= shown) return prelims
  if (scored.version > shown + 1 || prelimsFinished(prelims.status)) return null
  const rows = prelimsRows(prelims)
  const standings = new Map(scored.standings.map((standing) => [standing.id, standing]))
  if (standings.size !== rows.length || rows.some((row) => !standings.has(row.id))) return null
  const judge = { id: scored.judgeId, dancerName: scored.judgeName ?? null, avatar: scored.judgeAvatar ?? null }
  const patched = rows.map((row): PrelimsRow => {
    const standing = standings.get(row.id)!
    let rounds = row.prelims.rounds
    for (const given of scored.points ?? []) {
      if (given.id !== row.id) continue
      const key = String(given.round)
      // the server lists a round's scores by when they were last set: a changed one moves to the end
      const others = (rounds[key] ?? []).filter((score) => score.id !== judge.id)
      const scores = given.points ? [...others, { ...judge, points: given.points }] : others
      rounds = { ...rounds }
      if (scores.length) rounds[key] = scores
      else delete rounds[key]
    }
    return {
      ...row,
      pointsAverage: standing.pointsAverage ?? 0,
      place: standing.place ?? null,
      passStatus: (standing.passStatus ?? null) as PrelimsRow['passStatus'],
      prelims: rounds === row.prelims.rounds ? row.prelims : { ...row.prelims, rounds },
    }
  })
  const present = patched.filter((row) => !row.isGone).length
  // a score voids the draw (docs/product/competition.md): Randomize is open again to those who may add to the bracket
  const permissions = { ...prelims.permissions, error: scored.error ?? null, canShuffle: prelims.permissions.canFinishPrelims && present >= 2 }
  const sorted = serverOrder(patched, order)
  return { ...prelims, ...(prelims.crews ? { crews: sorted } : { participants: sorted }), permissions, version: scored.version }
}

/** Which copy of the prelims a screen keeps when a read or a write's answer arrives: the incoming one unless older. */
export const newerPrelims = (shown: Prelims, incoming: Prelims): Prelims => ((incoming.version ?? 0) < (shown.version ?? 0) ? shown : incoming)

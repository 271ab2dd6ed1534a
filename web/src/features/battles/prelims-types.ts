/**
 * The prelims payloads. Written by hand until the battles
 * service's OpenAPI is in proto-contracts/.
 */

export type PassStatus = 'passed' | 'sameScore' | null

/** GET /battles/{id}/prelims?sb=: the server sorts by the points average */
export type PointsOrder = 'value-desc' | 'value-asc'

export interface JudgeScore {
  /** the judge's user id */
  id: number
  dancerName?: string | null
  avatar?: string | null
  points: number
}

export interface PrelimsMember {
  id: number
  dancerName?: string | null
  avatar?: string | null
}

/** A competitor: a dancer (single battles) or a crew, by its competitor id. */
export interface PrelimsRow {
  id: number
  /** single battles */
  dancerName?: string | null
  /** crew battles */
  name?: string | null
  avatar?: string | null
  randId?: number | null
  group?: number | null
  isGone: boolean
  isPromoted: boolean
  passStatus: PassStatus
  /** 2 decimals, 0 when none */
  pointsAverage: number
  place?: number | null
  checkedIn: boolean
  /** crews only: the confirmed members */
  participants?: PrelimsMember[]
  prelims: { rounds: Record<string, JudgeScore[]> }
}

export interface GroupMember {
  id: number
  name?: string | null
  randId?: number | null
  avatar?: string | null
}

export interface PrelimsGroup {
  id: number
  /** 'Group {n}' */
  name: string
  amountMembers: number
  participants?: GroupMember[]
  crews?: GroupMember[]
}

export interface PrelimsPermissions {
  canJudge: boolean
  canSetGone: boolean
  canFinishPrelims: boolean
  canShuffle: boolean
  canUndoBrackets: boolean
  error: string | null
}

export interface Prelims {
  participants?: PrelimsRow[]
  crews?: PrelimsRow[]
  groups: PrelimsGroup[]
  /** 1 for singles, crewSize for crews of 2..10 */
  rounds: number
  status: string
  permissions: PrelimsPermissions
}

/** One entry of POST /battles/{id}/prelims: points 0 or null clears the judge's score for that row and round. */
export interface Judgment {
  userId?: number
  crewId?: number
  points: number | null
  mode: 'new' | 'edit'
  round: number
}

export type GroupsType = 'random' | 'number'

export interface GroupsAnswer {
  groups: PrelimsGroup[]
}

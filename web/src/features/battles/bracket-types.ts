/**
 * The competition's payloads. Written
 * by hand until the battles service's OpenAPI is in proto-contracts/.
 */

/** waiting (a side empty), ready (both sides, no score yet), judging, need-tie-breaker, finished (a bye too) */
export type SparringStatus = 'waiting' | 'ready' | 'judging' | 'need-tie-breaker' | 'finished'

/** A side of a bracket's sparring: `id` is the competitor id (the user in a single battle, the crew otherwise). */
export interface BracketSide {
  id: number
  name: string | null
  avatar: string | null
}

export interface BracketSparring {
  sparringId: number
  round: number
  position: number
  level: string
  status: SparringStatus
  red: BracketSide | null
  blue: BracketSide | null
  /** the winner's competitor id, 0 while undecided */
  winner: number
}

export interface BracketLevel {
  name: string
  rounds: number
}

/** GET /api/battles/{id}/brackets: each half a list of rounds, each round a list of sparrings. */
export interface BracketSet {
  left: BracketSparring[][]
  right: BracketSparring[][]
  final: BracketSparring | null
  levels: BracketLevel[]
  bracketSize: number
  canEdit: boolean
}

/** POST /api/battles/{id}/seed: one entry per undecided sparring edited; null is an empty side. */
export interface SeedEntry {
  sparringId: number
  red: number | null
  blue: number | null
}

export type Color = 'red' | 'blue'

export interface SparringSide extends BracketSide {
  totalPoints: number
  audiencePoints: number
}

/** One judge's points in one round. */
export interface JudgeRoundScore {
  id: number
  dancerName: string | null
  avatar: string | null
  redPoints: number | null
  bluePoints: number | null
}

export interface SparringRound {
  round: number
  scores: JudgeRoundScore[]
  sumRedPoints: number
  sumBluePoints: number
}

export interface SparringJudge {
  id: number
  dancerName: string | null
  avatar: string | null
}

export interface SparringPermissions {
  canSetScore: boolean
  canSetAudienceScore: boolean
  canAddExtra: boolean
  canFinish: boolean
  canSetWinner: boolean
  canReset: boolean
}

/** GET /api/sparrings/{id} */
export interface Sparring {
  sparringId: number
  /** one more at each change (its live message carries it): a screen keeps the copy with the highest */
  version: number
  battleId: number
  eventId: number
  battleTitle: string
  crewSize: number
  level: string
  status: SparringStatus
  /** the winner's competitor id, 0 while undecided */
  winnerId: number
  red: SparringSide | null
  blue: SparringSide | null
  rounds: SparringRound[]
  /** the level's rounds plus the tie breakers */
  roundsCount: number
  extraRounds: number
  judges: SparringJudge[]
  carpetId: number | null
  myVote: Color | null
  permissions: SparringPermissions
}

/** POST /api/sparrings/{id}/judge */
export interface JudgeRoundEntry {
  round: number
  redPoints: number
  bluePoints: number
}

/** GET /api/events/{id}/scoreboards/{carpetId}: one carpet's board. */
export interface Scoreboard {
  carpetId: number
  carpetName: string
  eventId: number
  sparring: Sparring | null
}

/** What a scoreboard reads of GET /api/events/{id}. */
export interface ScoreboardEvent {
  id: number
  title: string
  scoreboardLogo: string | null
  scoreboardBgImage: string | null
}

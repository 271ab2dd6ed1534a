/** The competition's payloads, generated from proto-contracts/ (`npm run gen:types`): aliases only. */
import type { Event, Sparring } from '@contracts/api'

export type {
  Board,
  Bracket,
  BracketLevel,
  BracketSeedIn,
  BracketSide,
  BracketSparring,
  GroupBattle,
  GroupSide,
  GroupStanding,
  RoundRobin,
  JudgeRoundScore,
  Scorecard,
  Smoke,
  SmokeSide,
  SmokeStanding,
  SparringCard,
  Sparring,
  SparringPermissions,
  SparringRound,
  SparringSide,
} from '@contracts/api'

/** waiting (a side empty), ready (both sides, no score yet), judging, need-tie-breaker, finished (a bye too) */
export type SparringStatus = Sparring['status']
export type Color = NonNullable<Sparring['myVote']>

/** What a scoreboard reads of GET /api/events/{id}. */
export type ScoreboardEvent = Pick<Event, 'id' | 'title' | 'scoreboardLogo' | 'scoreboardBgImage'>

/**
 * A judge's round as the screen sends it (POST /api/sparrings/{id}/judge, both sides given) and as the live
 * message `battles.sparring.scored` carries it back.
 */
export type { JudgeRound as JudgeRoundEntry } from '@contracts/events'

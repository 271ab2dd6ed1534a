import { descriptionForSave } from '@/lib/sanitize'
import type { Battle, BattleDraft, BracketLevel, BracketSize, ParticipationCapType, PrizeIn } from './types'

/** The styles' names (seven to smoke is beside the spec: docs/decisions.md, "Seven to smoke"). */
export const STYLE_LABELS = { classic: 'Classic', bracket: 'Bracket', smoke: 'Seven to smoke' } as const

/** The wizard's battles (docs/product/events.md). Texts word for word. */
export const BATTLE_TEXTS = {
  addBattle: 'Add Battle',
  deleteQuestion: 'Are you sure you want to delete this battle',
  updateFailed: 'Something went wrong. Please try again later.',
  nextFailed: 'Something went wrong',
  registrationCap: 'Registration cap',
  checkInCap: 'Check-in cap',
  noBattles: 'No battles yet.',
  // beside the spec (docs/decisions.md, "Audience votes by the people in the room")
  votersCheckedIn: 'Only people checked in at the event vote in the sparrings',
  // beside the spec (docs/decisions.md, "A battle for third place")
  thirdPlace: 'The semi-finals\' losers battle for third place',
  // beside the spec (docs/product/competition.md, "Round-robin groups")
  roundRobin: 'Round-robin groups before the bracket (groups of 4, the best 2 of each go on)',
  // beside the spec (docs/decisions.md, "Judging modes"): points is the spec's, the others decide round by round
  judging: 'Judging',
  judgingModes: {
    points: 'Points (6 to 10 per round)',
    pick: 'Point at the winner',
    threefold: 'Threefold (WDSF, 3 criteria)',
    five: 'Five criteria (WDSF)',
  },
  judgingHelp: {
    points: 'Each judge gives both sides 6 to 10 points every round; the higher total wins',
    pick: 'Each judge points at the winner after every round; most rounds win',
    threefold: 'Judges weigh Physical, Artistic and Interpretative skills every round; most rounds win',
    five: 'Judges weigh Technique, Vocabulary, Execution, Musicality and Originality every round; most rounds win',
  },
} as const

/** A battle's judging mode; the points are the spec's and the default. */
export type JudgingMode = BattleDraft['judgingMode']
export const JUDGING_MODES: JudgingMode[] = ['points', 'pick', 'threefold', 'five']

export const UNLIMITED_CREW_SIZE = 10000

/** The battle categories: 1 vs 1 to 10 vs 10 (values 1 to 10) and Unlimited (10000). */
export const CREW_SIZES: { value: number; label: string }[] = [
  ...Array.from({ length: 10 }, (_, index) => ({ value: index + 1, label: `${index + 1} vs ${index + 1}` })),
  { value: UNLIMITED_CREW_SIZE, label: 'Unlimited' },
]

/** A crew size as its category: '3 vs 3', or 'Unlimited' for 10000. */
export function battleCategory(crewSize: number | null | undefined): string {
  if (!crewSize || crewSize >= UNLIMITED_CREW_SIZE) return 'Unlimited'
  return `${crewSize} vs ${crewSize}`
}

/** the battles service's bounds: a title like an event's (150), a limit up to 100,000 */
export const BATTLE_TITLE_MAX_LENGTH = 150
export const LIMIT_MAX = 100_000

export const BRACKET_SIZES: BracketSize[] = [32, 16, 8, 4, 2]

const isBracketSize = (size: number): size is BracketSize => (BRACKET_SIZES as number[]).includes(size)
export const ROUNDS_MIN = 1
export const ROUNDS_MAX = 101

/** The levels of a bracket: 2 gives only Final; otherwise Top N (from the size down to 8), Semi-final, Final; 1 round each. */
export function bracketLevels(size: BracketSize): BracketLevel[] {
  if (size === 2) return [{ name: 'Final', rounds: 1 }]
  const tops: BracketLevel[] = []
  for (let top = size; top >= 8; top /= 2) tops.push({ name: `Top ${top}`, rounds: 1 })
  return [...tops, { name: 'Semi-final', rounds: 1 }, { name: 'Final', rounds: 1 }]
}

/** Rounds of a level: a whole number from 1 to 101. */
export function clampRounds(rounds: number): number {
  if (!Number.isFinite(rounds)) return ROUNDS_MIN
  return Math.min(ROUNDS_MAX, Math.max(ROUNDS_MIN, Math.round(rounds)))
}

/** The known prize places, in order; a battle has at most one prize per place. */
export const PRIZE_PLACES = ['1st Place', '2nd Place', 'Top 4', 'Top 8', 'Top 16', 'Top 32'] as const

/** The first place without a prize (null: every place has one, so no more prizes). */
export function nextPrizePlace(prizes: Pick<PrizeIn, 'title'>[]): string | null {
  return PRIZE_PLACES.find((place) => !prizes.some((prize) => prize.title === place)) ?? null
}

/** A prize amount as saved: never negative, and a value between 0 and 1 becomes 1. */
export function prizeAmount(amount: number): number {
  if (!Number.isFinite(amount) || amount <= 0) return 0
  return amount < 1 ? 1 : amount
}

/** Dollars typed into an amount field (up to 2 decimals; blank is 0); null when it is not an amount. */
export function parseAmount(text: string): number | null {
  const value = text.trim()
  if (!value) return 0
  if (!/^\d*(\.\d{0,2})?$/.test(value) || value === '.') return null
  return Number(value)
}

/** The battle's limit: a whole number, at least 0; null when what was typed is not one. */
export function parseLimit(text: string): number | null {
  const value = text.trim()
  if (!/^\d+$/.test(value)) return null
  return Number(value)
}

/** The participation cap and what it depends on (docs/product/events.md). */
export interface CapState {
  hideParticipants: boolean
  participationCapType: ParticipationCapType
  limit: number
}

/** Choosing a cap: the same cap again resets to none with limit 0; the registration cap is refused while participants are hidden. */
export function chooseCap<T extends CapState>(state: T, cap: Exclude<ParticipationCapType, 'none'>): T {
  if (state.participationCapType === cap) return { ...state, participationCapType: 'none', limit: 0 }
  if (cap === 'registration' && registrationCapDisabled(state)) return state
  return { ...state, participationCapType: cap }
}

/** Hiding participants while the registration cap is on resets the cap to none with limit 0. */
export function hideParticipants<T extends CapState>(state: T, hide: boolean): T {
  if (hide && state.participationCapType === 'registration') return { ...state, hideParticipants: true, participationCapType: 'none', limit: 0 }
  return { ...state, hideParticipants: hide }
}

/** The registration cap cannot be chosen while participants are hidden. */
export function registrationCapDisabled(state: Pick<CapState, 'hideParticipants'>): boolean {
  return state.hideParticipants
}

/* The battle's start: the server keeps an instant; the wizard shows and takes the venue's wall time
   ("YYYY-MM-DDTHH:MM" in the event's zone, as the event's own dates), and sends it with the zone's offset. */

function offsetMinutes(instant: Date, timeZone: string | null | undefined): number {
  if (timeZone) {
    try {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }).formatToParts(instant)
      const part = (type: string) => Number(parts.find((item) => item.type === type)?.value)
      const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour') % 24, part('minute'), part('second'))
      return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000)
    } catch {
      /* an unknown zone: the browser's */
    }
  }
  return -instant.getTimezoneOffset()
}

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i

/** An instant from the server as the venue's wall time "YYYY-MM-DDTHH:MM" (a value without an offset is one already). */
export function startToWall(value: string | null | undefined, timeZone: string | null | undefined): string | null {
  if (!value) return null
  if (!HAS_OFFSET.test(value)) return value.slice(0, 16)
  const instant = new Date(value)
  if (Number.isNaN(instant.getTime())) return null
  return new Date(instant.getTime() + offsetMinutes(instant, timeZone) * 60_000).toISOString().slice(0, 16)
}

/** The venue's wall time "YYYY-MM-DDTHH:MM" as an ISO instant with the zone's offset at that time. */
export function wallToStart(wall: string | null | undefined, timeZone: string | null | undefined): string | null {
  if (!wall || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(wall)) return null
  const asUtc = Date.parse(`${wall}:00Z`)
  let offset = offsetMinutes(new Date(asUtc), timeZone)
  // the offset at the instant itself (a wall time near a change of offset)
  const second = offsetMinutes(new Date(asUtc - offset * 60_000), timeZone)
  if (second !== offset) offset = second
  const sign = offset < 0 ? '-' : '+'
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0')
  return `${wall}:00${sign}${hours}:${minutes}`
}

/** The dialog's draft of a loaded battle (its start as the venue's wall time). */
export function battleUpdate(battle: Battle, timeZone: string | null | undefined): BattleDraft {
  const size = isBracketSize(battle.bracketSize) ? battle.bracketSize : 16
  return {
    title: battle.title ?? '',
    crewSize: battle.crewSize ?? 1,
    orgId: battle.orgId ?? 0,
    organizationCompetitorsOnly: Boolean(battle.organizationCompetitorsOnly),
    description: battle.description ?? '',
    hideParticipants: Boolean(battle.hideParticipants),
    votersCheckedIn: Boolean(battle.votersCheckedIn),
    thirdPlace: Boolean(battle.thirdPlace),
    roundRobin: Boolean(battle.roundRobin),
    judgingMode: battle.judgingMode ?? 'points',
    participationCapType: battle.participationCapType ?? 'none',
    limit: battle.limit ?? 0,
    style: battle.style ?? 'classic',
    bracketSize: size,
    bracketLevels: battle.bracketLevels?.length ? battle.bracketLevels : bracketLevels(size),
    prizesDesc: battle.prizesDesc ?? '',
    prizes: (battle.prizes ?? []).map(({ title, amount }) => ({ title, amount })),
    startDate: startToWall(battle.startDate, timeZone),
  }
}

/** What PUT /api/battles/{id} gets: trimmed, sanitised, the cap and prize rules applied, the start as an instant. */
export function battleForSave(draft: BattleDraft, timeZone: string | null | undefined): BattleDraft {
  const capped = hideParticipants(draft, draft.hideParticipants)
  return {
    ...capped,
    title: draft.title.trim(),
    organizationCompetitorsOnly: draft.orgId ? draft.organizationCompetitorsOnly : false,
    description: descriptionForSave(draft.description),
    limit: capped.participationCapType === 'none' ? 0 : Math.max(0, Math.floor(capped.limit)),
    bracketLevels: draft.bracketLevels.map((level) => ({ name: level.name, rounds: clampRounds(level.rounds) })),
    prizesDesc: draft.prizesDesc.trim(),
    prizes: draft.prizes
      .filter((prize) => (PRIZE_PLACES as readonly string[]).includes(prize.title))
      .filter((prize, index, all) => all.findIndex((other) => other.title === prize.title) === index)
      .map((prize) => ({ title: prize.title, amount: prizeAmount(prize.amount) })),
    startDate: wallToStart(draft.startDate, timeZone),
  }
}

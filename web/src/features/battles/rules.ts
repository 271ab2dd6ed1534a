import type { Battle, Crew, Participant, Winner, WinnerIn } from './types'

/** Crew size 10000 is unlimited (docs/product/battles-and-registration.md): no '/size' suffix, no cap on members. */
export const UNLIMITED_CREW_SIZE = 10000
/** Hidden participants show this many blurred rows. */
export const HIDDEN_ROWS = 16
/** The admin catalogue's page size, and the crew form's user search page size (docs/product/battles-and-registration.md). */
export const CATALOGUE_PAGE_SIZE = 50
/** the crew form's search: a page of 100, as the user picker's */
export const CANDIDATES_PAGE_SIZE = 100
export const CREW_SEARCH_PAGE_SIZE = 100
export const SEARCH_DEBOUNCE_MS = 300

export const BATTLE_TEXTS = {
  back: 'Back to event',
  crewNameRequired: 'Crew name is required',
  emptyCrew: "Looks like you didn't add anyone to your crew, if you are sure and want to continue, click OK.",
  registerCrew: 'Register Crew',
  saveEdits: 'Save edits',
  addResults: 'Add Results',
  hidden: 'The participants of this battle are hidden.',
  comingSoon: 'Coming soon',
} as const

export const confirmTexts = {
  unregisterCrew: (crew: string) => `Are you sure you want to unregister crew ${crew}?`,
  decline: (dancer: string, crew: string) => `Are you sure you want to decline ${dancer} from '${crew}'?`,
  uncheck: (dancer: string) => `Are you sure you want to un-check ${dancer}?`,
  unregisterFromCrew: (dancer: string, crew: string) => `Are you sure you want to unregister ${dancer} from '${crew}'?`,
  unregister: (dancer: string) => `Are you sure you want to unregister ${dancer}?`,
}

export const isUnlimited = (crewSize: number) => crewSize >= UNLIMITED_CREW_SIZE
export const isCrewBattle = (battle: Pick<Battle, 'crewSize'>) => battle.crewSize !== 1

/** 'N vs N', or 'Unlimited' (10000). */
export function categoryLabel(crewSize: number): string {
  return isUnlimited(crewSize) ? 'Unlimited' : `${crewSize} vs ${crewSize}`
}

/** 'Check-in cap: {limit}', 'Registration cap: {limit}', or nothing (docs/product/battles-and-registration.md). */
export function capLabel(battle: Pick<Battle, 'participationCapType' | 'limit'>): string | null {
  if (battle.participationCapType === 'checkIn') return `Check-in cap: ${battle.limit}`
  if (battle.participationCapType === 'registration') return `Registration cap: ${battle.limit}`
  return null
}

/** Signed and check-in dates on or before the year 2000 count as not there (docs/product/battles-and-registration.md). */
export function isRealDate(iso: string | null | undefined): boolean {
  if (!iso) return false
  const at = new Date(iso)
  return !Number.isNaN(at.getTime()) && at.getUTCFullYear() > 2000
}

/** Checked in: the assigned number is there, or the flag with a real date. */
export function isCheckedIn(participant: Pick<Participant, 'randId' | 'checkedIn' | 'checkedInAt'>): boolean {
  if (participant.randId != null) return true
  return participant.checkedIn && (participant.checkedInAt == null || isRealDate(participant.checkedInAt))
}

export function agreementSigned(participant: Pick<Participant, 'agreementSigned' | 'agreementSignedAt'>): boolean {
  return participant.agreementSignedAt ? isRealDate(participant.agreementSignedAt) : participant.agreementSigned
}

export function waiverSigned(participant: Pick<Participant, 'waiverSigned' | 'waiverSignedAt'>): boolean {
  return participant.waiverSignedAt ? isRealDate(participant.waiverSignedAt) : participant.waiverSigned
}

export const dancerLabel = (user: { dancerName?: string | null; name?: string | null }) => user.dancerName || user.name || 'Dancer'

/** The prize amount in dollars. */
export const prizeAmount = (amount: number) => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`

/** The crew list's search: a case-insensitive part of the crew name. */
export function filterCrews(crews: Crew[], keyword: string): Crew[] {
  const needle = keyword.trim().toLowerCase()
  if (!needle) return crews
  return crews.filter((crew) => crew.name.toLowerCase().includes(needle))
}

/** A crew counts as checked in once it has its number (docs/product/battles-and-registration.md). */
export const crewsCheckedIn = (crews: Crew[]) => crews.filter((crew) => crew.randId != null).length

/** A crew's members against its size: '2/3', or '2' when the size is unlimited. */
export function crewSizeText(crew: Crew, crewSize: number): string {
  const count = crew.participants.length
  return isUnlimited(crewSize) ? String(count) : `${count}/${crewSize}`
}

// --- the crew form -------------------------------------------------------------------------------------------

export interface CrewMember {
  id: number
  dancerName?: string | null
  avatar?: string | null
  /** known for members of a saved crew; the form's own signatures are kept beside */
  participant?: Participant
  /** a dancer picked in the form: their signature dates as the server gave them (to the battle's admins) */
  agreementSignedAt?: string | null
  waiverSignedAt?: string | null
}

/** Adds a member unless already there or the crew is full: extra adds are ignored (docs/product/battles-and-registration.md). */
export function addMember<T extends { id: number }>(members: T[], member: T, crewSize: number): T[] {
  if (members.some((item) => item.id === member.id)) return members
  if (!isUnlimited(crewSize) && members.length >= crewSize) return members
  return [...members, member]
}

export const isCrewFull = (members: unknown[], crewSize: number) => !isUnlimited(crewSize) && members.length >= crewSize

export interface SigningNeeds {
  hasAgreement: boolean
  hasWaiver: boolean
  /** the members the caller can sign for (themselves; everyone for the battle's editors) */
  canSignFor: (id: number) => boolean
  agreementDone: (id: number) => boolean
  waiverDone: (id: number) => boolean
}

/** The members who must sign an agreement or waiver the caller can sign, and have not. */
export function unsignedMembers(members: { id: number }[], needs: SigningNeeds): number[] {
  return members
    .filter((member) => needs.canSignFor(member.id))
    .filter((member) => (needs.hasAgreement && !needs.agreementDone(member.id)) || (needs.hasWaiver && !needs.waiverDone(member.id)))
    .map((member) => member.id)
}

/** Save is disabled with no name, no participants, or someone who must sign and has not (docs/product/battles-and-registration.md). */
export function crewSaveDisabled(name: string, members: { id: number }[], unsigned: number[]): boolean {
  return !name.trim() || members.length === 0 || unsigned.length > 0
}

/** One member or none: ask first. */
export const needsEmptyCrewConfirm = (members: unknown[]) => members.length <= 1

// --- winners -----------------------------------------------------------------------------------------------

export const WINNER_PLACES = [1, 2, 4, 8, 16, 32] as const
/** The places a battle's winners are shown in: a bracket's battle for third place gives the 3rd too. */
export const SHOWN_PLACES = [1, 2, 3, 4, 8, 16, 32] as const
export const PLACE_TITLES: Record<number, string> = {
  1: '1st Place',
  2: '2nd Place',
  3: '3rd Place', // a battle for third place's winner (never entered by hand: WINNER_PLACES)
  4: 'Top 4',
  8: 'Top 8',
  16: 'Top 16',
  32: 'Top 32',
}
/** The places and their selects: 1→1, 2→1, 4→2, 8→4, 16→8, 32→16. */
export const slotsOf = (place: number) => (place <= 2 ? 1 : place / 2)
export const placeTitle = (place: number) => PLACE_TITLES[place] ?? `Top ${place}`
/** Two places show first. */
export const FIRST_VISIBLE_PLACES = 2

/** 'Add top {2 x last shown}', or null once 32 shows. */
export function nextPlaceText(visible: number): string | null {
  if (visible >= WINNER_PLACES.length) return null
  return `Add top ${WINNER_PLACES[visible - 1] * 2}`
}

/** The editor's choice per place: one id (or null) per slot. */
export type WinnerPicks = Record<number, (number | null)[]>

export function emptyPicks(): WinnerPicks {
  return Object.fromEntries(WINNER_PLACES.map((place) => [place, Array<number | null>(slotsOf(place)).fill(null)]))
}

/** The saved winners in the editor's slots (extra winners of a place beyond its slots are left out). */
export function picksFromWinners(winners: Winner[]): WinnerPicks {
  const picks = emptyPicks()
  for (const winner of winners) {
    const slots = picks[winner.place]
    if (!slots) continue
    const free = slots.indexOf(null)
    if (free >= 0) slots[free] = winner.id
  }
  return picks
}

/** How many places the editor shows for saved winners: at least two, enough for the deepest saved place. */
export function visiblePlacesFor(winners: Winner[]): number {
  const deepest = winners.reduce((max, winner) => Math.max(max, WINNER_PLACES.indexOf(winner.place as (typeof WINNER_PLACES)[number]) + 1), 0)
  return Math.max(FIRST_VISIBLE_PLACES, deepest)
}

/** Sets one slot; an entry already picked elsewhere is not taken twice. */
export function pickWinner(picks: WinnerPicks, place: number, slot: number, id: number | null): WinnerPicks {
  if (id !== null && pickedIds(picks).has(id) && picks[place]?.[slot] !== id) return picks
  return { ...picks, [place]: picks[place].map((value, index) => (index === slot ? id : value)) }
}

export function pickedIds(picks: WinnerPicks): Set<number> {
  return new Set(Object.values(picks).flat().filter((id): id is number => id !== null))
}

/** The payload of POST /battles/{id}/winners: the places shown, the slots chosen. */
export function winnerEntries(picks: WinnerPicks, visible: number): WinnerIn[] {
  return WINNER_PLACES.slice(0, visible).flatMap((place) =>
    (picks[place] ?? []).filter((id): id is number => id !== null).map((id) => ({ id, place })),
  )
}

/** Winners grouped by place, best first. */
export function winnersByPlace(winners: Winner[]): { place: number; title: string; winners: Winner[] }[] {
  return SHOWN_PLACES.map((place) => ({ place, title: placeTitle(place), winners: winners.filter((winner) => winner.place === place) })).filter(
    (group) => group.winners.length > 0,
  )
}

/** Classic battles take results by hand once the event is over, from those who edit it (docs/product/battles-and-registration.md). */
export function canEnterWinners(battle: Pick<Battle, 'canEdit' | 'style' | 'event'>): boolean {
  return battle.canEdit && battle.style === 'classic' && battle.event.period === 'past'
}

// --- paths ---------------------------------------------------------------------------------------------------

export const checkinPath = (eventId: number, userId: number) => `/events/${eventId}/checkin/${userId}`
export const uncheckPath = (eventId: number, userId: number) => `/admin/events/${eventId}/uncheck/${userId}`
export const downloadName = (id: number) => `battle_${id}.csv`

/** Seven to smoke (beside the spec: docs/decisions.md, "Seven to smoke"). */
export const SMOKE_TEXTS = {
  heading: 'Seven to smoke',
  rules: 'The winner of each battle stays on the floor and scores a point; the first to 7 points wins.',
  notStarted: 'Seven to smoke has not started yet.',
  start: 'Start seven to smoke',
  startQuestion: 'Start seven to smoke with the dancers competing now, in the order they registered?',
  floor: 'On the floor',
  upNext: 'Up next',
  points: 'Points',
  champion: 'Champion',
  nobodyWaiting: 'Nobody is waiting.',
  battle: (number: number) => `Battle ${number}`,
  wins: (name: string) => `${name} wins`,
  undo: (number: number) => `Undo battle ${number}`,
  undoQuestion: (number: number) => `Undo battle ${number}? Its winner loses the point.`,
} as const

/** Round-robin groups before the bracket (docs/product/competition.md, "Round-robin groups"). */
export const ROUND_ROBIN_TEXTS = {
  heading: 'Round-robin groups',
  rules: (rounds: number, advance: number) =>
    `Everyone in a group battles everyone else once, ${rounds} rounds a battle. A group ranks by rounds won, then judges' votes; the best ${advance} of each group go on to the bracket.`,
  notMade: 'The groups are made at Add to bracket on the Prelims tab.',
  standings: (group: string) => `${group} standings`,
  battles: (group: string) => `${group} battles`,
  rank: '#',
  name: 'Dancer',
  rounds: 'Rounds',
  votes: 'Votes',
  goesOn: 'Goes on',
  tied: 'Tied',
  tiebreak: (name: string) => `${name} won the tie-break`,
  tiebreakHelp: 'Tied dancers dance a tie-break round; tap its winner.',
  addToBracket: 'Add to bracket',
  addQuestion: 'Seed the bracket from the groups\' rankings? The groups\' winners are seeded first, two of a group in opposite halves.',
  undoBracket: 'Undo bracket',
  undoQuestion: 'Remove the bracket and go back to the groups?',
  built: 'The bracket is built from these groups.',
  open: 'Open',
  versus: (red: string, blue: string) => `${red} vs ${blue}`,
  score: (red: number, blue: number) => `${red}–${blue}`,
  statuses: { waiting: 'Waiting', ready: 'Ready', judging: 'Judging', 'need-tie-breaker': 'Tie breaker', finished: 'Decided' } as Record<string, string>,
} as const

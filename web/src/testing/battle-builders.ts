import type { PrelimsGroupMember, PrelimsJudgeScore, Prelims, PrelimsGroup, PrelimsPermissions, PrelimsRow } from '@/features/battles/prelims-types'
import type { Bracket, BracketSide, BracketSparring, Sparring, SparringRound, SparringSide } from '@/features/battles/bracket-types'
import type { Battle, Crew, Participant } from '@/features/battles/types'

/** A registered, confirmed dancer who has signed nothing and is not checked in. */
export function buildParticipant(id: number, overrides: Partial<Participant> = {}): Participant {
  return {
    id,
    dancerName: `Dancer ${id}`,
    name: `Dancer ${id}`,
    avatar: null,
    randId: null,
    confirmed: true,
    confirmedAt: '2026-11-01T10:00:00Z',
    checkedIn: false,
    checkedInAt: null,
    agreementSigned: false,
    agreementSignedAt: null,
    waiverSigned: false,
    waiverSignedAt: null,
    showAgreement: false,
    showWaiver: false,
    studios: [],
    place: null,
    ...overrides,
  }
}

export function buildCrew(id: number, overrides: Partial<Crew> = {}): Crew {
  return {
    id,
    name: `Crew ${id}`,
    order: id,
    randId: null,
    captainId: id * 10,
    participants: [buildParticipant(id * 10), buildParticipant(id * 10 + 1)],
    inWaitlist: false,
    place: null,
    checkedIn: false,
    ...overrides,
  }
}

/** A classic 1 vs 1 battle of event 42 (future), open to register, as a signed-in dancer sees it. */
export function buildBattle(overrides: Partial<Battle> = {}): Battle {
  return {
    id: 7,
    eventId: 42,
    title: 'Bboy 1v1',
    style: 'classic',
    crewSize: 1,
    category: '1 vs 1',
    description: '<p>Bring it</p>',
    prizesDesc: 'Cash and glory',
    prizes: [
      { id: 2, title: '2nd Place', amount: 100 },
      { id: 1, title: '1st Place', amount: 300 },
    ],
    orgId: 5,
    organizationCompetitorsOnly: false,
    orgChip: { id: 5, image: null, name: 'Floor Lords' },
    orgLegalDocs: { agreement: null, waiver: null, agreementSignedAt: null, waiverSignedAt: null },
    hasAgreement: false,
    hasWaiver: false,
    hideParticipants: false,
    votersCheckedIn: false,
    thirdPlace: false,
    roundRobin: false,
    judgingMode: 'points',
    isHiddenParticipants: false,
    participants: [],
    crews: [],
    waitList: [],
    winners: [],
    limit: 0,
    participationCapType: 'none',
    status: 'registration',
    startDate: '2026-12-05T18:00:00Z',
    bracketSize: 16,
    bracketLevels: [],
    judges: [],
    event: { id: 42, title: 'Winter Jam', period: 'future', organizerId: 99 },
    canEdit: false,
    isAdmin: false,
    canDownload: false,
    canUnregister: false,
    isRegistered: false,
    isLimitExceeded: false,
    counters: { registered: 0, checkedIn: 0, waitList: 0 },
    invitations: [],
    myCrewId: null,
    permissions: {
      registered: false,
      registerButtonVisible: true,
      registerButtonEnabled: true,
      registerButtonDisableReason: null,
      showAgreement: false,
      showWaiver: false,
    },
    ...overrides,
  }
}

// --- the competition ---------------------------------------------------------------------------------

export function buildSide(id: number, name: string | null = `Dancer ${id}`): BracketSide {
  return { id, name, avatar: null }
}

/** An undecided sparring of the left half's first round with no sides yet. */
export function buildBracketSparring(sparringId: number, overrides: Partial<BracketSparring> = {}): BracketSparring {
  return { sparringId, round: 1, position: 0, level: 'Top 8', status: 'waiting', red: null, blue: null, winner: 0, ...overrides }
}

/** A bracket of 8 after Add to bracket: four first-round sparrings seeded 1v8 4v5 | 2v7 3v6, semis and final empty. */
export function buildBracketSet(overrides: Partial<Bracket> = {}): Bracket {
  const pair = (sparringId: number, position: number, red: number, blue: number) =>
    buildBracketSparring(sparringId, { position, status: 'ready', red: buildSide(red), blue: buildSide(blue) })
  return {
    left: [[pair(1, 0, 1, 8), pair(2, 1, 4, 5)], [buildBracketSparring(5, { round: 2, level: 'Semi-final' })]],
    right: [[pair(3, 0, 2, 7), pair(4, 1, 3, 6)], [buildBracketSparring(6, { round: 2, level: 'Semi-final' })]],
    final: buildBracketSparring(7, { level: 'Final' }),
    groups: [],
    levels: [
      { name: 'Top 8', rounds: 1 },
      { name: 'Semi-final', rounds: 1 },
      { name: 'Final', rounds: 2 },
    ],
    bracketSize: 8,
    canEdit: false,
    ...overrides,
  }
}

export function buildSparringSide(id: number, overrides: Partial<SparringSide> = {}): SparringSide {
  return { id, name: `Dancer ${id}`, avatar: null, totalPoints: 0, audiencePoints: 0, roundsWon: 0, ...overrides }
}

const NO_PERMISSIONS = { canSetScore: false, canSetAudienceScore: false, canAddExtra: false, canFinish: false, canSetWinner: false, canReset: false }

/** Sparring 11 of battle 7 (Top 8, two rounds), Dancer 1 (red) against Dancer 8 (blue), ready, as a guest sees it. */
export function buildSparring(overrides: Omit<Partial<Sparring>, 'permissions'> & { permissions?: Partial<Sparring['permissions']> } = {}): Sparring {
  const { permissions, ...rest } = overrides
  return {
    sparringId: 11,
    version: 0,
    battleId: 7,
    eventId: 42,
    battleTitle: 'Bboy 1v1',
    crewSize: 1,
    level: 'Top 8',
    status: 'ready',
    winnerId: 0,
    red: buildSparringSide(1),
    blue: buildSparringSide(8),
    rounds: [],
    roundsCount: 2,
    extraRounds: 0,
    judges: [
      { id: 1, dancerName: 'B-girl Ana', avatar: null },
      { id: 20, dancerName: 'Judge Roxy', avatar: null },
    ],
    carpetId: null,
    myVote: null,
    votersCheckedIn: false,
    judgingMode: 'points',
    criteria: [],
    ...rest,
    permissions: { ...NO_PERMISSIONS, ...permissions },
  }
}

/** A round's scores: [judge id, judge name, red, blue] per judge, with the sums. */
export function buildRound(round: number, scores: [number, string, number, number][]): SparringRound {
  return {
    round,
    scores: scores.map(([id, dancerName, redPoints, bluePoints]) => ({ id, dancerName, avatar: null, redPoints, bluePoints })),
    sumRedPoints: scores.reduce((sum, score) => sum + score[2], 0),
    sumBluePoints: scores.reduce((sum, score) => sum + score[3], 0),
  }
}

// Prelims

/** A dancer's prelims row: competing, no points yet, not checked in. */
export function buildPrelimsRow(id: number, overrides: Partial<PrelimsRow> = {}): PrelimsRow {
  return {
    id,
    dancerName: `Dancer ${id}`,
    avatar: null,
    randId: null,
    group: null,
    isGone: false,
    isPromoted: false,
    passStatus: null,
    pointsAverage: 0,
    place: null,
    checkedIn: true,
    prelims: { rounds: {} },
    ...overrides,
  }
}

/** A crew's prelims row with two confirmed members (ids id*10 and id*10+1). */
export function buildPrelimsCrew(id: number, overrides: Partial<PrelimsRow> = {}): PrelimsRow {
  const { dancerName: _none, ...row } = buildPrelimsRow(id)
  return {
    ...row,
    name: `Crew ${id}`,
    avatar: null,
    participants: [
      { id: id * 10, dancerName: `Dancer ${id * 10}`, avatar: null },
      { id: id * 10 + 1, dancerName: `Dancer ${id * 10 + 1}`, avatar: null },
    ],
    ...overrides,
  }
}

/** One judge's points in a round. */
export const judgeScore = (judgeId: number, points: number): PrelimsJudgeScore => ({ id: judgeId, dancerName: `Judge ${judgeId}`, avatar: null, points })

export function buildPrelimsGroup(id: number, n: number, members: PrelimsGroupMember[], crews = false): PrelimsGroup {
  return { id, name: `Group ${n}`, amountMembers: members.length, ...(crews ? { crews: members } : { participants: members }) }
}

/** The prelims of a single battle in registration, as a guest sees them. */
export function buildPrelims(overrides: Partial<Prelims> = {}, permissions: Partial<PrelimsPermissions> = {}): Prelims {
  return {
    participants: [buildPrelimsRow(3), buildPrelimsRow(4), buildPrelimsRow(5)],
    groups: [],
    rounds: 1,
    status: 'registration',
    version: 1,
    ...overrides,
    permissions: { canJudge: false, canSetGone: false, canFinishPrelims: false, canShuffle: false, canUndoBrackets: false, error: null, ...permissions },
  }
}

import type { GroupMember, JudgeScore, Prelims, PrelimsGroup, PrelimsPermissions, PrelimsRow } from '@/features/battles/prelims-types'
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

// Prelims (issue 16, helper W2)

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
export const judgeScore = (judgeId: number, points: number): JudgeScore => ({ id: judgeId, dancerName: `Judge ${judgeId}`, avatar: null, points })

export function buildPrelimsGroup(id: number, n: number, members: GroupMember[], crews = false): PrelimsGroup {
  return { id, name: `Group ${n}`, amountMembers: members.length, ...(crews ? { crews: members } : { participants: members }) }
}

/** The prelims of a single battle in registration, as a guest sees them. */
export function buildPrelims(overrides: Partial<Prelims> = {}, permissions: Partial<PrelimsPermissions> = {}): Prelims {
  return {
    participants: [buildPrelimsRow(3), buildPrelimsRow(4), buildPrelimsRow(5)],
    groups: [],
    rounds: 1,
    status: 'registration',
    ...overrides,
    permissions: { canJudge: false, canSetGone: false, canFinishPrelims: false, canShuffle: false, canUndoBrackets: false, error: null, ...permissions },
  }
}

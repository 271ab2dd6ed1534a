/**
 * The battles payloads (issue 15, seed 002 section 3; /work/briefs/battles-api.md). Written by hand until the
 * battles service's OpenAPI is in proto-contracts/ (then they become aliases of `@contracts/api`).
 */

export type BattleStyle = 'bracket' | 'classic'
export type CapType = 'none' | 'registration' | 'checkIn'
export type EventPeriod = 'future' | 'now' | 'past'

export interface BattleUser {
  id: number
  dancerName?: string | null
  avatar?: string | null
}

export interface StudioRef {
  id: number
  name: string
  image?: string | null
}

export interface Participant {
  /** the user id */
  id: number
  dancerName?: string | null
  /** full name, or the dancer name */
  name?: string | null
  avatar?: string | null
  /** the entry's number, given at check-in: present = checked in */
  randId?: number | null
  confirmed: boolean
  confirmedAt?: string | null
  checkedIn: boolean
  checkedInAt?: string | null
  agreementSigned: boolean
  agreementSignedAt?: string | null
  waiverSigned: boolean
  waiverSignedAt?: string | null
  showAgreement: boolean
  showWaiver: boolean
  studios: StudioRef[]
  place?: number | null
}

export interface Crew {
  id: number
  name: string
  order: number
  randId?: number | null
  captainId: number
  participants: Participant[]
  inWaitlist: boolean
  place?: number | null
  /** every confirmed member checked in */
  checkedIn: boolean
}

export interface Prize {
  id?: number
  title: string
  amount: number
}

export interface OrgChip {
  id: number
  image?: string | null
  name?: string | null
}

export interface OrgLegalDocs {
  agreement: string | null
  waiver: string | null
  /** the caller's signatures for this battle */
  agreementSignedAt: string | null
  waiverSignedAt: string | null
}

export interface Winner {
  /** 1, 2, 4, 8, 16 or 32 */
  place: number
  /** user id (single battles) or crew id */
  id: number
  name?: string | null
  participants: BattleUser[]
}

export interface Invitation {
  crewId: number
  crewName: string
  captain: BattleUser
}

export interface BattlePermissions {
  registered: boolean
  registerButtonVisible: boolean
  registerButtonEnabled: boolean
  registerButtonDisableReason: string | null
  showAgreement: boolean
  showWaiver: boolean
}

export interface Battle {
  id: number
  eventId: number
  title: string
  style: BattleStyle
  /** 1..10, or 10000 (unlimited) */
  crewSize: number
  category: string
  /** sanitised HTML */
  description: string
  prizesDesc: string
  prizes: Prize[]
  orgId: number
  organizationCompetitorsOnly: boolean
  orgChip: OrgChip | null
  orgLegalDocs: OrgLegalDocs
  hasAgreement: boolean
  hasWaiver: boolean
  hideParticipants: boolean
  isHiddenParticipants: boolean
  participants: Participant[]
  crews: Crew[]
  waitList: (Participant | Crew)[]
  winners: Winner[]
  limit: number
  participationCapType: CapType
  status: string
  startDate: string | null
  bracketSize: number
  bracketLevels: { name: string; rounds: number }[]
  judges: BattleUser[]
  event: { id: number; title: string; period: EventPeriod; organizerId: number }
  canEdit: boolean
  /** the battle's admins (its editors and the event's hosts): the real lists and the actions menu (seed 002 section 6) */
  isAdmin: boolean
  canDownload: boolean
  canUnregister: boolean
  isRegistered: boolean
  isLimitExceeded: boolean
  counters: { registered: number; checkedIn: number; waitList: number }
  invitations: Invitation[]
  myCrewId: number | null
  permissions: BattlePermissions
}

/**
 * A dancer the admin catalogue may add (GET /api/admin/battles/{id}/users), or the crew form may offer
 * (GET /api/crews/{battleId}/candidates); the signature dates are given to the battle's admins only.
 */
export interface CatalogueUser extends BattleUser {
  confirmed?: boolean
  agreementSignedAt?: string | null
  waiverSignedAt?: string | null
}

export interface CatalogueUsers {
  data: CatalogueUser[]
  total: number
}

/** POST /api/crews/{battleId} and PUT /api/crews/{battleId}/{crewId} */
export interface CrewBody {
  eventId: number
  name: string
  userIds: number[]
}

export interface WinnerEntry {
  id: number
  place: number
}

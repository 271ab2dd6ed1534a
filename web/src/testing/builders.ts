import type { User } from '@/lib/api/types'
import type { Organization } from '@/features/organizations/types'
import type { CypherEvent, EventItem, Permissions, Tier } from '@/features/events/types'
import type { Studio, StudioEvent, StudioItem, StudioMember } from '@/features/studios/types'

/** A user as GET /api/user answers it, with overrides. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    fullName: 'Ana Rocks',
    dancerName: 'B-girl Ana',
    birthday: '10/18/1993',
    country: 'United States',
    city: 'Los Angeles',
    state: 'California',
    avatar: null,
    card: null,
    aEmail: 'ana@example.com',
    isPatron: false,
    canEdit: true,
    organizations: [],
    eventsAttended: 12,
    battlesEntered: 5,
    battlesWon: 1,
    eventsDj: 0,
    battlesJudged: 2,
    socials: { email: '', facebook: '', instagram: '', twitter: '', youtube: '', website: '' },
    privacy: { eventsAttended: true, battlesEntered: true, battlesWon: true, eventsDj: true, battlesJudged: true },
    profiles: [{ id: 1, dancerName: 'B-girl Ana', avatar: null, isMain: true }],
    ...overrides,
  }
}

/** A JSON Response for a stubbed fetch. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

/** An organization as GET /orgs/{id} answers it, editable by the caller. */
export function buildOrg(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 5,
    name: 'Floor Lords',
    image: null,
    status: 'published',
    description: '',
    founded: null,
    rankingDisabled: true,
    admins: [{ id: 1, dancerName: 'B-girl Ana', avatar: null }],
    promoters: [],
    socials: { facebook: '', instagram: '', twitter: '', youtube: '', website: '' },
    agreement: {},
    waiver: {},
    totalMembers: 0,
    totalEvents: 0,
    totalPoints: 0,
    canEdit: true,
    canCreateEvents: true,
    createdAt: '2026-11-21T03:27:01Z',
    ...overrides,
  }
}

/** What a test gives of an event: any field, and of its permissions only those that matter (the rest false). */
export type EventOverrides = Omit<Partial<CypherEvent>, 'permissions'> & { permissions?: Partial<Permissions> }

/** An event's permissions: those given, the rest false. */
export function buildPermissions(given: Partial<Permissions> = {}): Permissions {
  return { canEdit: false, hasTicket: false, canLeaveFeedback: false, canLike: false, checkedIn: false, showCheckin: false, ...given }
}

/** An event as GET /api/events/{id} answers it: a new draft the caller edits, with overrides. */
export function buildEvent(overrides: EventOverrides = {}): CypherEvent {
  const { permissions: given, ...fields } = overrides
  const permissions = buildPermissions(given ?? { canEdit: true })
  const tiers = fields.tiers ?? []
  return {
    id: 42,
    title: '',
    image: null,
    dateStart: null,
    dateEnd: null,
    timeZone: 'UTC',
    startsAt: null,
    endsAt: null,
    dateFlat: null,
    timeFlat: null,
    status: 'draft',
    period: 'future',
    isFinished: false,
    locationAddress: '',
    coordinates: null,
    locationNotFound: false,
    website: '',
    description: '',
    orgId: 0,
    org: null,
    tiers,
    carpets: [],
    staff: { organizer: { id: 1, dancerName: 'B-girl Ana', avatar: null }, admins: [], hosts: [], djs: [] },
    battles: [],
    scoreboardLogo: null,
    scoreboardBgImage: null,
    createdAt: '2026-11-24T10:00:00Z',
    // the server's rules: free without a paid tier; the two flags are the permissions' own
    isFree: tiers.every((tier) => !tier.cost),
    tickets: [],
    whoIsGoing: [],
    countGoing: 0,
    isLiked: false,
    countLikes: 0,
    canLike: permissions.canLike,
    canLeaveFeedback: permissions.canLeaveFeedback,
    canReviewFeedback: false,
    countFeedbacks: 0,
    ...fields,
    permissions,
  }
}

/** A tier as GET /api/events/{id} answers it (cents; no fees, taxes nor sales unless given). */
export function buildTier(id: number, overrides: Partial<Tier> = {}): Tier {
  return { id, title: `Tier ${id}`, cost: 0, description: '', ticketCost: 0, ticketFees: 0, ticketTaxes: 0, ticketTotalSum: 0, fees: 0, taxes: 0, totalSum: 0, sold: 0, ...overrides }
}

/** An event as GET /api/events lists it: a published jam in Brooklyn, with overrides. */
export function buildEventListItem(id: number, overrides: Partial<EventItem> = {}): EventItem {
  return {
    id,
    title: `Jam ${id}`,
    image: null,
    dateFlat: 'Sat, Dec 5, 2026',
    timeFlat: '6:00 PM',
    locationAddress: 'Brooklyn, New York',
    status: 'published',
    orgId: 0,
    timeZone: 'UTC',
    period: 'future',
    isFinished: false,
    createdAt: '2026-11-24T10:00:00Z',
    ...overrides,
  }
}

// --- studios (as the studios service answers them) ---

/** A studio as GET /api/studios/{id} answers it: published, edited by the caller. */
export function buildStudio(overrides: Partial<Studio> = {}): Studio {
  return {
    id: 7,
    name: 'Floor Lab',
    image: null,
    description: '',
    founded: null,
    status: 'published',
    canEdit: true,
    locationAddress: null,
    locationLat: null,
    locationLng: null,
    locationNotFound: false,
    socials: { email: '', facebook: '', instagram: '', twitter: '', youtube: '', website: '' },
    admins: [{ id: 1, dancerName: 'B-girl Ana', avatar: null }],
    totalStudents: 0,
    totalTeachers: 0,
    battlesEntered: 0,
    totalWins: 0,
    ...overrides,
  }
}

export function buildStudioItem(id: number, overrides: Partial<StudioItem> = {}): StudioItem {
  return { id, name: `Studio ${id}`, image: null, status: 'published', locationAddress: `${id} Main St, Brooklyn`, locationLat: 40.7 + id / 100, locationLng: -73.9, ...overrides }
}

export function buildStudioEvent(id: number, overrides: Partial<StudioEvent> = {}): StudioEvent {
  return { id, title: `Jam ${id}`, image: null, city: 'Brooklyn', state: 'New York', dateStart: '2026-06-13T16:00:00Z', battles: [], ...overrides }
}

export function buildMember(id: number, overrides: Partial<StudioMember> = {}): StudioMember {
  return { id, dancerName: `Dancer ${id}`, avatar: null, events: [], ...overrides }
}

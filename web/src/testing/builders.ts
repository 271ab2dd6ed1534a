import type { User } from '@/lib/api/types'
import type { Organization } from '@/features/organizations/types'
import type { CypherEvent, EventListItem } from '@/features/events/types'

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

/** An event as GET /api/events/{id} answers it: a new draft the caller edits, with overrides. */
export function buildEvent(overrides: Partial<CypherEvent> = {}): CypherEvent {
  return {
    id: 42,
    title: '',
    image: null,
    dateStart: null,
    dateEnd: null,
    timeZone: null,
    startsAt: null,
    endsAt: null,
    dateFlat: null,
    timeFlat: null,
    status: 'draft',
    period: null,
    isFinished: false,
    locationAddress: null,
    coordinates: null,
    website: null,
    description: null,
    orgId: 0,
    org: null,
    tiers: [],
    carpets: [],
    staff: { organizer: { id: 1, dancerName: 'B-girl Ana', avatar: null }, admins: [], hosts: [], djs: [] },
    scoreboardLogo: null,
    scoreboardBgImage: null,
    createdAt: '2026-11-24T10:00:00Z',
    permissions: { canEdit: true },
    ...overrides,
  }
}

/** An event as GET /api/events lists it: a published jam in Brooklyn, with overrides. */
export function buildEventListItem(id: number, overrides: Partial<EventListItem> = {}): EventListItem {
  return {
    id,
    title: `Jam ${id}`,
    image: null,
    dateFlat: 'Sat, Dec 5, 2026',
    timeFlat: '6:00 PM',
    locationAddress: 'Brooklyn, New York',
    status: 'published',
    ...overrides,
  }
}

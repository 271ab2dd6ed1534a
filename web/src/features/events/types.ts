/**
 * The events payloads (issue 11, seed 001 section 3). Written by hand until the events service's OpenAPI is in
 * proto-contracts/ (then they become aliases of `@contracts/api`, as the organizations' are).
 */

export type EventStatus = 'draft' | 'published'
export type EventPeriod = 'now' | 'future' | 'past'
export type StaffRole = 'admin' | 'host' | 'dj'

export interface StaffUser {
  id: number
  dancerName: string | null
  avatar: string | null
}

export interface Staff {
  organizer: StaffUser | null
  admins: StaffUser[]
  hosts: StaffUser[]
  djs: StaffUser[]
}

export interface Tier {
  id?: number | null
  title: string
  /** cents */
  cost: number
  description: string | null
}

export interface Carpet {
  id?: number | null
  name: string
}

import type { Coordinates } from '@/lib/api/places'

export type { Coordinates }

export interface EventOrg {
  id: number
  name: string
  image: string | null
}

export interface CypherEvent {
  id: number
  title: string
  /** the event's battles (the battles issue fills them; absent until then) */
  battles?: { id: number; title: string }[]
  image: string | null
  /** the venue's wall time, "YYYY-MM-DDTHH:MM" */
  dateStart: string | null
  dateEnd: string | null
  timeZone: string | null
  startsAt: string | null
  endsAt: string | null
  dateFlat: string | null
  timeFlat: string | null
  status: EventStatus
  period: EventPeriod | null
  isFinished: boolean
  locationAddress: string | null
  coordinates: Coordinates | null
  website: string | null
  description: string | null
  /** 0: the platform */
  orgId: number
  org: EventOrg | null
  tiers: Tier[]
  carpets: Carpet[]
  staff: Staff
  scoreboardLogo: string | null
  scoreboardBgImage: string | null
  createdAt: string | null
  permissions: { canEdit: boolean }
}

/** POST /api/events/{id}: the whole event as the wizard edits it. */
export interface EventUpdate {
  title: string
  image: string | null
  orgId: number
  locationAddress: string | null
  coordinates: Coordinates | null
  website: string | null
  description: string | null
  dateStart: string | null
  dateEnd: string | null
  tiers: Tier[]
  scoreboardLogo: string | null
  scoreboardBgImage: string | null
}

/**
 * An event of GET /api/events. The organization's tab reads the first fields only; the events page also the
 * venue's zone, the instants, the period and the place (the server sends them all).
 */
export type EventListItem = Pick<CypherEvent, 'id' | 'title' | 'image' | 'dateFlat' | 'timeFlat' | 'locationAddress' | 'status'> &
  Partial<
    Pick<
      CypherEvent,
      'period' | 'permissions' | 'orgId' | 'dateStart' | 'dateEnd' | 'timeZone' | 'startsAt' | 'endsAt' | 'isFinished' | 'coordinates' | 'createdAt'
    >
  >

/** The periods the events page browses (drafts are an organizer's, on their profile and organization). */
export type BrowsePeriod = 'now' | 'future' | 'past'

/** A marker of GET /api/events-map (seed 001 section 3, Map event). */
export interface MapEvent {
  id: number
  image: string | null
  locationAddress: string | null
  coordinates: Coordinates
}

export type MapStats = Record<BrowsePeriod, number>

/** GET /api/events-map: the events in the view (capped by the server) and each tab's count there. */
export interface EventsMapAnswer {
  events: MapEvent[]
  stats: MapStats
}

/** An organization of the events page's filter (GET /api/orgs?k=). */
export interface OrgOption {
  id: number
  name: string
  image?: string | null
}

export interface EventTabs {
  now: number
  past: number
  draft: number
  future: number
}

export type { Place, PlaceSearch } from '@/lib/api/places'

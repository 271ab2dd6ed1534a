/**
 * The studios payloads. Written by hand, with the
 * optional fields of the studios service's generated schemas, until its OpenAPI is in proto-contracts/ (then
 * they become aliases of `@contracts/api`: Studio, StudioItem, StudioList, StudioMember, StudioEvent,
 * StudioBattle, StudioUpdate, StudiosSocials, StudiosUser).
 */

export type StudioStatus = 'draft' | 'published'

export interface StudioUser {
  id: number
  dancerName?: string | null
  avatar?: string | null
}

/** "" when unset */
export interface StudioSocials {
  email: string
  facebook: string
  instagram: string
  twitter: string
  youtube: string
  website: string
}

export interface Studio {
  id: number
  name: string
  image?: string | null
  /** sanitised HTML, "" when none */
  description: string
  /** MM/DD/YYYY */
  founded?: string | null
  status: StudioStatus
  canEdit: boolean
  locationAddress?: string | null
  locationLat?: number | null
  locationLng?: number | null
  socials: StudioSocials
  /** oldest first */
  admins: StudioUser[]
  totalStudents: number
  totalTeachers: number
  battlesEntered: number
  totalWins: number
}

/** A studio of the list, the grid and the map (also the map panel's card). */
export interface StudioItem {
  id: number
  name: string
  image?: string | null
  status: StudioStatus
  locationAddress?: string | null
  locationLat?: number | null
  locationLng?: number | null
}

export interface StudioList {
  items: StudioItem[]
}

/** crewSize null (or 10000) is unlimited; rank 1, 2, 3, 4, 5, 8, 16, 32 or null */
export interface StudioBattle {
  id: number
  title: string
  crewSize?: number | null
  rank?: number | null
}

export interface StudioEvent {
  id: number
  title: string
  image?: string | null
  city?: string | null
  state?: string | null
  /** ISO instant of the event's start */
  dateStart?: string | null
  battles: StudioBattle[]
}

export interface StudioMember extends StudioUser {
  events: StudioEvent[]
}

/** PUT /api/studios/{id}: a field left out keeps its value. */
export interface StudioUpdate {
  name?: string | null
  image?: string | null
  description?: string | null
  founded?: string | null
  locationAddress?: string | null
  locationLat?: number | null
  locationLng?: number | null
  socials?: StudioSocials | null
}

/** The people of a studio, as their list paths name them. */
export type StudioPeople = 'admins' | 'teachers' | 'students'

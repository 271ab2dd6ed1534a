/** The studio screens' rules (docs/product/studios.md), pure and tested. */
import type { SortDirection } from '@/lib/lists'
import { descriptionForSave } from '@/lib/sanitize'
import { socialInputs, socialsToSave, type SocialInputs } from '@/lib/socials'
import { foundedError } from '@/lib/validation'
import type { Studio, StudioBattle, StudioPeople, StudioUpdate } from './types'

// --- constants ---------------------------------------------------------------------------------------------

export const STUDIOS_PAGE_SIZE = 100
export const STUDIO_SEARCH_DEBOUNCE_MS = 500
export const STUDIO_MAP_DEBOUNCE_MS = 1000
export const STUDIO_VIEWPORT_THROTTLE_MS = 100
export const STUDIO_WIZARD_STEPS = 6
export const STUDIO_HEADER_IMAGE_SIZE = 1000
export const STUDIO_CHIP_IMAGE_SIZE = 100
/** the settings' people search waits this long after typing (as the organizations' members search) */
export const PEOPLE_SEARCH_MS = 600
/** battles' unlimited crew size (docs/product/studios.md) */
export const UNLIMITED_CREW = 10000

// --- texts (word for word) ---------------------------------------------------------------------------------

export const STUDIO_TEXTS = {
  title: 'Studios',
  search: 'Search studios',
  myStudios: 'My Studios',
  allStudios: 'All Studios',
  noStudios: 'No studios found',
  mapLoading: 'Loading studios...',
  mapError: 'Failed to load studios. Please try again.',
  noneInArea: 'No studios in this area',
  wizardTitle: 'Create Studio Profile',
  addressPlaceholder: 'Address of the studio',
  createStudio: 'create studio',
  memberNoEvents: 'This member has no events yet.',
  noStudents: 'No students found for this studio',
  noTeachers: 'No teachers found for this studio',
  noCompetitions: 'No competitions found for this studio',
  noInformation: 'No information found for this studio',
  toEvent: 'To Event',
  owners: 'Studio owners',
  dateCreated: 'Date created',
  publish: 'Publish Studio',
  deactivate: 'Deactivate Studio',
} as const

// --- the studio's ranks ------------------------------------------------------------------------------------

const RANK_TEXTS: Record<number, string> = { 1: '1st', 2: '2nd', 3: '3rd', 4: 'Top 4', 5: 'Top 5' }

/** 1 '1st', 2 '2nd', 3 '3rd', 4 'Top 4', 5 'Top 5', anything else blank. */
export function rankText(rank: number | null | undefined): string {
  return (rank !== null && rank !== undefined && RANK_TEXTS[rank]) || ''
}

export type RankIcon = 'gold' | 'silver' | 'bronze' | 'compete'

/** Gold, silver and bronze for ranks 1 to 3, otherwise the compete icon. */
export function rankIcon(rank: number | null | undefined): RankIcon {
  if (rank === 1) return 'gold'
  if (rank === 2) return 'silver'
  if (rank === 3) return 'bronze'
  return 'compete'
}

/** 'title crewSize vs crewSize'; an unlimited battle reads 'title Unlimited' (the battles' category). */
export function battleLabel(battle: Pick<StudioBattle, 'title' | 'crewSize'>): string {
  const size = battle.crewSize
  const category = size === null || size === undefined || size >= UNLIMITED_CREW ? 'Unlimited' : `${size} vs ${size}`
  return `${battle.title} ${category}`.trim()
}

// --- the studio page's tabs --------------------------------------------------------------------------------

export const STUDIO_TABS = [
  { id: 0, key: 'students', label: 'Students' },
  { id: 1, key: 'teachers', label: 'Teachers' },
  { id: 2, key: 'competitions', label: 'Competitions' },
  { id: 3, key: 'about', label: 'About' },
] as const

export type StudioTab = (typeof STUDIO_TABS)[number]['key']
export const STUDIO_TABS_ANCHOR = 'studio-tabs'

// --- sorting -----------------------------------------------------------------------------------------------

export type CompetitionSortField = 'date' | 'name'
export const COMPETITION_SORT_FIELDS: { key: CompetitionSortField; label: string }[] = [
  { key: 'date', label: 'Date created' },
  { key: 'name', label: 'A - Z' },
]

/** `sortBy` of the lists: field-direction (members by name; competitions by date or name). */
export function sortParam(field: 'name' | CompetitionSortField, direction: SortDirection): string {
  return `${field}-${direction}`
}

/** Newest first, A - Z first: the direction a field starts in. */
export function defaultDirection(field: CompetitionSortField): SortDirection {
  return field === 'date' ? 'desc' : 'asc'
}

// --- dates and text ----------------------------------------------------------------------------------------

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** An event's start as a day ('Dec 5, 2026'), '' without one. */
export function eventDay(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : DATE_FORMAT.format(date)
}

/** 'city, state', leaving out what is missing. */
export function place(city: string | null | undefined, state: string | null | undefined): string {
  return [city, state].filter((part) => part && part.trim()).join(', ')
}

export { descriptionForSave, visibleText } from '@/lib/sanitize'

// --- the wizard --------------------------------------------------------------------------------------------

export const WIZARD_STEPS = [
  { key: 'general', title: 'General info', text: 'The image, the name and the start date of your studio, and what it is about.' },
  { key: 'location', title: 'Location', text: 'Where dancers find the studio: it shows on the studios map.' },
  { key: 'socials', title: 'Contact and social info', text: 'How dancers reach the studio.' },
  { key: 'admins', title: 'Add admins', text: 'Admins (owners) edit the studio and manage its people. You are one already.' },
  { key: 'teachers', title: 'Add teachers', text: 'The teachers listed on the studio page.' },
  { key: 'students', title: 'Add students', text: 'The students listed on the studio page, with the battles they entered.' },
] as const

/** The wizard's next button: 'create studio' on the last step. */
export function nextLabel(step: number): string {
  return step >= STUDIO_WIZARD_STEPS - 1 ? STUDIO_TEXTS.createStudio : 'Next'
}

// --- settings ----------------------------------------------------------------------------------------------

export const SETTINGS_SECTIONS = [
  { key: 'general', label: 'General Info' },
  { key: 'admins', label: 'Admins' },
  { key: 'teachers', label: 'Teachers' },
  { key: 'students', label: 'Students' },
  { key: 'socials', label: 'Social' },
] as const

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['key']

/**
 * The texts of each kind of people: the pickers (role admin, teacher or student), the settings lists (their
 * search, add and remove texts follow from the noun: components/entity/rules.ts memberTexts).
 */
export const PEOPLE_TEXTS: Record<StudioPeople, { role: 'admin' | 'teacher' | 'student'; picker: string; empty: string; noun: string }> = {
  admins: { role: 'admin', picker: 'Select admins', empty: 'No admins yet.', noun: 'admin' },
  teachers: { role: 'teacher', picker: 'Select teachers', empty: STUDIO_TEXTS.noTeachers, noun: 'teacher' },
  students: { role: 'student', picker: 'Select students', empty: STUDIO_TEXTS.noStudents, noun: 'student' },
}

/** The publish / deactivate button and its confirmation: publish a draft, deactivate otherwise. */
export function statusAction(status: 'draft' | 'published', name: string) {
  const publish = status === 'draft'
  return {
    publish,
    button: publish ? STUDIO_TEXTS.publish : STUDIO_TEXTS.deactivate,
    title: `${publish ? 'Publish' : 'Deactivate'} ${name}?`,
    text: publish ? 'This will make your studio visible to the public.' : 'This will hide your studio from the public.',
    confirm: publish ? 'Publish' : 'Deactivate',
    toast: publish ? ('studioPublished' as const) : ('studioDeactivated' as const),
  }
}

// --- the map -----------------------------------------------------------------------------------------------

/** A studio is on the map when it has both coordinates. */
export function onMap<T extends { locationLat?: number | null; locationLng?: number | null }>(studio: T): studio is T & { locationLat: number; locationLng: number } {
  return typeof studio.locationLat === 'number' && typeof studio.locationLng === 'number' && Number.isFinite(studio.locationLat) && Number.isFinite(studio.locationLng)
}

export type StudiosView = 'grid' | 'map'

// --- the studio's form (the wizard's first three steps, the settings' General Info and Social) --------------

export interface StudioDraft {
  name: string
  image: string | null
  founded: string
  description: string
  locationAddress: string
  locationLat: number | null
  locationLng: number | null
  email: string
  socials: SocialInputs
}

export function studioDraft(studio: Studio): StudioDraft {
  return {
    name: studio.name ?? '',
    image: studio.image ?? null,
    founded: studio.founded ?? '',
    description: studio.description ?? '',
    locationAddress: studio.locationAddress ?? '',
    locationLat: studio.locationLat ?? null,
    locationLng: studio.locationLng ?? null,
    email: studio.socials?.email ?? '',
    socials: socialInputs(studio.socials),
  }
}

/**
 * The body of PUT /api/studios/{id} from the form: the description sanitised, the socials as the server
 * keeps them. The coordinates go with the address only when a place was picked (else the server geocodes
 * the address; a blank one clears all three).
 */
export function studioBody(draft: StudioDraft): StudioUpdate {
  const address = draft.locationAddress.trim()
  const picked = address !== '' && draft.locationLat !== null && draft.locationLng !== null
  return {
    name: draft.name.trim(),
    image: draft.image,
    founded: draft.founded.trim(),
    description: descriptionForSave(draft.description),
    locationAddress: address,
    ...(picked ? { locationLat: draft.locationLat, locationLng: draft.locationLng } : {}),
    socials: { email: draft.email.trim(), ...socialsToSave(draft.socials) },
  }
}

/** What the form checks before it saves: the founded date (the server says the rest). */
export function draftErrors(draft: StudioDraft, today: Date = new Date()): Partial<Record<'founded', string>> {
  const founded = foundedError(draft.founded, today)
  return founded ? { founded } : {}
}

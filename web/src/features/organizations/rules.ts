/** The organization screens' rules (docs/product/organizations.md), pure and tested. */
import type { LeaderboardMember, LeaderboardSort, LegalDocument } from './types'
import type { SortDirection } from '@/lib/lists'
import { sanitizeHtml, visibleText } from '@/lib/sanitize'

// --- constants ---------------------------------------------------------------------------------------------

export const ORG_LIST_PAGE_SIZE = 100
/** The organizations service refuses longer names (orgs/rules.py NAME_MAX_LENGTH). */
export const ORG_NAME_MAX_LENGTH = 100
export const ORG_SEARCH_DEBOUNCE_MS = 500
export const LEADERBOARD_PAGE_SIZE = 100
export const LEADERBOARD_FIRST_YEAR = 2021
export const ALL_YEARS = 0
export const SETTINGS_MEMBERS_PAGE_SIZE = 100
export const SETTINGS_MEMBERS_SEARCH_MS = 600
export const CREATION_STAGES = 3
export const ORG_IMAGE_SIZES = [300, 1000] as const

// --- the organization page's tabs --------------------------------------------------------------------------

export const ORG_TABS = [
  { key: 'events', label: 'Events' },
  { key: 'members', label: 'Members' },
  { key: 'media', label: 'Media' },
  { key: 'about', label: 'About' },
] as const

export type OrgTab = (typeof ORG_TABS)[number]['key']
export const ORG_TABS_ANCHOR = 'org-tabs'

// --- the events tab ----------------------------------------------------------------------------------------

// shared with the events screens (the profile's Events tab has the same sub-tabs): kept once in lib
export {
  DEFAULT_EVENT_DIRECTION,
  EVENT_PERIODS,
  EVENT_SORT_FIELDS,
  firstEventPeriod,
  visibleEventPeriods,
  type EventCounts,
  type EventTab,
  type EventSortField,
} from '@/lib/event-periods'

// --- the leaderboard ---------------------------------------------------------------------------------------

export type LeaderboardSortField = 'rank' | 'name'

/** 'All Years' (0), then the current year down to 2021. */
export function leaderboardYears(today: Date = new Date()): { value: number; label: string }[] {
  const years: { value: number; label: string }[] = [{ value: ALL_YEARS, label: 'All Years' }]
  for (let year = Math.max(today.getFullYear(), LEADERBOARD_FIRST_YEAR); year >= LEADERBOARD_FIRST_YEAR; year -= 1) {
    years.push({ value: year, label: String(year) })
  }
  return years
}

/** Rank sorting is offered only while ranking is on (an absent flag means disabled). */
export function leaderboardSortFields(rankingDisabled: boolean | null | undefined): { key: LeaderboardSortField; label: string }[] {
  const name = { key: 'name' as const, label: 'A-Z' }
  return rankingDisabled === false ? [{ key: 'rank', label: 'Rank' }, name] : [name]
}

export function defaultLeaderboardSort(rankingDisabled: boolean | null | undefined): LeaderboardSortField {
  return rankingDisabled === false ? 'rank' : 'name'
}

export function leaderboardSortParam(field: LeaderboardSortField, direction: SortDirection): LeaderboardSort {
  return `${field}-${direction}`
}

/** Rank and points show only for a member who has points. */
export function hasPoints(member: LeaderboardMember): boolean {
  return typeof member.points === 'number' && member.points > 0 && typeof member.rank === 'number'
}

export type RankIcon = 'gold' | 'trophy' | null

/** Rank 1 has a gold icon, rank 2 and up a trophy; no icon without points. */
export function rankIcon(member: LeaderboardMember): RankIcon {
  if (!hasPoints(member)) return null
  return member.rank === 1 ? 'gold' : 'trophy'
}

// --- general info, agreement and waiver --------------------------------------------------------------------

// founded (mm/dd/yyyy, a real day, not in the future) is the studios' rule too: kept once in lib
export { foundedError } from '@/lib/validation'

// the visible text of rich text and the description's save rule are the studios' too: kept once in lib
export { descriptionForSave, visibleText } from '@/lib/sanitize'

export interface DocumentDraft {
  title: string
  subtitle: string
  version: string
  text: string
}

export function documentDraft(document: LegalDocument | null | undefined): DocumentDraft {
  return {
    title: document?.title ?? '',
    subtitle: document?.subtitle ?? '',
    version: document?.version ?? '',
    text: document?.text ?? '',
  }
}

/** Section 5: all four empty (the text's visible part) saves an empty object; otherwise the text is sanitised. */
export function documentForSave(draft: DocumentDraft): LegalDocument {
  const title = draft.title.trim()
  const subtitle = draft.subtitle.trim()
  const version = draft.version.trim()
  if (!title && !subtitle && !version && !visibleText(draft.text)) return {}
  return { title, subtitle, version, text: sanitizeHtml(draft.text) }
}


// --- settings ----------------------------------------------------------------------------------------------

export const SETTINGS_SECTIONS = [
  { key: 'general', label: 'General Info' },
  { key: 'admins', label: 'Admins' },
  { key: 'promoters', label: 'Promoters' },
  { key: 'members', label: 'Members' },
  { key: 'socials', label: 'Social' },
  { key: 'agreement', label: 'Agreement' },
  { key: 'waiver', label: 'Waiver' },
] as const

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['key']

export const ROLE_TEXTS = {
  admin: { tile: 'Edit admin', picker: 'Search to add admin', wizardPicker: 'Select admins', heading: 'Admins', empty: 'No admins yet.' },
  promoter: { tile: 'Edit promoter', picker: 'Select promoters', wizardPicker: 'Select promoters', heading: 'Promoters', empty: 'No promoters yet.' },
} as const

/** How many users a staged role list adds and removes against the stored one. */
export function roleChanges(stored: { id: number }[], staged: { id: number }[]) {
  const before = new Set(stored.map((user) => user.id))
  const after = new Set(staged.map((user) => user.id))
  return {
    add: staged.filter((user) => !before.has(user.id)).map((user) => user.id),
    remove: stored.filter((user) => !after.has(user.id)).map((user) => user.id),
  }
}

// --- the list ----------------------------------------------------------------------------------------------

export type ListView = 'grid' | 'list'
export const DEFAULT_LIST_VIEW: ListView = 'grid'

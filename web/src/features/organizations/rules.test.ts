import { describe, expect, it } from 'vitest'
import { sectionOf, tabOf } from '@/components/entity/rules'
import { paths } from '@/config/paths'
import {
  ALL_YEARS,
  DEFAULT_EVENT_DIRECTION,
  DEFAULT_LIST_VIEW,
  defaultLeaderboardSort,
  descriptionForSave,
  documentForSave,
  firstEventPeriod,
  foundedError,
  hasPoints,
  leaderboardSortFields,
  leaderboardSortParam,
  leaderboardYears,
  rankIcon,
  ORG_TABS,
  roleChanges,
  SETTINGS_SECTIONS,
  visibleEventPeriods,
  visibleText,
} from './rules'

describe('the leaderboard', () => {
  it("offers 'All Years' (0) and every year from the current one down to 2021, this year first chosen", () => {
    const years = leaderboardYears(new Date(2026, 4, 1))
    expect(years[0]).toEqual({ value: ALL_YEARS, label: 'All Years' })
    expect(years.slice(1).map((year) => year.value)).toEqual([2026, 2025, 2024, 2023, 2022, 2021])
  })

  it('sorts by Rank only while ranking is on; absent means disabled', () => {
    expect(leaderboardSortFields(false).map((field) => field.label)).toEqual(['Rank', 'A-Z'])
    expect(leaderboardSortFields(true).map((field) => field.label)).toEqual(['A-Z'])
    expect(leaderboardSortFields(undefined).map((field) => field.label)).toEqual(['A-Z'])
    expect(defaultLeaderboardSort(false)).toBe('rank')
    expect(defaultLeaderboardSort(null)).toBe('name')
    expect(leaderboardSortParam('rank', 'asc')).toBe('rank-asc')
    expect(leaderboardSortParam('name', 'desc')).toBe('name-desc')
  })

  it('shows rank and points only for members with points: gold for 1, a trophy from 2', () => {
    expect(rankIcon({ id: 1, rank: 1, points: 175 })).toBe('gold')
    expect(rankIcon({ id: 2, rank: 2, points: 50 })).toBe('trophy')
    expect(rankIcon({ id: 3, rank: 7, points: 5 })).toBe('trophy')
    expect(rankIcon({ id: 4 })).toBeNull()
    expect(hasPoints({ id: 4 })).toBe(false)
    expect(hasPoints({ id: 5, rank: null, points: null })).toBe(false)
    expect(hasPoints({ id: 6, rank: 2, points: 50 })).toBe(true)
  })
})

describe('tabs and sorting defaults', () => {
  it('chooses the tab by the query, events by default', () => {
    expect(tabOf(ORG_TABS, 'members')).toBe('members')
    expect(tabOf(ORG_TABS, 'about')).toBe('about')
    expect(tabOf(ORG_TABS, 'nope')).toBe('events')
    expect(tabOf(ORG_TABS, null)).toBe('events')
    // an organization's tabs have no numbers: a number names none
    expect(tabOf(ORG_TABS, '2')).toBe('events')
    expect(paths.organization.getHref(5, 'media')).toBe('/organization/5?tab=media#org-tabs')
    expect(paths.organization.getHref(5)).toBe('/organization/5')
    expect(paths.organizationSettings.getHref(5, 'members')).toBe('/organization/5/settings/members')
    expect(paths.createOrganization.getHref(5)).toBe('/create-organization-organization/5')
  })

  it('shows only sub-tabs with events, the first non-empty one first', () => {
    expect(visibleEventPeriods({ now: 0, past: 3, future: 1, draft: 0 }).map((period) => period.label)).toEqual(['Past', 'Upcoming'])
    expect(firstEventPeriod({ now: 0, past: 3, future: 1 })).toBe('past')
    expect(firstEventPeriod({ now: 2, draft: 1 })).toBe('now')
    expect(firstEventPeriod({})).toBeNull()
  })

  it('starts each sub-tab in its direction: now asc, past desc, future asc, draft desc', () => {
    expect(DEFAULT_EVENT_DIRECTION).toEqual({ now: 'asc', past: 'desc', future: 'asc', draft: 'desc' })
  })

  it('shows lists as a grid first', () => {
    expect(DEFAULT_LIST_VIEW).toBe('grid')
  })

  it('knows the settings sections by their child route', () => {
    expect(sectionOf(SETTINGS_SECTIONS, 'socials')).toBe('socials')
    expect(sectionOf(SETTINGS_SECTIONS, 'general')).toBe('general')
    expect(sectionOf(SETTINGS_SECTIONS, 'promoters')).toBe('promoters')
    expect(sectionOf(SETTINGS_SECTIONS, 'nope')).toBeNull()
    expect(SETTINGS_SECTIONS.map((section) => section.label)).toEqual(['General Info', 'Admins', 'Promoters', 'Members', 'Social', 'Agreement', 'Waiver'])
  })
})

describe('general info, agreement and waiver', () => {
  const today = new Date(2026, 10, 21)

  it('takes a founding date like the birthday, not in the future; blank clears it', () => {
    expect(foundedError('', today)).toBeNull()
    expect(foundedError('05/17/1999', today)).toBeNull()
    expect(foundedError('11/21/2026', today)).toBeNull()
    expect(foundedError('5/17/1999', today)).toBe('Date format mm/dd/yyyy')
    expect(foundedError('13/01/1999', today)).toBe('Date format mm/dd/yyyy')
    expect(foundedError('02/30/1999', today)).toBe('Please enter a correct date')
    expect(foundedError('11/22/2026', today)).toBe('Please enter a correct date')
  })

  it('saves an agreement empty when title, subtitle, version and the visible text are empty', () => {
    expect(documentForSave({ title: ' ', subtitle: '', version: '', text: '<p></p><p> </p>' })).toEqual({})
    expect(documentForSave({ title: 'Waiver', subtitle: '', version: '1', text: '<p>I agree<script>alert(1)</script></p>' })).toEqual({
      title: 'Waiver',
      subtitle: '',
      version: '1',
      text: '<p>I agree</p>',
    })
  })

  it('sanitises the description before saving; an empty editor saves nothing', () => {
    expect(descriptionForSave('<p>Hi <img src=x onerror="alert(1)"><b>there</b></p>')).toBe('<p>Hi <b>there</b></p>')
    expect(descriptionForSave('<p></p>')).toBe('')
    expect(visibleText('<p>a&nbsp;<b>b</b></p>')).toBe('a b')
  })

  it('counts what a staged role list adds and removes', () => {
    expect(roleChanges([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 3 }])).toEqual({ add: [3], remove: [1] })
  })
})

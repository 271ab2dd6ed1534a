import { describe, expect, it } from 'vitest'
import {
  battleLabel,
  defaultDirection,
  draftErrors,
  eventDay,
  nextLabel,
  onMap,
  place,
  PEOPLE_TEXTS,
  rankIcon,
  rankText,
  SETTINGS_SECTIONS,
  sortParam,
  STUDIO_HEADER_IMAGE_SIZE,
  STUDIO_MAP_DEBOUNCE_MS,
  STUDIO_SEARCH_DEBOUNCE_MS,
  STUDIO_TABS,
  STUDIO_TEXTS,
  STUDIO_VIEWPORT_THROTTLE_MS,
  STUDIO_WIZARD_STEPS,
  STUDIOS_PAGE_SIZE,
  statusAction,
  studioBody,
  studioDraft,
  WIZARD_STEPS,
} from './rules'
import { memberTexts, sectionOf, tabOf } from '@/components/entity/rules'
import { buildStudio } from '@/testing/builders'

describe('the studio rules', () => {
  it('keeps the constants of section 9', () => {
    expect(STUDIOS_PAGE_SIZE).toBe(100)
    expect(STUDIO_SEARCH_DEBOUNCE_MS).toBe(500)
    expect(STUDIO_MAP_DEBOUNCE_MS).toBe(1000)
    expect(STUDIO_VIEWPORT_THROTTLE_MS).toBe(100)
    expect(STUDIO_WIZARD_STEPS).toBe(6)
    expect(WIZARD_STEPS).toHaveLength(6)
    expect(STUDIO_HEADER_IMAGE_SIZE).toBe(1000)
  })

  it('writes the ranks as 1st, 2nd, 3rd, Top 4, Top 5 and nothing else', () => {
    expect([1, 2, 3, 4, 5].map(rankText)).toEqual(['1st', '2nd', '3rd', 'Top 4', 'Top 5'])
    expect([8, 16, 0, null, undefined].map(rankText)).toEqual(['', '', '', '', ''])
  })

  it('gives ranks 1 to 3 gold, silver and bronze, any other the compete icon', () => {
    expect([1, 2, 3, 4, 8, null].map(rankIcon)).toEqual(['gold', 'silver', 'bronze', 'compete', 'compete', 'compete'])
  })

  it("shows a battle as 'title crewSize vs crewSize', an unlimited one as its title and Unlimited", () => {
    expect(battleLabel({ title: 'Crew Battle', crewSize: 3 })).toBe('Crew Battle 3 vs 3')
    expect(battleLabel({ title: 'Open', crewSize: 1 })).toBe('Open 1 vs 1')
    expect(battleLabel({ title: 'All Styles', crewSize: null })).toBe('All Styles Unlimited')
    expect(battleLabel({ title: 'All Styles', crewSize: 10000 })).toBe('All Styles Unlimited')
  })

  it('has the tabs Students, Teachers, Competitions, About with ids 0 to 3, students by default', () => {
    expect(STUDIO_TABS.map((tab) => [tab.id, tab.label])).toEqual([
      [0, 'Students'],
      [1, 'Teachers'],
      [2, 'Competitions'],
      [3, 'About'],
    ])
    expect(tabOf(STUDIO_TABS, null)).toBe('students')
    expect(tabOf(STUDIO_TABS, 'bogus')).toBe('students')
    expect(tabOf(STUDIO_TABS, 'competitions')).toBe('competitions')
    expect(tabOf(STUDIO_TABS, '3')).toBe('about')
    expect(tabOf(STUDIO_TABS, '1')).toBe('teachers')
  })

  it('sorts names and competitions as field-direction, dates newest first and names A - Z first', () => {
    expect(sortParam('name', 'desc')).toBe('name-desc')
    expect(sortParam('date', 'asc')).toBe('date-asc')
    expect(defaultDirection('date')).toBe('desc')
    expect(defaultDirection('name')).toBe('asc')
  })

  it("reads 'create studio' on the last step's next button", () => {
    expect([0, 1, 2, 3, 4].map(nextLabel)).toEqual(['Next', 'Next', 'Next', 'Next', 'Next'])
    expect(nextLabel(5)).toBe('create studio')
  })

  it('asks before publishing a draft or deactivating a published studio, with the toasts of section 8', () => {
    expect(statusAction('draft', 'Floor Lab')).toEqual({
      publish: true,
      button: 'Publish Studio',
      title: 'Publish Floor Lab?',
      text: 'This will make your studio visible to the public.',
      confirm: 'Publish',
      toast: 'studioPublished',
    })
    expect(statusAction('published', 'Floor Lab')).toEqual({
      publish: false,
      button: 'Deactivate Studio',
      title: 'Deactivate Floor Lab?',
      text: 'This will hide your studio from the public.',
      confirm: 'Deactivate',
      toast: 'studioDeactivated',
    })
  })

  it('names the sections and the pickers (role admin, teacher or student)', () => {
    expect(SETTINGS_SECTIONS.map((section) => section.label)).toEqual(['General Info', 'Admins', 'Teachers', 'Students', 'Social'])
    expect(sectionOf(SETTINGS_SECTIONS, 'teachers')).toBe('teachers')
    expect(sectionOf(SETTINGS_SECTIONS, 'promoters')).toBeNull()
    expect([PEOPLE_TEXTS.admins.picker, PEOPLE_TEXTS.teachers.picker, PEOPLE_TEXTS.students.picker]).toEqual(['Select admins', 'Select teachers', 'Select students'])
    expect(memberTexts(PEOPLE_TEXTS.admins.noun, 'admins')).toMatchObject({ search: 'Search current admins', add: 'Add admin', list: 'Current admins' })
    expect(PEOPLE_TEXTS.admins.empty).toBe('No admins yet.')
    expect([PEOPLE_TEXTS.admins.role, PEOPLE_TEXTS.teachers.role, PEOPLE_TEXTS.students.role]).toEqual(['admin', 'teacher', 'student'])
    expect(PEOPLE_TEXTS.students.empty).toBe('No students found for this studio')
    expect(PEOPLE_TEXTS.teachers.empty).toBe('No teachers found for this studio')
    expect(STUDIO_TEXTS.addressPlaceholder).toBe('Address of the studio')
  })

  it('saves the description sanitised, the links as the server keeps them, and coordinates only with a picked place', () => {
    const draft = studioDraft(buildStudio({ locationAddress: 'Brooklyn, New York', locationLat: 40.65, locationLng: -73.95 }))
    expect(studioBody({ ...draft, name: '  Floor Lab ', description: '<p>Hi<script>alert(1)</script></p>', socials: { ...draft.socials, instagram: 'floorlab' }, email: ' lab@example.com ' })).toEqual({
      name: 'Floor Lab',
      image: null,
      founded: '',
      description: '<p>Hi</p>',
      locationAddress: 'Brooklyn, New York',
      locationLat: 40.65,
      locationLng: -73.95,
      socials: { email: 'lab@example.com', facebook: '', instagram: 'https://instagram.com/floorlab', twitter: '', youtube: '', website: '' },
    })
    // typed, not picked: the server geocodes the address
    const typed = studioBody({ ...draft, locationAddress: '1 Main St', locationLat: null, locationLng: null })
    expect(typed.locationAddress).toBe('1 Main St')
    expect('locationLat' in typed).toBe(false)
    expect(studioBody({ ...draft, description: '<p> </p>' }).description).toBe('')
  })

  it('checks the start date as MM/DD/YYYY, a real day, not in the future', () => {
    const draft = studioDraft(buildStudio())
    const today = new Date(2026, 10, 24)
    expect(draftErrors({ ...draft, founded: '' }, today)).toEqual({})
    expect(draftErrors({ ...draft, founded: '05/01/2015' }, today)).toEqual({})
    expect(draftErrors({ ...draft, founded: '13/01/2015' }, today).founded).toBeTruthy()
    expect(draftErrors({ ...draft, founded: '05/01/2030' }, today).founded).toBe('Please enter a correct date')
  })

  it('puts a studio on the map only with both coordinates', () => {
    expect(onMap({ locationLat: 1, locationLng: 2 })).toBe(true)
    expect(onMap({ locationLat: null, locationLng: 2 })).toBe(false)
    expect(onMap({ locationLat: 0, locationLng: 0 })).toBe(true)
  })

  it("writes an event's place and day", () => {
    expect(place('Brooklyn', 'New York')).toBe('Brooklyn, New York')
    expect(place('Paris', null)).toBe('Paris')
    expect(eventDay('2026-12-05T18:00:00Z')).toMatch(/Dec [56], 2026/)
    expect(eventDay(null)).toBe('')
  })
})

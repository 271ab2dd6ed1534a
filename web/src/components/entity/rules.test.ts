import { describe, expect, it } from 'vitest'
import { memberTexts, sectionHeading, sectionOf, tabIdPart, tabOf } from './rules'

const TABS = [
  { id: 0, key: 'students', label: 'Students' },
  { id: 1, key: 'about', label: 'About' },
] as const
const KEYED = [
  { key: 'events', label: 'Events' },
  { key: 'about', label: 'About' },
] as const

describe('the tabs of an entity page', () => {
  it('chooses the tab by its key or its number, the first when the query names none', () => {
    expect(tabOf(TABS, 'about')).toBe('about')
    expect(tabOf(TABS, '1')).toBe('about')
    expect(tabOf(TABS, '7')).toBe('students')
    expect(tabOf(TABS, null)).toBe('students')
    expect(tabOf(KEYED, 'about')).toBe('about')
    expect(tabOf(KEYED, '1')).toBe('events')
    expect(tabOf(KEYED, undefined)).toBe('events')
  })

  it("ends the tabs' element ids with the number where there is one, else the key", () => {
    expect(tabIdPart(TABS[1])).toBe('1')
    expect(tabIdPart(KEYED[1])).toBe('about')
  })
})

describe('the settings of an entity', () => {
  it('knows a section by its child route, none for another', () => {
    expect(sectionOf(KEYED, 'about')).toBe('about')
    expect(sectionOf(KEYED, 'nope')).toBeNull()
    expect(sectionOf(KEYED, undefined)).toBeNull()
  })

  it('heads the counted section with its count', () => {
    expect(sectionHeading('Members', 3)).toBe('Members (3)')
    expect(sectionHeading('Students', 0)).toBe('Students (0)')
    expect(sectionHeading('General Info')).toBe('General Info')
  })

  it('words a list of people from its noun', () => {
    const texts = memberTexts('member', 'members')
    expect(texts).toMatchObject({ search: 'Search current members', add: 'Add member', loading: 'Loading members', list: 'Current members', removeTitle: 'Remove member?' })
    expect(texts.notFound('crash')).toEqual({ title: 'No members found', text: `No member's name contains "crash".` })
    expect(memberTexts('teacher', 'teachers').notFound('x')).toEqual({ title: 'No teachers found', text: `No teacher's name contains "x".` })
  })
})

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  CALENDAR_EVENTS_PER_DAY,
  dayPreview,
  daySummaries,
  dayTime,
  eventsByDay,
  gridRange,
  itemTitle,
  monthFromParam,
  monthGrid,
  monthParam,
  shiftMonth,
  swipeStep,
  toCalendarDays,
  toCalendarItem,
  toCalendarItems,
  wallTime,
  type CalendarItem,
} from './calendar-rules'

const item = (id: number, start: string, overrides: Partial<CalendarItem> = {}): CalendarItem => ({ id, title: `Jam ${id}`, start, img: null, ...overrides })

describe('the month grid', () => {
  it('is 6 weeks, Sunday first, from the week of the 1st, marking the days of other months', () => {
    const days = monthGrid(new Date(2026, 11, 1))
    expect(days).toHaveLength(42)
    expect(days[0]).toMatchObject({ key: '2026-11-29', inMonth: false })
    expect(days[0].date.getDay()).toBe(0)
    expect(days[2]).toMatchObject({ key: '2026-12-01', inMonth: true })
    expect(days[32]).toMatchObject({ key: '2026-12-31', inMonth: true })
    expect(days[33]).toMatchObject({ key: '2027-01-01', inMonth: false })
    expect(gridRange(new Date(2026, 11, 15))).toEqual({ start: '2026-11-29', end: '2027-01-09' })
  })

  it('starts on the 1st itself when the month starts on a Sunday', () => {
    expect(gridRange(new Date(2026, 2, 1))).toEqual({ start: '2026-03-01', end: '2026-04-11' })
  })

  it('reads and writes the month of the URL (m=yyyy-MM) and refuses anything else', () => {
    expect(monthParam(monthFromParam('2026-12') as Date)).toBe('2026-12')
    for (const bad of ['2026-13', '2026-1', 'december', '', null, undefined, '2026-12-01']) expect(monthFromParam(bad)).toBeNull()
    expect(monthParam(shiftMonth(new Date(2026, 11, 31), 1))).toBe('2027-01')
    expect(monthParam(shiftMonth(new Date(2026, 0, 31), -1))).toBe('2025-12')
  })
})

describe('the calendar item', () => {
  it("is the seed's id, title, start, img and optional end, from a list item", () => {
    expect(toCalendarItem({ id: 3, title: 'Floor Wars', image: 'img-1', dateStart: '2026-12-05T18:00', dateEnd: '2026-12-06T02:00' })).toEqual({
      id: 3,
      title: 'Floor Wars',
      start: '2026-12-05T18:00',
      img: 'img-1',
      end: '2026-12-06T02:00',
    })
    expect(toCalendarItem({ id: 4, title: 'Jam', image: null, dateStart: '2026-12-05T18:00', dateEnd: null })).toEqual({ id: 4, title: 'Jam', start: '2026-12-05T18:00', img: null })
  })

  it('leaves out an event without a start', () => {
    expect(toCalendarItems([{ id: 1, title: 'a', image: null, dateStart: null }, { id: 2, title: 'b', image: null }, { id: 3, title: 'c', image: null, dateStart: '2026-12-01T10:00' }]).map((i) => i.id)).toEqual([3])
  })

  it("is 'Untitled' without a title", () => {
    expect(itemTitle(item(1, '2026-12-05T18:00', { title: '' }))).toBe('Untitled')
    expect(itemTitle(item(1, '2026-12-05T18:00', { title: '   ' }))).toBe('Untitled')
  })
})

describe("the venue's time", () => {
  // a visitor in New York: 02:30 on 8 March 2026 does not exist there (clocks jump to 03:00)
  beforeAll(() => {
    vi.stubEnv('TZ', 'America/New_York')
  })
  afterAll(() => {
    vi.unstubAllEnvs()
  })

  it('is the wall time as written, 12-hour, never converted', () => {
    // the visitor's clock really is New York's here: a Date would move 02:30 to 03:30
    expect(new Date(2026, 2, 8, 2, 30).getHours()).toBe(3)
    expect(wallTime('2026-12-05T18:05')).toBe('6:05 PM')
    expect(wallTime('2026-12-05T00:30')).toBe('12:30 AM')
    expect(wallTime('2026-12-05T12:00')).toBe('12:00 PM')
    expect(wallTime('2026-03-08T02:30')).toBe('2:30 AM')
  })

  it("puts an event on its venue's date, whatever the visitor's zone", () => {
    const days = monthGrid(new Date(2026, 2, 1))
    // 23:30 on the 31st in Tokyo is the 31st for everyone; 02:30 on the 8th stays the 8th at 2:30 AM
    const byDay = eventsByDay([item(1, '2026-03-31T23:30'), item(2, '2026-03-08T02:30')], days)
    expect(byDay.get('2026-03-31')?.map((event) => dayTime(event))).toEqual(['11:30 PM'])
    expect(byDay.get('2026-04-01')).toEqual([])
    expect(byDay.get('2026-03-08')?.map((event) => dayTime(event))).toEqual(['2:30 AM'])
    // the grid's days stay one a day across the visitor's own change of clocks
    expect(days.slice(7, 9).map((day) => day.key)).toEqual(['2026-03-08', '2026-03-09'])
  })
})

describe('the events of each day', () => {
  const days = monthGrid(new Date(2026, 11, 1))

  it('shows an event on every day it spans within the grid, its time on the first day only', () => {
    const byDay = eventsByDay([item(1, '2026-12-30T20:00', { end: '2027-01-12T02:00' }), item(2, '2026-11-20T10:00', { end: '2026-11-30T18:00' })], days)
    const daysOf = (id: number) => [...byDay].filter(([, events]) => events.some((event) => event.item.id === id)).map(([key]) => key)
    expect(daysOf(1)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08', '2027-01-09'])
    expect(daysOf(2)).toEqual(['2026-11-29', '2026-11-30'])
    expect(byDay.get('2026-12-30')?.map(dayTime)).toEqual(['8:00 PM'])
    expect(byDay.get('2026-12-31')?.map(dayTime)).toEqual(['cont.'])
  })

  it('shows an event whose end is missing or before its start on its start day only', () => {
    const byDay = eventsByDay([item(1, '2026-12-10T20:00', { end: '2026-12-09T10:00' }), item(2, '2026-12-11T20:00')], days)
    expect(byDay.get('2026-12-09')).toEqual([])
    expect(byDay.get('2026-12-10')?.map((event) => event.item.id)).toEqual([1])
    expect(byDay.get('2026-12-11')?.map((event) => event.item.id)).toEqual([2])
  })

  it('orders a day by start (an event begun earlier first), then title', () => {
    const byDay = eventsByDay(
      [item(1, '2026-12-05T18:00', { title: 'Zulu' }), item(2, '2026-12-05T09:00'), item(3, '2026-12-04T22:00', { end: '2026-12-05T23:00' }), item(4, '2026-12-05T18:00', { title: 'Alpha' })],
      days,
    )
    expect(byDay.get('2026-12-05')?.map((event) => event.item.id)).toEqual([3, 2, 4, 1])
  })
})

describe('per-day limits', () => {
  const six = [1, 2, 3, 4, 5, 6]

  it('shows 4 a day on desktop, then +N', () => {
    expect(CALENDAR_EVENTS_PER_DAY.desktop).toBe(4)
    expect(dayPreview(six, CALENDAR_EVENTS_PER_DAY.desktop)).toEqual({ shown: [1, 2, 3, 4], more: 2 })
    expect(dayPreview([1, 2, 3, 4], CALENDAR_EVENTS_PER_DAY.desktop)).toEqual({ shown: [1, 2, 3, 4], more: 0 })
  })

  it('shows 2 a day on mobile, then +N', () => {
    expect(CALENDAR_EVENTS_PER_DAY.mobile).toBe(2)
    expect(dayPreview(six, CALENDAR_EVENTS_PER_DAY.mobile)).toEqual({ shown: [1, 2], more: 4 })
    expect(dayPreview([], CALENDAR_EVENTS_PER_DAY.mobile)).toEqual({ shown: [], more: 0 })
  })
})

describe("the grid's answer (GET /api/events/calendar)", () => {
  it("counts '+N' from the day's total when the server lists only the first events", () => {
    expect(dayPreview([1, 2, 3, 4], CALENDAR_EVENTS_PER_DAY.desktop, 1660)).toEqual({ shown: [1, 2, 3, 4], more: 1656 })
    expect(dayPreview([1, 2], CALENDAR_EVENTS_PER_DAY.mobile, 2)).toEqual({ shown: [1, 2], more: 0 })
  })

  it("keeps the server's order and marks a day an event continues on", () => {
    const days = toCalendarDays([
      {
        date: '2026-12-05',
        total: 7,
        events: [
          { id: 9, title: 'Weekend', image: null, dateStart: '2026-12-04T20:00', dateEnd: '2026-12-06T02:00' },
          { id: 2, title: 'Zulu', image: 'poster', dateStart: '2026-12-05T18:00' },
          { id: 3, title: 'Alpha', image: null, dateStart: '2026-12-05T18:00' },
          { id: 4, title: 'No start', image: null, dateStart: null },
        ],
      },
    ])
    const byDay = daySummaries(days)
    const day = byDay.get('2026-12-05')
    expect(day?.total).toBe(7)
    expect(day?.events.map(({ item, starts }) => [item.id, starts])).toEqual([
      [9, false],
      [2, true],
      [3, true],
    ])
    expect(day?.events[1].item).toEqual({ id: 2, title: 'Zulu', start: '2026-12-05T18:00', img: 'poster' })
    expect(byDay.get('2026-12-06')).toBeUndefined()
  })
})

describe('the swipe', () => {
  it('over 50 px to the left is the next month, to the right the previous one', () => {
    expect(swipeStep(-51, 0)).toBe(1)
    expect(swipeStep(51, 10)).toBe(-1)
  })

  it('of 50 px or less, or more vertical than horizontal, is nothing', () => {
    expect(swipeStep(50, 0)).toBe(0)
    expect(swipeStep(-50, 0)).toBe(0)
    expect(swipeStep(-80, 120)).toBe(0)
    expect(swipeStep(0, 300)).toBe(0)
  })
})

/**
 * Calendar mode's pure rules (docs/product/events.md): the 6-week month grid, the product's calendar
 * item, which events each day shows, and the swipe. Dates are the venue's: an event's "YYYY-MM-DDTHH:MM" wall time
 * is read as text and never turned into an instant, so a visitor in another zone (or across a daylight-saving
 * change of their own) sees the time printed on the poster.
 */
import { addDays, addMonths, format, isValid, parse, startOfMonth, startOfWeek } from 'date-fns'
import type { CalendarDays, EventItem } from '../../types'

/** docs/product/events.md, Calendar: events per day on desktop and on mobile, the swipe's threshold, the page size. */
export const CALENDAR_EVENTS_PER_DAY = { desktop: 4, mobile: 2 } as const
export const CALENDAR_SWIPE_PX = 50
export const CALENDAR_PAGE_SIZE = 999
/** Desktop from 960 px wide (the footer rule of the events page uses the same width). */
export const CALENDAR_DESKTOP_QUERY = '(min-width:960px)'
/** Sunday first, as the US calendars the platform's dates (mm/dd/yyyy, USD) follow. */
export const WEEK_STARTS_ON = 0
export const GRID_DAYS = 42

/** The calendar's item ("Calendar item: id, title, start, img, optional end"). */
export interface CalendarItem {
  id: number
  title: string
  /** the venue's wall time, "YYYY-MM-DDTHH:MM" */
  start: string
  img: string | null
  end?: string
}

/** What the calendar reads of a list item of GET /api/events. */
export type CalendarSource = Pick<EventItem, 'id' | 'title' | 'image' | 'dateStart' | 'dateEnd'>

/** A day of GET /api/events/calendar: how many events touch it, and its first perDay list items. */
export type CalendarDaySource = Omit<CalendarDays['days'][number], 'events'> & { events: CalendarSource[] }

/** A day of the grid's answer, read: its first events as calendar items (the server's order) and its total. */
export interface CalendarDayItems {
  date: string
  total: number
  items: CalendarItem[]
}

export function toCalendarDays(days: readonly CalendarDaySource[]): CalendarDayItems[] {
  return days.map((day) => ({ date: day.date, total: day.total, items: toCalendarItems(day.events) }))
}

/** What a day cell knows: its first events and how many it holds in all (the '+N', the mobile count). */
export interface DaySummary {
  events: DayEvent[]
  total: number
}

export interface CalendarDay {
  /** yyyy-MM-dd */
  key: string
  date: Date
  inMonth: boolean
}

export interface DayEvent {
  item: CalendarItem
  /** the day is the event's first (its start time is shown) rather than a later day of a longer event */
  starts: boolean
}

const WALL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/

/** A list item as the product's calendar item; null for an event without a (readable) start. */
export function toCalendarItem(source: CalendarSource): CalendarItem | null {
  if (!source.dateStart || !WALL_TIME.test(source.dateStart)) return null
  const item: CalendarItem = { id: source.id, title: source.title ?? '', start: source.dateStart.slice(0, 16), img: source.image ?? null }
  if (source.dateEnd && WALL_TIME.test(source.dateEnd)) item.end = source.dateEnd.slice(0, 16)
  return item
}

export function toCalendarItems(sources: readonly CalendarSource[]): CalendarItem[] {
  return sources.flatMap((source) => toCalendarItem(source) ?? [])
}

/** The title, or the product's 'Untitled' when it is empty. */
export function itemTitle(item: Pick<CalendarItem, 'title'>): string {
  return item.title.trim() || 'Untitled'
}

/** "18:05" of a wall time as the platform writes times: "6:05 PM" (no zone conversion at all). */
export function wallTime(value: string): string {
  const match = WALL_TIME.exec(value)
  if (!match) return ''
  const hours = Number(match[2])
  const suffix = hours < 12 ? 'AM' : 'PM'
  return `${hours % 12 || 12}:${match[3]} ${suffix}`
}

/** The time a day shows for an event: its start on its first day; a later day of a longer event says 'cont.'. */
export function dayTime({ item, starts }: DayEvent): string {
  return starts ? wallTime(item.start) : 'cont.'
}

/** The month a query value "yyyy-MM" names, or null when it names none. */
export function monthFromParam(value: string | null | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}$/.test(value)) return null
  const month = parse(value, 'yyyy-MM', new Date(2000, 0, 1))
  return isValid(month) ? month : null
}

export function monthParam(month: Date): string {
  return format(month, 'yyyy-MM')
}

export function shiftMonth(month: Date, step: number): Date {
  return startOfMonth(addMonths(month, step))
}

export function dayKey(date: Date): string {
  return format(date, 'yyyy-MM-dd')
}

/** The 42 days (6 weeks) shown for a month, the first being the week's first day on or before the 1st. */
export function monthGrid(month: Date): CalendarDay[] {
  const first = startOfMonth(month)
  const start = startOfWeek(first, { weekStartsOn: WEEK_STARTS_ON })
  return Array.from({ length: GRID_DAYS }, (_, index) => {
    const date = addDays(start, index)
    return { key: dayKey(date), date, inMonth: date.getMonth() === first.getMonth() }
  })
}

/** The range asked of the server: the whole grid, not only the month (local yyyy-mm-dd, both inclusive). */
export function gridRange(month: Date): { start: string; end: string } {
  const days = monthGrid(month)
  return { start: days[0].key, end: days[days.length - 1].key }
}

/**
 * The events of each day of the grid: an event shows on every day from its start date to its end date (a
 * missing or earlier end: its start day only), in the order of their start (an event that began on an earlier
 * day comes first), then by title and id.
 */
export function eventsByDay(items: readonly CalendarItem[], days: readonly CalendarDay[]): Map<string, DayEvent[]> {
  const byDay = new Map<string, DayEvent[]>(days.map((day) => [day.key, []]))
  const sorted = [...items].sort((a, b) => a.start.localeCompare(b.start) || itemTitle(a).localeCompare(itemTitle(b)) || a.id - b.id)
  for (const item of sorted) {
    const first = item.start.slice(0, 10)
    const endDay = item.end?.slice(0, 10)
    const last = endDay && endDay > first ? endDay : first
    for (const day of days) {
      if (day.key >= first && day.key <= last) byDay.get(day.key)?.push({ item, starts: day.key === first })
    }
  }
  return byDay
}

/**
 * Each day of the grid's answer by its key (days without events are absent): the server's first events, kept in
 * its order (wall time, then id: the same it chose them by), each starting on that day or continuing there.
 */
export function daySummaries(days: readonly CalendarDayItems[]): Map<string, DaySummary> {
  return new Map(
    days.map((day) => [day.date, { total: day.total, events: day.items.map((item) => ({ item, starts: item.start.slice(0, 10) === day.date })) }]),
  )
}

/**
 * What a day cell shows: the first `limit` events, and how many more the '+N' stands for: of `total` when the
 * server counted the day (it lists only the first few), else of the events given.
 */
export function dayPreview<T>(events: readonly T[], limit: number, total = events.length): { shown: T[]; more: number } {
  const shown = events.slice(0, limit)
  return { shown, more: Math.max(0, total - shown.length) }
}

/**
 * A finished horizontal swipe: 1 (next month: the finger moved left), -1 (previous: moved right) or 0 (not a
 * swipe: at most 50 px across, or more up and down than across, which is scrolling the page).
 */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) <= CALENDAR_SWIPE_PX || Math.abs(dx) <= Math.abs(dy)) return 0
  return dx < 0 ? 1 : -1
}

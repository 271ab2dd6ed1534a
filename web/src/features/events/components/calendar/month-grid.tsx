import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Popover from '@mui/material/Popover'
import Typography from '@mui/material/Typography'
import { format } from 'date-fns'
import { useRef, useState, type TouchEvent } from 'react'
import { CALENDAR_EVENTS_PER_DAY, dayKey, dayPreview, itemTitle, swipeStep, type CalendarDay, type DaySummary } from './calendar-rules'
import { FullDayList } from './day-list'
import { EventLine } from './event-line'

export const DAY_LIST_ID = 'calendar-day-list'

export function fullDate(day: CalendarDay): string {
  return format(day.date, 'EEEE, MMMM d, yyyy')
}

function DayNumber({ day, today }: { day: CalendarDay; today: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        display: 'inline-grid',
        placeItems: 'center',
        minWidth: 24,
        height: 24,
        px: 0.5,
        borderRadius: 12,
        fontSize: 13,
        fontWeight: 700,
        bgcolor: today ? 'primary.main' : 'transparent',
        color: today ? 'primary.contrastText' : day.inMonth ? 'text.primary' : 'text.disabled',
      }}
    >
      {day.date.getDate()}
    </Box>
  )
}

const NONE: DaySummary = { events: [], total: 0 }

/** A desktop day: up to 4 events, each a link, then '+N' opening the day's whole list in a popover. */
function DesktopDay({ day, summary, today, onMore }: { day: CalendarDay; summary: DaySummary; today: boolean; onMore: (anchor: HTMLElement, day: CalendarDay) => void }) {
  const { shown, more } = dayPreview(summary.events, CALENDAR_EVENTS_PER_DAY.desktop, summary.total)
  return (
    <>
      <DayNumber day={day} today={today} />
      {shown.length ? (
        <Box component="ul" aria-label={`Events on ${fullDate(day)}`} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.25 }}>
          {shown.map((event) => (
            <Box component="li" key={event.item.id} sx={{ minWidth: 0, overflow: 'hidden' }}>
              <EventLine event={event} compact />
            </Box>
          ))}
        </Box>
      ) : null}
      {more ? (
        <ButtonBase
          aria-label={`+${more} more events on ${fullDate(day)}`}
          aria-haspopup="dialog"
          onClick={(click) => onMore(click.currentTarget, day)}
          sx={{ mt: 0.25, px: 0.75, borderRadius: 1, fontSize: 12, fontWeight: 700, color: 'primary.main', '&:hover': { bgcolor: 'action.hover' }, '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' } }}
        >
          +{more}
        </ButtonBase>
      ) : null}
    </>
  )
}

/** A mobile day's preview: two titles and '+N', for the eye only (the day's button names the count). */
function MobilePreview({ day, summary, today }: { day: CalendarDay; summary: DaySummary; today: boolean }) {
  const { shown, more } = dayPreview(summary.events, CALENDAR_EVENTS_PER_DAY.mobile, summary.total)
  return (
    <>
      <DayNumber day={day} today={today} />
      <Box aria-hidden="true" data-testid="day-preview" sx={{ display: 'grid', gap: 0.25, width: '100%', mt: 0.25 }}>
        {shown.map(({ item }) => (
          <Box key={item.id} data-testid="day-preview-item" sx={{ fontSize: 10, lineHeight: 1.3, px: 0.25, borderRadius: 0.5, bgcolor: 'primary.main', color: 'primary.contrastText', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>
            {itemTitle(item)}
          </Box>
        ))}
        {more ? <Box sx={{ fontSize: 11, fontWeight: 700, color: 'primary.main' }}>+{more}</Box> : null}
      </Box>
    </>
  )
}

function eventCount(count: number): string {
  return count === 1 ? '1 event' : `${count} events`
}

export interface MonthGridProps {
  label: string
  days: CalendarDay[]
  /** each day's first events and total (GET /api/events/calendar); a day without events is absent */
  byDay: Map<string, DaySummary>
  /** the events page's search and organization filter: the '+N' popover reads the day's whole list with them */
  k: string
  o: string
  desktop: boolean
  /** the day whose list is open below the grid (mobile) */
  openDay: string | null
  onOpenDay: (key: string | null) => void
  /** -1 previous month, 1 next month (a swipe) */
  onStep: (step: -1 | 1) => void
}

/**
 * The month's 6 weeks, Sunday first. Desktop: events as links, 4 a day then '+N'. Mobile: 2 a day for the eye,
 * and a tap on a day of the month opens its list below the grid. A day of another month is inert (a tap there
 * does nothing); its events still show. A horizontal swipe of more than 50 px changes the month.
 */
export function MonthGrid({ label, days, byDay, k, o, desktop, openDay, onOpenDay, onStep }: MonthGridProps) {
  const today = dayKey(new Date())
  const touch = useRef<{ x: number; y: number } | null>(null)
  const [popover, setPopover] = useState<{ anchor: HTMLElement; day: CalendarDay } | null>(null)
  const weeks = Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7))

  const touchStart = (event: TouchEvent) => {
    const point = event.touches[0]
    touch.current = point ? { x: point.clientX, y: point.clientY } : null
  }
  const touchEnd = (event: TouchEvent) => {
    const start = touch.current
    const point = event.changedTouches[0]
    touch.current = null
    if (!start || !point) return
    const step = swipeStep(point.clientX - start.x, point.clientY - start.y)
    if (step) onStep(step)
  }

  return (
    <Box
      role="table"
      aria-label={label}
      onTouchStart={touchStart}
      onTouchEnd={touchEnd}
      onTouchCancel={() => {
        touch.current = null
      }}
      data-testid="month-grid"
      // vertical scrolling stays the browser's; a horizontal move is ours (the swipe)
      sx={{ touchAction: 'pan-y', border: '1px solid', borderColor: 'divider', borderRadius: 2, overflow: 'hidden', bgcolor: 'background.paper', userSelect: desktop ? 'auto' : 'none' }}
    >
      <Box role="row" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', bgcolor: 'background.default', borderBottom: '1px solid', borderColor: 'divider' }}>
        {days.slice(0, 7).map((day) => (
          <Box key={day.key} role="columnheader" aria-label={format(day.date, 'EEEE')} sx={{ py: 0.75, textAlign: 'center', fontSize: 12, fontWeight: 700, color: 'text.secondary', textTransform: 'uppercase' }}>
            {format(day.date, desktop ? 'EEE' : 'EEEEE')}
          </Box>
        ))}
      </Box>
      {weeks.map((week) => (
        <Box key={week[0].key} role="row" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', '&:not(:last-of-type)': { borderBottom: '1px solid', borderColor: 'divider' } }}>
          {week.map((day) => {
            const summary = byDay.get(day.key) ?? NONE
            const isToday = day.key === today
            const cellSx = {
              minWidth: 0,
              minHeight: desktop ? 148 : 76,
              p: desktop ? 0.5 : 0.25,
              bgcolor: day.inMonth ? 'transparent' : 'action.hover',
              opacity: day.inMonth ? 1 : 0.75,
              '&:not(:last-of-type)': { borderRight: '1px solid', borderColor: 'divider' },
            }
            if (desktop) {
              return (
                <Box key={day.key} role="cell" aria-label={fullDate(day)} aria-current={isToday ? 'date' : undefined} data-in-month={day.inMonth} sx={cellSx}>
                  <DesktopDay day={day} summary={summary} today={isToday} onMore={(anchor, which) => setPopover({ anchor, day: which })} />
                </Box>
              )
            }
            return (
              <Box key={day.key} role="cell" aria-label={fullDate(day)} aria-current={isToday ? 'date' : undefined} data-in-month={day.inMonth} sx={{ ...cellSx, display: 'flex' }}>
                {day.inMonth ? (
                  <ButtonBase
                    aria-label={`${fullDate(day)}: ${eventCount(summary.total)}`}
                    aria-expanded={openDay === day.key}
                    aria-controls={openDay === day.key ? DAY_LIST_ID : undefined}
                    onClick={() => onOpenDay(openDay === day.key ? null : day.key)}
                    sx={{
                      flexGrow: 1,
                      minWidth: 0,
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'flex-start',
                      justifyContent: 'flex-start',
                      borderRadius: 1,
                      outline: openDay === day.key ? '2px solid' : 'none',
                      outlineColor: 'primary.main',
                      '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
                    }}
                  >
                    <MobilePreview day={day} summary={summary} today={isToday} />
                  </ButtonBase>
                ) : (
                  <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
                    <MobilePreview day={day} summary={summary} today={isToday} />
                  </Box>
                )}
              </Box>
            )
          })}
        </Box>
      ))}
      <Popover
        open={popover !== null}
        anchorEl={popover?.anchor}
        onClose={() => setPopover(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': popover ? `Events on ${fullDate(popover.day)}` : undefined, sx: { p: 1.5, width: 320, maxWidth: 'calc(100vw - 32px)', maxHeight: 420 } } }}
      >
        {popover ? (
          <>
            <Typography component="h3" sx={{ fontWeight: 800, mb: 1 }}>
              {fullDate(popover.day)}
            </Typography>
            <FullDayList day={popover.day} summary={byDay.get(popover.day.key)} k={k} o={o} label={`All events on ${fullDate(popover.day)}`} />
          </>
        ) : null}
      </Popover>
    </Box>
  )
}

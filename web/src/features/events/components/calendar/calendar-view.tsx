import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft'
import ChevronRightIcon from '@mui/icons-material/ChevronRight'
import { format, startOfMonth } from 'date-fns'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ErrorState } from '@/components/ui/error-state'
import { useCalendarDaysQuery } from '../../api/browse-api'
import { CALENDAR_DESKTOP_QUERY, CALENDAR_EVENTS_PER_DAY, daySummaries, monthFromParam, monthGrid, monthParam, shiftMonth } from './calendar-rules'
import { FullDayList } from './day-list'
import { DAY_LIST_ID, fullDate, MonthGrid } from './month-grid'

/**
 * /events/calendar: Calendar Mode (docs/product/events.md). The month is the URL's `m` (yyyy-MM; this month without it), so a
 * link keeps it; the search `k` and organization filter `o` are the events page's, read from the same query.
 * The whole 6-week grid is asked for at once (published events only, the server's rule), each day's count and its
 * first events as many as the layout shows (4 on desktop, 2 on a phone: the query is keyed by that number, so a
 * resize across 960 px reads once more, and back again from the cache); an opened day reads its whole list.
 */
export default function CalendarView() {
  const [params, setParams] = useSearchParams()
  const desktop = useMediaQuery(CALENDAR_DESKTOP_QUERY, { noSsr: true })
  const asked = params.get('m')
  const key = asked && monthFromParam(asked) ? asked : monthParam(new Date())
  const month = useMemo(() => monthFromParam(key) ?? startOfMonth(new Date()), [key])
  const days = useMemo(() => monthGrid(month), [month])
  const k = params.get('k')?.trim() ?? ''
  const o = params.get('o') ?? ''
  const perDay = desktop ? CALENDAR_EVENTS_PER_DAY.desktop : CALENDAR_EVENTS_PER_DAY.mobile
  const events = useCalendarDaysQuery({ start: days[0].key, end: days[days.length - 1].key, k, o, perDay })
  const items = events.currentData
  const byDay = useMemo(() => daySummaries(items ?? []), [items])
  const [openDay, setOpenDay] = useState<string | null>(null)
  const label = format(month, 'MMMM yyyy')
  const open = openDay ? days.find((day) => day.key === openDay && day.inMonth) : undefined

  const goTo = (next: Date | null) => {
    setOpenDay(null)
    setParams(
      (current) => {
        const query = new URLSearchParams(current)
        if (next) query.set('m', monthParam(next))
        else query.delete('m')
        return query
      },
      { replace: true },
    )
  }
  const step = (by: -1 | 1) => goTo(shiftMonth(month, by))

  return (
    <Box component="section" aria-labelledby="calendar-title" sx={{ width: '100%', maxWidth: 1280, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: 2, boxSizing: 'border-box' }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography id="calendar-title" variant="h2" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, fontWeight: 800, flexGrow: 1 }}>
          Calendar Mode
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          <Button variant="outlined" size="small" onClick={() => goTo(null)}>
            Today
          </Button>
          <IconButton aria-label="Previous month" onClick={() => step(-1)}>
            <ChevronLeftIcon />
          </IconButton>
          <Typography component="p" aria-live="polite" data-testid="calendar-month" sx={{ minWidth: { xs: 130, sm: 160 }, textAlign: 'center', fontWeight: 800, fontSize: { xs: 16, sm: 18 } }}>
            {label}
          </Typography>
          <IconButton aria-label="Next month" onClick={() => step(1)}>
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      </Stack>

      {events.isError && !items ? (
        <ErrorState onRetry={() => void events.refetch()} retrying={events.isFetching} />
      ) : (
        <>
          <Box sx={{ height: 4, mb: 1 }}>{events.isFetching ? <LinearProgress aria-label="Loading events" /> : null}</Box>
          {items && !items.length ? (
            <Typography role="status" sx={{ color: 'text.secondary', mb: 1 }}>
              No events in {label}
            </Typography>
          ) : null}
          <MonthGrid label={label} days={days} byDay={byDay} k={k} o={o} desktop={desktop} openDay={open ? open.key : null} onOpenDay={setOpenDay} onStep={step} />
          {!desktop && open ? (
            <Paper
              key={open.key}
              // the list opens below the grid, out of sight on a phone: brought into view
              ref={(node: HTMLElement | null) => node?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' })}
              id={DAY_LIST_ID}
              component="section" aria-labelledby="calendar-day-title" elevation={0} sx={{ mt: 2, p: 1.5, border: '1px solid', borderColor: 'divider', borderRadius: 2 }}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                <Typography id="calendar-day-title" component="h3" sx={{ fontWeight: 800 }}>
                  {fullDate(open)}
                </Typography>
                <Button onClick={() => setOpenDay(null)}>Hide</Button>
              </Stack>
              <FullDayList day={open} summary={byDay.get(open.key)} k={k} o={o} label={`All events on ${fullDate(open)}`} />
            </Paper>
          ) : null}
        </>
      )}
    </Box>
  )
}

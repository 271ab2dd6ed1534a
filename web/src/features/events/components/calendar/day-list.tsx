import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import { useMemo } from 'react'
import { ErrorState } from '@/components/ui/error-state'
import { useCalendarEventsQuery } from '../../api/browse-api'
import { eventsByDay, type CalendarDay, type DaySummary } from './calendar-rules'
import { DayEventList } from './event-line'

export interface FullDayListProps {
  day: CalendarDay
  /** what the grid's answer said of the day (nothing: no events) */
  summary: DaySummary | undefined
  /** the events page's search and organization filter, as the grid read them */
  k: string
  o: string
  label: string
}

/**
 * A day's whole list (the '+N' popover, the mobile list below the grid). The grid holds only each day's first
 * events: the rest are read when the day is opened (start = end = the day), unless the grid already has them all.
 */
export function FullDayList({ day, summary, k, o, label }: FullDayListProps) {
  const known = !summary || summary.events.length >= summary.total
  const found = useCalendarEventsQuery({ start: day.key, end: day.key, k, o }, { skip: known })
  const held = useMemo(() => summary?.events.map(({ item }) => item) ?? [], [summary])
  const items = known ? held : found.currentData
  const events = useMemo(() => (items ? eventsByDay(items, [day]).get(day.key) ?? [] : []), [items, day])
  if (!items && found.isError) return <ErrorState onRetry={() => void found.refetch()} retrying={found.isFetching} />
  if (!items) {
    return (
      <Box sx={{ py: 1 }}>
        <LinearProgress aria-label="Loading the day's events" />
      </Box>
    )
  }
  return <DayEventList events={events} label={label} />
}

import Box from '@mui/material/Box'
import { useState } from 'react'
import { ErrorState } from '@/components/ui/error-state'
import { EventChip } from '@/components/ui/event-chip'
import { Glyph } from '@/components/ui/glyph'
import { EventPeriodControls, type EventsView } from '@/components/ui/event-period-controls'
import { EmptyState } from '@/components/ui/feedback'
import { ShowMore } from '@/components/ui/show-more'
import { DEFAULT_EVENT_DIRECTION } from '@/lib/event-periods'
import { useBrowseEventsInfiniteQuery, useEventTabsQuery } from '../../api/events-api'
import { BROWSE_PERIODS, BROWSE_TEXTS, currentBrowsePeriod, eventSortParam, formatOrgIds, keywordParam } from '../../rules'
import type { EventPeriod } from '../../types'
import { useBrowseFilters } from './use-browse-filters'

const GRID_COLUMNS = { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' }

function Empty() {
  return <EmptyState icon={<Glyph name="event" size={48} />} title={BROWSE_TEXTS.empty} />
}

function Loading() {
  return (
    <Box role="status" aria-label="Loading events" sx={{ display: 'grid', gridTemplateColumns: GRID_COLUMNS, gap: 2 }}>
      {Array.from({ length: 8 }, (_, index) => (
        <div key={index} className="skel" style={{ height: 240 }} />
      ))}
    </Box>
  )
}

/** One tab's events with the current sort, search and filter: a new query (page 0) whenever one changes. */
function EventsList({ view, keyword, orgs }: { view: EventsView; keyword: string; orgs: string | undefined }) {
  const list = useBrowseEventsInfiniteQuery({
    t: view.period as EventPeriod,
    s: eventSortParam(view.sortBy, view.direction),
    k: keywordParam(keyword),
    o: orgs,
  })
  const events = list.data?.pages.flatMap((page) => page ?? []) ?? []
  if (list.isError && !events.length) return <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
  if (list.isLoading) return <Loading />
  if (!events.length) return <Empty />
  return (
    <Box>
      <Box component="ul" aria-label="Events" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: GRID_COLUMNS, gap: 2 }}>
        {events.map((event, at) => (
          <li key={event.id}>
            <EventChip event={event} eager={at < 3} />
          </li>
        ))}
      </Box>
      <ShowMore list={list} />
    </Box>
  )
}

/**
 * EventsGrid: the period tabs that have events (by GET /api/events/tabs with the organization filter), the
 * sort with each tab's default direction, and the cards, 50 a page by infinite scroll.
 */
export function EventsGrid() {
  const { keyword, orgIds } = useBrowseFilters()
  const orgs = formatOrgIds(orgIds)
  const tabs = useEventTabsQuery({ o: orgs })
  const [chosen, setChosen] = useState<EventsView | null>(null)
  const period = currentBrowsePeriod((chosen?.period as EventPeriod | undefined) ?? null, tabs.data)
  // a tab that loses its events (another filter) gives way to the first one left, with that tab's direction
  const view: EventsView | null = period
    ? chosen?.period === period
      ? chosen
      : { period, sortBy: chosen?.sortBy ?? 'date', direction: DEFAULT_EVENT_DIRECTION[period] }
    : null

  let body
  if (tabs.isError && !tabs.data) body = <ErrorState onRetry={() => void tabs.refetch()} retrying={tabs.isFetching} />
  else if (tabs.isLoading) body = <Loading />
  else if (!view) body = <Empty />
  else {
    body = (
      <>
        <EventPeriodControls counts={tabs.data ?? {}} view={view} onView={setChosen} periods={BROWSE_PERIODS} showCounts={false} />
        <EventsList view={view} keyword={keyword} orgs={orgs} />
      </>
    )
  }
  return (
    // The section holds the screen while it loads and when it is empty: the footer below never jumps up (layout shift).
    <Box component="section" aria-label="Events grid" sx={{ width: '100%', maxWidth: 1280, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: 2, minHeight: '80vh', boxSizing: 'border-box' }}>
      {body}
    </Box>
  )
}

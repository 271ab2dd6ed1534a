import Box from '@mui/material/Box'
import Pagination from '@mui/material/Pagination'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import EventIcon from '@mui/icons-material/Event'
import { useState } from 'react'
import { ErrorState } from '@/components/ui/error-state'
import { EventChip } from '@/components/ui/event-chip'
import { EmptyState } from '@/components/ui/feedback'
import type { EventTab } from '@/lib/event-periods'
import type { SortDirection } from '@/lib/lists'
import { useProfileEventsQuery, useProfileEventTabsQuery, type ProfileEventsQuery } from '../api/profile-events-api'
import { firstProfilePeriod, HAPPENING_NOW_SIZE, pageCount, PROFILE_EVENTS_PAGE_SIZE, profilePeriods } from '../rules'

const GRID = { listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2 } as const

function EventGrid({ query, label, expected }: { query: ProfileEventsQuery; label: string; expected: number }) {
  const list = useProfileEventsQuery(query)
  const events = list.currentData
  if (list.isError && !events) return <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
  if (!events) {
    return (
      <Box role="status" aria-label="Loading events" sx={GRID}>
        {Array.from({ length: Math.min(Math.max(expected, 1), 3) }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={220} />
        ))}
      </Box>
    )
  }
  if (!events.length) return <EmptyState icon={<EventIcon fontSize="inherit" />} title="No events here" />
  return (
    <Box component="ul" aria-label={label} sx={GRID}>
      {events.map((event) => (
        <li key={event.id}>
          <EventChip event={event} />
        </li>
      ))}
    </Box>
  )
}

/**
 * The profile's Events tab (docs/product/events.md): a 'Happening now' list while the dancer has events
 * happening, then the sub-tabs now, past, draft (the owner only) and future with their counts, sorted A-Z or
 * Z-A, 5 a page with pagination. The events are those the dancer organizes or works at (the server's `u`).
 */
export function ProfileEventsTab({ userId, owner, name }: { userId: number; owner: boolean; name: string }) {
  const tabs = useProfileEventTabsQuery(userId)
  const [chosen, setChosen] = useState<EventTab | null>(null)
  const [direction, setDirection] = useState<SortDirection>('asc')
  const [page, setPage] = useState(1)

  if (tabs.isError && !tabs.data) return <ErrorState onRetry={() => void tabs.refetch()} retrying={tabs.isFetching} />
  if (!tabs.data) return <Skeleton variant="rounded" height={48} aria-label="Loading events" />

  const counts = tabs.data
  const periods = profilePeriods(owner)
  if (periods.every((period) => !counts[period.key])) {
    return <EmptyState icon={<EventIcon fontSize="inherit" />} title="No events yet" text={`The events ${name} organizes or works at will be listed here.`} />
  }
  const period = chosen && periods.some((item) => item.key === chosen) ? chosen : firstProfilePeriod(counts, owner)
  const count = counts[period] ?? 0
  const pages = pageCount(count)
  const current = Math.min(page, pages)
  const label = periods.find((item) => item.key === period)?.label ?? ''
  const nowCount = counts.now ?? 0

  return (
    <Box>
      {nowCount > 0 ? (
        <Box component="section" aria-labelledby="happening-now-title" sx={{ mb: 4 }}>
          <Typography id="happening-now-title" variant="h3" component="h2" sx={{ mb: 2 }}>
            Happening now
          </Typography>
          <EventGrid query={{ u: userId, t: 'now', s: 'date-asc', p: 0, pp: HAPPENING_NOW_SIZE }} label="Happening now" expected={nowCount} />
        </Box>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Tabs
          value={period}
          onChange={(_event, value: EventTab) => {
            setChosen(value)
            setPage(1)
          }}
          aria-label="Events by period"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {periods.map((item) => (
            <Tab key={item.key} value={item.key} label={`${item.label} (${counts[item.key] ?? 0})`} />
          ))}
        </Tabs>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={direction}
          onChange={(_event, value: SortDirection | null) => {
            if (!value) return
            setDirection(value)
            setPage(1)
          }}
          aria-label="Sort by title"
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          <ToggleButton value="asc" sx={{ px: 2, fontWeight: 700 }}>
            A-Z
          </ToggleButton>
          <ToggleButton value="desc" sx={{ px: 2, fontWeight: 700 }}>
            Z-A
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <EventGrid
        query={{ u: userId, t: period, s: `title-${direction}`, p: current - 1, pp: PROFILE_EVENTS_PAGE_SIZE }}
        label={`Events: ${label}`}
        expected={Math.min(count, PROFILE_EVENTS_PAGE_SIZE)}
      />
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={current}
          onChange={(_event, value) => setPage(value)}
          color="primary"
          sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
        />
      ) : null}
    </Box>
  )
}

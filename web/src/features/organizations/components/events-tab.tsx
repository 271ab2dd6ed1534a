import Box from '@mui/material/Box'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import EventIcon from '@mui/icons-material/Event'
import { useState } from 'react'
import { EmptyState } from '@/components/ui/feedback'
import {
  DEFAULT_EVENT_DIRECTION,
  EVENT_SORT_FIELDS,
  firstEventPeriod,
  visibleEventPeriods,
  type EventCounts,
  type EventPeriod,
  type EventSortField,
} from '../rules'
import type { Organization } from '../types'
import { DirectionToggle } from '@/components/ui/direction-toggle'
import type { SortDirection } from '@/lib/lists'

export interface EventsView {
  period: EventPeriod
  sortBy: EventSortField
  direction: SortDirection
}

/** The sub-tabs with events (count above 0) and the sort: Date created or A-Z, with a direction toggle. */
export function EventPeriodControls({ counts, view, onView }: { counts: EventCounts; view: EventsView; onView: (view: EventsView) => void }) {
  const periods = visibleEventPeriods(counts)
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', gap: 2, mb: 2 }}>
      <Tabs
        value={view.period}
        onChange={(_event, period: EventPeriod) => onView({ period, sortBy: view.sortBy, direction: DEFAULT_EVENT_DIRECTION[period] })}
        aria-label="Events by period"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {periods.map((period) => (
          <Tab key={period.key} value={period.key} label={`${period.label} (${counts[period.key]})`} />
        ))}
      </Tabs>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField select size="small" label="Sort by" value={view.sortBy} onChange={(event) => onView({ ...view, sortBy: event.target.value as EventSortField })} sx={{ minWidth: 160 }}>
          {EVENT_SORT_FIELDS.map((field) => (
            <MenuItem key={field.key} value={field.key}>
              {field.label}
            </MenuItem>
          ))}
        </TextField>
        <DirectionToggle direction={view.direction} onChange={(direction) => onView({ ...view, direction })} />
      </Stack>
    </Stack>
  )
}

/**
 * The events service is not deployed yet, so there is nothing to count or list: no call is made (the gateway
 * would answer 503) and every count is 0. When it is, its counts by period feed `counts` and its pages (8 a
 * page) load under the controls by infinite scroll.
 */
const NO_EVENT_COUNTS: EventCounts = {}

export function EventsTab({ org, counts = NO_EVENT_COUNTS }: { org: Organization; counts?: EventCounts }) {
  const first = firstEventPeriod(counts)
  const [view, setView] = useState<EventsView | null>(first ? { period: first, sortBy: 'date', direction: DEFAULT_EVENT_DIRECTION[first] } : null)

  if (!view) {
    return (
      <EmptyState
        icon={<EventIcon fontSize="inherit" />}
        title="No events yet"
        text={`The events ${org.name} throws will be listed here: happening now, upcoming and past. Events open on Cypher soon.`}
      />
    )
  }
  return (
    <Box>
      <EventPeriodControls counts={counts} view={view} onView={setView} />
    </Box>
  )
}

import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import {
  DEFAULT_EVENT_DIRECTION,
  EVENT_PERIODS,
  EVENT_SORT_FIELDS,
  visibleEventPeriods,
  type EventCounts,
  type EventPeriod,
  type EventSortField,
} from '@/lib/event-periods'
import type { SortDirection } from '@/lib/lists'
import { DirectionToggle } from './direction-toggle'

export interface EventsView {
  period: EventPeriod
  sortBy: EventSortField
  direction: SortDirection
}

/**
 * The sub-tabs with events (count above 0) and the sort: Date created or A-Z, with a direction toggle. `periods`
 * names the tabs of this list and their order (default: the organization and profile lists'); `showCounts`
 * adds each count to its label.
 */
export function EventPeriodControls({
  counts,
  view,
  onView,
  periods: names = EVENT_PERIODS,
  showCounts = true,
}: {
  counts: EventCounts
  view: EventsView
  onView: (view: EventsView) => void
  periods?: { key: EventPeriod; label: string }[]
  showCounts?: boolean
}) {
  const periods = visibleEventPeriods(counts, names)
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
          <Tab key={period.key} value={period.key} label={showCounts ? `${period.label} (${counts[period.key]})` : period.label} />
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


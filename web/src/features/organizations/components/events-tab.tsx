import Box from '@mui/material/Box'
import EventIcon from '@mui/icons-material/Event'
import { EmptyState } from '@/components/ui/feedback'
import { EventPeriodControls, type EventsView } from '@/components/ui/event-period-controls'
import type { Organization } from '../types'

export { EventPeriodControls, type EventsView }

/** The organization has no events yet (or the events list is not given): said so, with what will be here. */
export function NoEventsYet({ org }: { org: Organization }) {
  return (
    <EmptyState
      icon={<EventIcon fontSize="inherit" />}
      title="No events yet"
      text={`The events ${org.name} throws will be listed here: happening now, upcoming and past.`}
    />
  )
}

/** The fallback of the Events tab when the page is shown without the events screens (the app gives them). */
export function EventsTab({ org }: { org: Organization }) {
  return (
    <Box>
      <NoEventsYet org={org} />
    </Box>
  )
}

import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Skeleton from '@mui/material/Skeleton'
import EventIcon from '@mui/icons-material/Event'
import MoreVertIcon from '@mui/icons-material/MoreVert'
import { useState } from 'react'
import { ConfirmActionDialog } from '@/components/ui/dialogs'
import { ErrorState } from '@/components/ui/error-state'
import { EventChip } from '@/components/ui/event-chip'
import { EventPeriodControls, type EventsView } from '@/components/ui/event-period-controls'
import { EmptyState } from '@/components/ui/feedback'
import { ShowMore } from '@/components/ui/show-more'
import { DEFAULT_EVENT_DIRECTION, firstEventPeriod, type EventCounts } from '@/lib/event-periods'
import { useDeleteEventMutation, useEventTabsQuery, useListEventsInfiniteQuery, usePublishEventMutation } from '../api/events-api'
import { CANCEL_TEXTS, canCancel, canDelete, deleteQuestion, eventSortParam } from '../rules'
import type { EventItem } from '../types'
import { CancelEventDialog } from './cancel-event-dialog'

interface OrgRef {
  id: number
  name: string
  canEdit?: boolean
}

function EditorMenu({ event, onRemove, onCancel }: { event: EventItem; onRemove: (event: EventItem) => void; onCancel: (event: EventItem) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [publish] = usePublishEventMutation()
  const close = () => setAnchor(null)
  return (
    <>
      <IconButton aria-label={`Actions for ${event.title || 'Untitled'}`} aria-haspopup="menu" onClick={(click) => setAnchor(click.currentTarget)} sx={{ bgcolor: 'background.paper' }}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {/* a draft is removed; a published event is cancelled (its tickets refunded, its people told) */}
        {canDelete(event) ? (
          <MenuItem
            onClick={() => {
              close()
              onRemove(event)
            }}
          >
            Remove event
          </MenuItem>
        ) : null}
        {canCancel(event) ? (
          <MenuItem
            onClick={() => {
              close()
              onCancel(event)
            }}
          >
            {CANCEL_TEXTS.action}
          </MenuItem>
        ) : null}
        {event.status === 'draft' ? (
          <MenuItem
            onClick={() => {
              close()
              // the lists and counts re-read when it is published; a refusal is a toast
              publish(event.id)
            }}
          >
            Publish event
          </MenuItem>
        ) : null}
      </Menu>
    </>
  )
}

function EventsList({ org, view }: { org: OrgRef; view: EventsView }) {
  const list = useListEventsInfiniteQuery({ o: org.id, t: view.period, s: eventSortParam(view.sortBy, view.direction) })
  const [remove] = useDeleteEventMutation()
  const [removing, setRemoving] = useState<EventItem | null>(null)
  const [cancelling, setCancelling] = useState<EventItem | null>(null)
  const events = list.data?.pages.flatMap((page) => page ?? []) ?? []

  if (list.isError && !events.length) return <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
  if (list.isLoading) {
    return (
      <Box role="status" aria-label="Loading events" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={220} />
        ))}
      </Box>
    )
  }
  if (!events.length) return <EmptyState icon={<EventIcon fontSize="inherit" />} title="No events here" />
  return (
    <Box>
      <Box component="ul" aria-label={`${org.name} events`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
        {events.map((event) => (
          <li key={event.id}>
            <EventChip event={event} action={org.canEdit ? <EditorMenu event={event} onRemove={setRemoving} onCancel={setCancelling} /> : undefined} />
          </li>
        ))}
      </Box>
      <ShowMore list={list} />
      <ConfirmActionDialog
        subject={removing}
        title={deleteQuestion(removing?.title)}
        confirmLabel="Remove event"
        destructive
        action={(event) => remove(event.id).unwrap()}
        onClose={() => setRemoving(null)}
      />
      <CancelEventDialog event={cancelling} onClose={() => setCancelling(null)} />
    </Box>
  )
}

/**
 * The organization page's Events tab (docs/product/events.md): the sub-tabs with events and their counts, the sort with
 * its per-tab direction, and 8 events a page by infinite scroll.
 */
export function OrgEventsTab({ org }: { org: OrgRef }) {
  const tabs = useEventTabsQuery({ o: org.id })
  const counts: EventCounts = tabs.data ?? {}
  const [view, setView] = useState<EventsView | null>(null)
  const first = firstEventPeriod(counts)
  // the first non-empty sub-tab once the counts are known; a sub-tab that empties (its last event removed)
  // gives way to the first one left
  const current = view && (counts[view.period] ?? 0) > 0 ? view : first ? { period: first, sortBy: view?.sortBy ?? 'date', direction: DEFAULT_EVENT_DIRECTION[first] } : null

  if (tabs.isError && !tabs.data) return <ErrorState onRetry={() => void tabs.refetch()} retrying={tabs.isFetching} />
  if (tabs.isLoading) return <Skeleton variant="rounded" height={48} aria-label="Loading events" />
  if (!current) {
    return <EmptyState icon={<EventIcon fontSize="inherit" />} title="No events yet" text={`The events ${org.name} throws will be listed here: happening now, upcoming and past.`} />
  }
  return (
    <Box>
      <EventPeriodControls counts={counts} view={current} onView={setView} />
      <EventsList org={org} view={current} />
    </Box>
  )
}

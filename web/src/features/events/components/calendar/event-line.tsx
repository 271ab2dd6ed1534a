import Box from '@mui/material/Box'
import EventIcon from '@mui/icons-material/Event'
import { Link as RouterLink } from 'react-router'
import { paths } from '@/config/paths'
import { imageUrl } from '@/lib/api/images'
import { dayTime, itemTitle, type DayEvent } from './calendar-rules'

/**
 * An event in the calendar: its image, time (the venue's wall time) and title ('Untitled' if empty), opening
 * the event. `compact` is the desktop cell's one line; otherwise a row of the day's list (popover, mobile).
 */
export function EventLine({ event, compact = false }: { event: DayEvent; compact?: boolean }) {
  const { item } = event
  const size = compact ? 22 : 44
  const src = imageUrl(item.img, compact ? 48 : 100, 'event')
  return (
    <Box
      component={RouterLink}
      to={paths.event.getHref(item.id)}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: compact ? 0.5 : 1.5,
        minWidth: 0,
        px: compact ? 0.5 : 1,
        py: compact ? 0.25 : 1,
        minHeight: compact ? 26 : 48,
        borderRadius: 1,
        color: 'inherit',
        textDecoration: 'none',
        fontSize: compact ? 12 : 15,
        lineHeight: 1.3,
        '&:hover': { bgcolor: 'action.hover' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      <Box sx={{ width: size, height: size, flexShrink: 0, borderRadius: compact ? 0.5 : 1, overflow: 'hidden', bgcolor: 'grey.200', display: 'grid', placeItems: 'center' }}>
        {src ? (
          <Box component="img" src={src} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <EventIcon aria-hidden="true" sx={{ fontSize: compact ? 14 : 24, color: 'grey.500' }} />
        )}
      </Box>
      <Box component="span" sx={{ fontWeight: 700, color: 'primary.main', flexShrink: 0, whiteSpace: 'nowrap' }}>
        {dayTime(event)}
      </Box>
      <Box component="span" sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: compact ? 'nowrap' : 'normal', fontWeight: compact ? 500 : 700, overflowWrap: 'anywhere' }}>
        {itemTitle(item)}
      </Box>
    </Box>
  )
}

/** A day's whole list (the '+N' popover and the mobile list below the grid). */
export function DayEventList({ events, label }: { events: DayEvent[]; label: string }) {
  if (!events.length) return <Box sx={{ color: 'text.secondary', py: 1 }}>No events on this day</Box>
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
      {events.map((event) => (
        <li key={event.item.id}>
          <EventLine event={event} />
        </li>
      ))}
    </Box>
  )
}

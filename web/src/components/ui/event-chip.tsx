import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { paths } from '@/config/paths'
import { imageUrl } from '@/lib/api/images'
import type { EventItem } from '@/lib/api/types'
import { Glyph } from './glyph'

/** What the chip shows of an event of GET /api/events. */
export type EventChipData = Pick<EventItem, 'id' | 'title' | 'image' | 'dateFlat' | 'timeFlat' | 'locationAddress' | 'status' | 'cancelledAt'>

/**
 * An event in a list: its image, date and time (the venue's), address and title, opening the event; `action` sits
 * in a corner. `eager`: a card of the first row, whose image is the page's largest paint (not left to lazy loading).
 */
export function EventChip({ event, action, eager = false }: { event: EventChipData; action?: ReactNode; eager?: boolean }) {
  const src = imageUrl(event.image, 400, 'event')
  return (
    <Box sx={{ position: 'relative', border: '1px solid', borderColor: 'divider', borderRadius: 2, overflow: 'hidden', height: '100%', bgcolor: 'background.paper' }}>
      <Box component={RouterLink} to={paths.event.getHref(event.id)} sx={{ display: 'block', color: 'inherit', textDecoration: 'none', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' } }}>
        <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'grey.200', display: 'grid', placeItems: 'center' }}>
          {src ? <Box component="img" src={src} alt="" loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : 'auto'} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <Glyph name="event" size={48} style={{ color: '#9e9e9e' }} />}
        </Box>
        <Box sx={{ p: 1.5, pr: action ? 6 : 1.5 }}>
          <Typography variant="body2" sx={{ color: 'primary.main', fontWeight: 700 }}>
            {event.dateFlat ? `${event.dateFlat}${event.timeFlat ? ` · ${event.timeFlat}` : ''}` : 'No date yet'}
          </Typography>
          {event.locationAddress ? (
            <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
              {event.locationAddress}
            </Typography>
          ) : null}
          <Typography sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>{event.title || 'Untitled'}</Typography>
          {event.status === 'draft' ? <span className="draft-label">Draft</span> : null}
          {event.cancelledAt ? <span className="cancelled-label">Cancelled</span> : null}
        </Box>
      </Box>
      {action ? <Box sx={{ position: 'absolute', right: 4, bottom: 4 }}>{action}</Box> : null}
    </Box>
  )
}

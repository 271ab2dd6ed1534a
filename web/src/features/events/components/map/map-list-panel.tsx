import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import EventIcon from '@mui/icons-material/Event'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { paths } from '@/config/paths'
import { imageUrl } from '@/lib/api/images'
import type { EventPeriod, MapEvent, MapStats } from '../../types'
import { MAP_ITEM_ATTRIBUTE, useVisibleItems } from '@/components/map/use-visible-items'
import { MAP_PERIODS, NO_EVENTS_IN_AREA } from './rules'

/** The map's list panel: the tabs now, future and past with their counts in view, and the events in view. */
export function MapListPanel({
  period,
  stats,
  events,
  loading,
  scrollBox,
  onPeriod,
  onVisible,
}: {
  period: EventPeriod
  stats: MapStats | null
  events: MapEvent[]
  loading: boolean
  /** the element the list scrolls in (null: the window) */
  scrollBox: HTMLElement | null
  onPeriod: (period: EventPeriod) => void
  onVisible: (ids: Set<number>) => void
}) {
  const [list, setList] = useState<HTMLElement | null>(null)
  useVisibleItems(scrollBox, list, events, onVisible)
  return (
    <Box>
      <Tabs value={period} onChange={(_event, value: EventPeriod) => onPeriod(value)} aria-label="Map events by period" variant="fullWidth" sx={{ borderBottom: 1, borderColor: 'divider', position: 'sticky', top: 0, bgcolor: 'background.paper', zIndex: 1 }}>
        {MAP_PERIODS.map((item) => (
          <Tab key={item.key} value={item.key} label={`${item.label} (${stats?.[item.key] ?? 0})`} sx={{ minWidth: 0, px: 1 }} />
        ))}
      </Tabs>
      {loading && !events.length ? (
        <Box role="status" aria-label="Loading events" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress size={28} />
        </Box>
      ) : !events.length ? (
        <Box sx={{ textAlign: 'center', py: 4, px: 2, color: 'text.secondary' }}>
          <EventIcon aria-hidden="true" sx={{ fontSize: 40 }} />
          <Typography sx={{ fontWeight: 700, color: 'text.primary' }}>{NO_EVENTS_IN_AREA}</Typography>
        </Box>
      ) : (
        <Box component="ul" ref={setList} aria-label="Events in this area" sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1 }}>
          {events.map((event) => {
            const src = imageUrl(event.image, 100, 'event')
            return (
              <li key={event.id} {...{ [MAP_ITEM_ATTRIBUTE]: event.id }}>
                <Box
                  component={RouterLink}
                  to={paths.event.getHref(event.id)}
                  sx={{ display: 'flex', gap: 1.5, alignItems: 'center', p: 1, borderRadius: 2, color: 'inherit', textDecoration: 'none', border: '1px solid', borderColor: 'divider', '&:hover, &:focus-visible': { bgcolor: 'action.hover' }, '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' } }}
                >
                  <Box sx={{ width: 64, height: 64, flex: 'none', borderRadius: 1.5, overflow: 'hidden', bgcolor: 'grey.200', display: 'grid', placeItems: 'center' }}>
                    {src ? <Box component="img" src={src} alt="" loading="lazy" width={64} height={64} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <EventIcon aria-hidden="true" sx={{ color: 'grey.500' }} />}
                  </Box>
                  <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {event.locationAddress || `Event ${event.id}`}
                  </Typography>
                </Box>
              </li>
            )
          })}
        </Box>
      )}
    </Box>
  )
}

import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import EventIcon from '@mui/icons-material/Event'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { DirectionToggle } from '@/components/ui/direction-toggle'
import { PageLoader } from '@/components/ui/feedback'
import { ShowMore } from '@/components/ui/show-more'
import { paths } from '@/config/paths'
import { imageUrl } from '@/lib/api/images'
import { pageItems, type SortDirection } from '@/lib/lists'
import { useStudioCompetitionsInfiniteQuery } from '../api/studios-api'
import { COMPETITION_SORT_FIELDS, defaultDirection, eventDay, place, sortParam, STUDIO_CHIP_IMAGE_SIZE, STUDIO_TEXTS, type CompetitionSortField } from '../rules'
import type { Studio, StudioEvent } from '../types'
import { BattleList } from './studio-events'

function CompetitionChip({ event }: { event: StudioEvent }) {
  const src = imageUrl(event.image, STUDIO_CHIP_IMAGE_SIZE, 'event')
  return (
    <Accordion disableGutters elevation={0} slotProps={{ transition: { unmountOnExit: true } }} sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 2, '&:before': { display: 'none' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ '& .MuiAccordionSummary-content': { alignItems: 'center', gap: 1.5, minWidth: 0 } }}>
        <Box sx={{ width: 64, height: 64, flex: 'none', borderRadius: 1.5, overflow: 'hidden', bgcolor: 'grey.200', display: 'grid', placeItems: 'center' }}>
          {src ? <Box component="img" src={src} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <EventIcon aria-hidden="true" sx={{ color: 'grey.500' }} />}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
            {event.title || 'Untitled event'}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {[place(event.city, event.state), eventDay(event.dateStart)].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails>
        <BattleList battles={event.battles} />
        <Button component={RouterLink} to={paths.event.getHref(event.id)} variant="outlined" size="small" sx={{ mt: 2 }} aria-label={`${STUDIO_TEXTS.toEvent}: ${event.title}`}>
          {STUDIO_TEXTS.toEvent}
        </Button>
      </AccordionDetails>
    </Accordion>
  )
}

/** Competitions: sorted by 'Date created' or 'A - Z' with a direction; each event expands to its battles. */
export function CompetitionsTab({ studio }: { studio: Studio }) {
  const [field, setField] = useState<CompetitionSortField>('date')
  const [direction, setDirection] = useState<SortDirection>(defaultDirection('date'))
  const list = useStudioCompetitionsInfiniteQuery({ id: studio.id, sortBy: sortParam(field, direction) })
  const events = list.isError ? [] : pageItems(list.data?.pages)

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2 }}>
        <TextField
          select
          size="small"
          label="Sort by"
          value={field}
          onChange={(event) => {
            const next = event.target.value as CompetitionSortField
            setField(next)
            setDirection(defaultDirection(next))
          }}
          sx={{ minWidth: 160 }}
        >
          {COMPETITION_SORT_FIELDS.map((option) => (
            <MenuItem key={option.key} value={option.key}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <DirectionToggle direction={direction} onChange={setDirection} />
      </Stack>
      {list.isLoading || (list.isFetching && !list.isFetchingNextPage && !events.length && !list.isError) ? (
        <PageLoader label="Loading competitions" />
      ) : events.length ? (
        <Stack component="ul" aria-label="Competitions" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {events.map((event) => (
            <li key={event.id}>
              <CompetitionChip event={event} />
            </li>
          ))}
        </Stack>
      ) : (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>{STUDIO_TEXTS.noCompetitions}</Typography>
      )}
      {list.isError ? null : <ShowMore list={list} />}
    </Box>
  )
}

import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { battleLabel, eventDay, place, STUDIO_TEXTS } from '../rules'
import type { StudioBattle, StudioEvent } from '../types'
import { RankBadge } from './rank'

/** Battles as 'title crewSize vs crewSize', each with its rank. */
export function BattleList({ battles }: { battles: StudioBattle[] }) {
  if (!battles.length) return null
  return (
    <Box component="ul" aria-label="Battles" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
      {battles.map((battle) => (
        <Box component="li" key={battle.id} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {battleLabel(battle)}
          </Typography>
          <RankBadge rank={battle.rank} />
        </Box>
      ))}
    </Box>
  )
}

/** A member's events: city, state, date and the battles with their rank. */
export function MemberEvents({ events }: { events: StudioEvent[] | undefined }) {
  if (!events?.length) return <Typography sx={{ color: 'text.secondary' }}>{STUDIO_TEXTS.memberNoEvents}</Typography>
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {events.map((event) => (
        <Box component="li" key={event.id} sx={{ borderLeft: '3px solid', borderColor: 'primary.main', pl: 1.5 }}>
          <Typography sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>{event.title || 'Untitled event'}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.75 }}>
            {[place(event.city, event.state), eventDay(event.dateStart)].filter(Boolean).join(' · ')}
          </Typography>
          <BattleList battles={event.battles} />
        </Box>
      ))}
    </Box>
  )
}

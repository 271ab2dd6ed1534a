import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { BADGE_THRESHOLDS, badgeEarned, DIMMED_OPACITY } from '../rules'

function Crown() {
  return (
    <Box component="svg" viewBox="0 0 24 24" sx={{ width: 28, height: 28, position: 'absolute', top: -16, left: '50%', transform: 'translateX(-50%)' }} aria-hidden="true">
      <path d="M3 18h18l-1.5-9-4.5 4-3-7-3 7-4.5-4z" fill="#f2b705" stroke="#8a6d00" strokeWidth="1" />
    </Box>
  )
}

/** Badges for 1, 10, 40, 80 and 100 events attended; not yet earned ones are dimmed. */
export function Badges({ eventsAttended }: { eventsAttended: number | null | undefined }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 3 }}>
      {BADGE_THRESHOLDS.map((threshold) => {
        const earned = badgeEarned(threshold, eventsAttended)
        return (
          <Box
            component="li"
            key={threshold}
            data-testid={`badge-${threshold}`}
            data-earned={earned}
            sx={{ opacity: earned ? 1 : DIMMED_OPACITY, textAlign: 'center' }}
          >
            <Box sx={{ position: 'relative', width: 96, height: 96, mx: 'auto', mt: 2, borderRadius: '50%', display: 'grid', placeItems: 'center', color: '#fff', background: 'radial-gradient(circle at 30% 30%, #d9393f, #6e0b10)', boxShadow: 3 }}>
              {threshold === 100 ? <Crown /> : null}
              <Typography component="span" sx={{ fontWeight: 900, fontSize: 30 }}>
                {threshold}
              </Typography>
            </Box>
            <Typography sx={{ mt: 1, fontWeight: 700 }}>
              {threshold === 1 ? '1 event attended' : `${threshold} events attended`}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {earned ? 'Earned' : 'Not earned yet'}
            </Typography>
          </Box>
        )
      })}
    </Box>
  )
}

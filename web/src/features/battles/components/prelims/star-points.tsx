import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import StarIcon from '@mui/icons-material/Star'
import StarBorderIcon from '@mui/icons-material/StarBorder'
import StarHalfIcon from '@mui/icons-material/StarHalf'
import { halfToggled, starClicked, STAR_VALUES } from '../../prelims-rules'

const target = { width: 44, height: 44, borderRadius: 1, color: 'warning.main', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }

/**
 * Prelims points (docs/product/competition.md): stars 1 to 10 and a half star that adds or takes off .5; the active
 * integer clicked again clears the score. Each star is a 44 px toggle button, in two rows on a phone.
 */
export function StarPoints({ label, value, onChange, disabled }: { label: string; value: number; onChange: (points: number) => void; disabled?: boolean }) {
  const active = Math.floor(value)
  const half = !Number.isInteger(value)
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', maxWidth: { xs: 6 * 44, sm: 'none' } }}>
      {STAR_VALUES.map((star) => (
        <ButtonBase
          key={star}
          aria-label={`${star} ${star === 1 ? 'point' : 'points'}`}
          aria-pressed={star === active}
          disabled={disabled}
          onClick={() => onChange(starClicked(value, star))}
          sx={target}
        >
          {star <= active ? <StarIcon /> : <StarBorderIcon />}
        </ButtonBase>
      ))}
      <ButtonBase aria-label="Half point" aria-pressed={half} disabled={disabled || value <= 0} onClick={() => onChange(halfToggled(value))} sx={{ ...target, color: half ? 'warning.main' : 'text.secondary' }}>
        <StarHalfIcon />
      </ButtonBase>
      <Box component="span" aria-live="polite" sx={{ fontWeight: 800, minWidth: 40, textAlign: 'center' }} data-testid="star-value">
        {value > 0 ? value : '—'}
      </Box>
    </Box>
  )
}

import Box from '@mui/material/Box'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { halfOf, MAX_POINTS, WHOLE_POINTS, wholeOf, withHalf } from '../../bracket-rules'

interface PointsPickerProps {
  /** e.g. 'Round 1 red' */
  label: string
  value: number | null
  disabled?: boolean
  color: 'red' | 'blue'
  onChange: (points: number | null) => void
}

/** A judge's points for one side of one round: 6 to 10, plus a half point (not on top of 10). */
export function PointsPicker({ label, value, disabled = false, color, onChange }: PointsPickerProps) {
  const whole = wholeOf(value)
  const half = halfOf(value)
  // MUI's info is blue (the theme's primary is red)
  const tint = color === 'red' ? 'error' : 'info'
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <ToggleButtonGroup
        exclusive
        value={whole}
        disabled={disabled}
        color={tint}
        aria-label={`${label} points`}
        onChange={(_event, next: number | null) => onChange(next === null ? null : withHalf(next, half))}
      >
        {WHOLE_POINTS.map((points) => (
          <ToggleButton key={points} value={points} aria-label={`${label} ${points} points`} sx={{ minWidth: 44, minHeight: 44, fontWeight: 800 }}>
            {points}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ToggleButton
        value="half"
        selected={half}
        color={tint}
        disabled={disabled || whole === null || whole >= MAX_POINTS}
        aria-label={`${label} half point`}
        onChange={() => whole !== null && onChange(withHalf(whole, !half))}
        sx={{ minWidth: 44, minHeight: 44, fontWeight: 800 }}
      >
        <Typography component="span" aria-hidden="true" sx={{ fontWeight: 800 }}>
          +½
        </Typography>
      </ToggleButton>
    </Box>
  )
}

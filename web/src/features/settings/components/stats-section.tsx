import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import type { Privacy } from '@/lib/api/types'

const SWITCHES: { key: keyof Privacy; label: string }[] = [
  { key: 'eventsAttended', label: 'Events Attended' },
  { key: 'battlesEntered', label: 'Battles Entered' },
  { key: 'battlesWon', label: 'Battles Won' },
  { key: 'eventsDj', label: "Events DJ'd" },
  { key: 'battlesJudged', label: 'Battles Judged' },
]

/** Which stats the public sees on the profile (a switch on means visible). */
export function StatsSection({ privacy, onChange }: { privacy: Privacy; onChange: (changes: Partial<Privacy>) => void }) {
  return (
    <>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>Choose which stats everyone can see on your profile.</Typography>
      <FormGroup>
        {SWITCHES.map((item) => (
          <FormControlLabel
            key={item.key}
            control={<Switch checked={privacy[item.key] ?? true} onChange={(event) => onChange({ [item.key]: event.target.checked })} />}
            label={item.label}
            sx={{ py: 0.5 }}
          />
        ))}
      </FormGroup>
    </>
  )
}

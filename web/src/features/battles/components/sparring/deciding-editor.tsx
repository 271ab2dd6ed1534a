import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Slider from '@mui/material/Slider'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { useMemo, useState } from 'react'
import { sideName, SPARRING_TEXTS } from '../../bracket-rules'
import type { Sparring } from '../../bracket-types'
import {
  FADER_MAX,
  FADER_MIN,
  faderSide,
  fadersOf,
  faderText,
  JUDGING_TEXTS,
  markEntries,
  marksChanged,
  shownRounds,
  type MarkEntry,
  type MarksDraft,
  type Verdict,
} from '../../judging-rules'
import { BLUE, RED, roundLabel } from './score-rows'

interface DecidingEditorProps {
  sparring: Sparring
  saved: MarksDraft
  pending: boolean
  online: boolean
  onSubmit: (rounds: MarkEntry[]) => void
}

const verdictName = (sparring: Sparring, verdict: Verdict) => (verdict === 'tie' ? JUDGING_TEXTS.tie : sideName(sparring[verdict]))
const verdictColor = (verdict: Verdict) => (verdict === 'red' ? RED : verdict === 'blue' ? BLUE : 'text.secondary')

/** Point at the winner: red, a tie, blue — three targets a thumb finds on a tablet held in two hands. */
function PickRound({ sparring, label, value, onChange }: { sparring: Sparring; label: string; value: Verdict | undefined; onChange: (verdict: Verdict) => void }) {
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      value={value ?? null}
      aria-label={`${label} winner`}
      onChange={(_event, next: Verdict | null) => next && onChange(next)}
      sx={{ '& .MuiToggleButton-root': { minHeight: 64, fontWeight: 800, fontSize: '1rem', textTransform: 'none' } }}
    >
      <ToggleButton value="red" color="error" aria-label={`${label}: ${sideName(sparring.red)}`} sx={{ overflowWrap: 'anywhere' }}>
        {sideName(sparring.red)}
      </ToggleButton>
      <ToggleButton value="tie" aria-label={`${label}: ${JUDGING_TEXTS.tie}`} sx={{ maxWidth: 120 }}>
        {JUDGING_TEXTS.tie}
      </ToggleButton>
      <ToggleButton value="blue" color="info" aria-label={`${label}: ${sideName(sparring.blue)}`} sx={{ overflowWrap: 'anywhere' }}>
        {sideName(sparring.blue)}
      </ToggleButton>
    </ToggleButtonGroup>
  )
}

/** One fader per criterion, red's end on the left and blue's on the right, centred at even. */
function FaderRound({ sparring, label, faders, onChange }: { sparring: Sparring; label: string; faders: number[]; onChange: (faders: number[]) => void }) {
  const red = sideName(sparring.red)
  const blue = sideName(sparring.blue)
  const vote = faderSide(faders)
  return (
    <Stack spacing={1}>
      {sparring.criteria.map((criterion, index) => (
        <Box key={criterion}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 700 }}>
              {criterion}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }} aria-hidden="true">
              {faderText(faders[index], red, blue)}
            </Typography>
          </Stack>
          <Slider
            value={faders[index]}
            min={FADER_MIN}
            max={FADER_MAX}
            step={1}
            marks={[{ value: 0 }]}
            track={false}
            aria-label={`${label} ${criterion}`}
            getAriaValueText={(value) => faderText(value, red, blue)}
            onChange={(_event, value) => onChange(faders.map((old, at) => (at === index ? (value as number) : old)))}
            sx={{
              height: 10,
              mx: 1.5,
              width: 'calc(100% - 24px)',
              '& .MuiSlider-rail': { opacity: 1, background: `linear-gradient(90deg, ${RED}, #bdbdbd 50%, ${BLUE})` },
              // a thumb the size of a fingertip (WCAG's 44 px target)
              '& .MuiSlider-thumb': { width: 36, height: 36, bgcolor: '#fff', border: '3px solid', borderColor: 'text.primary' },
            }}
          />
        </Box>
      ))}
      <Typography data-testid="fader-vote" sx={{ fontWeight: 800 }}>
        {JUDGING_TEXTS.yourVote}:{' '}
        <Box component="span" sx={{ color: verdictColor(vote) }}>
          {verdictName(sparring, vote)}
        </Box>
      </Typography>
    </Stack>
  )
}

/**
 * A judge's rounds in a deciding mode (docs/product/judging.md): the rounds given so far and the next one, each a
 * pick or the criteria's faders; Submit sends them through the device's offline queue, as the points do.
 */
export function DecidingEditor({ sparring, saved, pending, online, onSubmit }: DecidingEditorProps) {
  const [edits, setEdits] = useState<MarksDraft>({})
  const draft = useMemo(() => ({ ...saved, ...edits }), [saved, edits])
  const criteria = sparring.criteria.length
  const rounds = shownRounds(saved, sparring.roundsCount)
  const entries = markEntries(draft, rounds, criteria)
  const changed = marksChanged(draft, saved, rounds, criteria)
  const submit = () => {
    if (!entries) return
    onSubmit(entries)
    setEdits({})
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby="judge-editor" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="judge-editor" variant="h3" sx={{ fontSize: '1.1rem', flex: 1 }}>
          {JUDGING_TEXTS.yourDecisions}
        </Typography>
        {pending ? <Chip label={SPARRING_TEXTS.pending} color="warning" size="small" data-testid="judge-pending" /> : null}
      </Stack>
      {!online ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {SPARRING_TEXTS.offline}
        </Alert>
      ) : null}
      <Stack spacing={2}>
        {rounds.map((round) => {
          const label = roundLabel(sparring, round)
          return (
            <Box component="fieldset" key={round} data-testid={`editor-round-${round}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0 }}>
              <Typography component="legend" sx={{ fontWeight: 800, px: 0.5 }}>
                {label}
              </Typography>
              {criteria > 0 ? (
                <FaderRound sparring={sparring} label={label} faders={fadersOf(draft[round], criteria)} onChange={(faders) => setEdits((now) => ({ ...now, [round]: { faders } }))} />
              ) : (
                <PickRound sparring={sparring} label={label} value={draft[round]?.pick} onChange={(pick) => setEdits((now) => ({ ...now, [round]: { pick } }))} />
              )}
            </Box>
          )
        })}
      </Stack>
      {!entries ? (
        <Typography id="judge-submit-hint" sx={{ color: 'text.secondary', mt: 1 }}>
          {JUDGING_TEXTS.pickNeeded}
        </Typography>
      ) : null}
      <Button variant="contained" onClick={submit} disabled={!entries || !changed} aria-describedby={!entries ? 'judge-submit-hint' : undefined} sx={{ minHeight: 48, mt: 2, minWidth: 160 }}>
        {SPARRING_TEXTS.submit}
      </Button>
    </Paper>
  )
}

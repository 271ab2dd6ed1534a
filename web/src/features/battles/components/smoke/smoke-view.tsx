import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents'
import { useState } from 'react'
import { ErrorState } from '@/components/ui/error-state'
import { PageLoader } from '@/components/ui/feedback'
import { ConfirmActionDialog } from '@/components/ui/dialogs'
import { useDecideSmokeMutation, useSmokeByBattleQuery, useStartSmokeMutation, useUndoSmokeMutation } from '../../api/smoke-api'
import type { SmokeSide } from '../../bracket-types'
import { SMOKE_TEXTS } from '../../rules'
import type { Battle } from '../../types'
import { BLUE, RED } from '../sparring/score-rows'

const nameOf = (side: SmokeSide | null | undefined) => side?.name || 'N/A'

function FloorSide({ side, color, canDecide, onWins, busy }: { side: SmokeSide; color: 'red' | 'blue'; canDecide: boolean; onWins: () => void; busy: boolean }) {
  return (
    <Stack spacing={1} sx={{ flex: 1, minWidth: 0, p: 1.5, borderLeft: 6, borderColor: color === 'red' ? RED : BLUE }} data-testid={`smoke-${color}`}>
      <Typography sx={{ fontSize: { xs: '1.3rem', sm: '1.6rem' }, fontWeight: 900, overflowWrap: 'anywhere' }}>{nameOf(side)}</Typography>
      {canDecide ? (
        <Button variant="contained" onClick={onWins} disabled={busy} sx={{ minHeight: 56, alignSelf: 'stretch' }}>
          {SMOKE_TEXTS.wins(nameOf(side))}
        </Button>
      ) : null}
    </Stack>
  )
}

/**
 * The Seven to smoke section of its battle's page: the two on the floor, the points, the queue and the champion,
 * live through the battle page's feed (`battle:<id>` re-reads it); the battle's admins start it, tap each battle's
 * winner (big targets for a tablet at the floor) and undo the last tap.
 */
export function SmokeView({ battle }: { battle: Battle }) {
  const { data: smoke, error, isFetching, refetch } = useSmokeByBattleQuery(battle.id)
  const [start, { isLoading: starting }] = useStartSmokeMutation()
  const [decide, { isLoading: deciding }] = useDecideSmokeMutation()
  const [undo] = useUndoSmokeMutation()
  const [asking, setAsking] = useState<'start' | null>(null)
  const [undoing, setUndoing] = useState<number | null>(null)

  if (error && !smoke) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!smoke) return <PageLoader label="Loading seven to smoke" />

  const last = smoke.meetings[0]
  return (
    <Box component="section" aria-labelledby={`smoke-${battle.id}`} data-testid="smoke-view" sx={{ mt: 3 }}>
      <Typography id={`smoke-${battle.id}`} variant="h2" sx={{ fontSize: '1.4rem', mb: 0.5 }}>
        {SMOKE_TEXTS.heading}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{SMOKE_TEXTS.rules}</Typography>
      {!smoke.started ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{SMOKE_TEXTS.notStarted}</Typography>
          {smoke.canEdit ? (
            <Button variant="contained" onClick={() => setAsking('start')} disabled={starting} sx={{ minHeight: 48 }}>
              {SMOKE_TEXTS.start}
            </Button>
          ) : null}
        </Stack>
      ) : (
        <Stack spacing={2}>
          {smoke.champion ? (
            <Paper variant="outlined" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1.5 }} data-testid="smoke-champion">
              <EmojiEventsIcon sx={{ color: '#f9a825' }} fontSize="large" />
              <Box>
                <Typography sx={{ color: 'text.secondary', fontWeight: 700 }}>{SMOKE_TEXTS.champion}</Typography>
                <Typography sx={{ fontSize: '1.6rem', fontWeight: 900 }}>{nameOf(smoke.champion)}</Typography>
              </Box>
            </Paper>
          ) : smoke.holder && smoke.challenger ? (
            <Paper variant="outlined" component="section" aria-label={SMOKE_TEXTS.floor}>
              <Typography sx={{ px: 1.5, pt: 1, fontWeight: 700, color: 'text.secondary' }}>
                {SMOKE_TEXTS.floor} · {SMOKE_TEXTS.battle(smoke.number)}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, p: 1 }}>
                {(
                  [
                    [smoke.holder, 'red'],
                    [smoke.challenger, 'blue'],
                  ] as const
                ).map(([side, color]) => (
                  <FloorSide
                    key={color}
                    side={side}
                    color={color}
                    canDecide={smoke.canEdit}
                    busy={deciding}
                    onWins={() => void decide({ battleId: battle.id, number: smoke.number, winnerId: side.id }).unwrap().catch(() => undefined)}
                  />
                ))}
              </Stack>
            </Paper>
          ) : null}
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: 'flex-start' }}>
            <Box component="section" aria-labelledby={`smoke-points-${battle.id}`} sx={{ flex: 1, width: '100%' }}>
              <Typography id={`smoke-points-${battle.id}`} variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
                {SMOKE_TEXTS.points}
              </Typography>
              <Box component="ol" aria-label={SMOKE_TEXTS.points} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {smoke.standings.map((row) => (
                  <Box component="li" key={row.id} sx={{ display: 'flex', justifyContent: 'space-between', py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
                    <Typography sx={{ overflowWrap: 'anywhere' }}>{nameOf(row)}</Typography>
                    <Typography sx={{ fontWeight: 800 }} aria-label={`${nameOf(row)}: ${row.points} of ${smoke.target}`}>
                      {row.points}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
            {smoke.champion ? null : (
              <Box component="section" aria-labelledby={`smoke-queue-${battle.id}`} sx={{ flex: 1, width: '100%' }}>
                <Typography id={`smoke-queue-${battle.id}`} variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
                  {SMOKE_TEXTS.upNext}
                </Typography>
                {smoke.queue.length ? (
                  <Box component="ol" aria-label={SMOKE_TEXTS.upNext} sx={{ pl: 3, m: 0 }}>
                    {smoke.queue.map((side, at) => (
                      <li key={`${side.id}-${at}`}>
                        <Typography sx={{ py: 0.5 }}>{nameOf(side)}</Typography>
                      </li>
                    ))}
                  </Box>
                ) : (
                  <Typography sx={{ color: 'text.secondary' }}>{SMOKE_TEXTS.nobodyWaiting}</Typography>
                )}
              </Box>
            )}
          </Stack>
          {smoke.canEdit && last ? (
            <Button color="inherit" variant="outlined" onClick={() => setUndoing(last.number)} sx={{ minHeight: 48, alignSelf: 'flex-start' }}>
              {SMOKE_TEXTS.undo(last.number)}
            </Button>
          ) : null}
        </Stack>
      )}
      <ConfirmActionDialog
        subject={asking}
        title={SMOKE_TEXTS.start}
        text={SMOKE_TEXTS.startQuestion}
        confirmLabel="Start"
        busy={starting}
        action={() => start(battle.id).unwrap()}
        onClose={() => setAsking(null)}
      />
      <ConfirmActionDialog
        subject={undoing}
        title={undoing === null ? '' : SMOKE_TEXTS.undo(undoing)}
        text={undoing === null ? '' : SMOKE_TEXTS.undoQuestion(undoing)}
        confirmLabel="Undo"
        destructive
        action={(number) => undo({ battleId: battle.id, number }).unwrap()}
        onClose={() => setUndoing(null)}
      />
    </Box>
  )
}

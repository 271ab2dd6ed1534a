import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { ConfirmActionDialog } from '@/components/ui/dialogs'
import { ErrorState } from '@/components/ui/error-state'
import { PageLoader } from '@/components/ui/feedback'
import { paths } from '@/config/paths'
import { useAddGroupsToBracketMutation, useGroupsByBattleQuery, useGroupTiebreakMutation, useUndoGroupsBracketMutation } from '../../api/roundrobin-api'
import type { GroupBattle, GroupSide, RoundRobin } from '../../bracket-types'
import { ROUND_ROBIN_TEXTS as TEXTS } from '../../rules'
import type { Battle } from '../../types'

const nameOf = (side: GroupSide | null | undefined) => side?.name || 'N/A'
type Group = RoundRobin['groups'][number]

function Standings({ group, stage, onTiebreak, busy }: { group: Group; stage: RoundRobin; onTiebreak: (id: number) => void; busy: boolean }) {
  const decided = group.battles.every((battle) => battle.status === 'finished')
  const breaking = stage.canEdit && !stage.bracket
  return (
    <Table size="small" aria-label={TEXTS.standings(group.name)}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 32, px: 1 }}>{TEXTS.rank}</TableCell>
          <TableCell sx={{ px: 1 }}>{TEXTS.name}</TableCell>
          <TableCell align="right" sx={{ px: 1 }}>
            {TEXTS.rounds}
          </TableCell>
          <TableCell align="right" sx={{ px: 1 }}>
            {TEXTS.votes}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {group.standings.map((row, at) => (
          <TableRow key={row.id} data-testid={`group-row-${row.id}`}>
            <TableCell sx={{ px: 1 }}>{at + 1}</TableCell>
            <TableCell sx={{ px: 1 }}>
              <Stack direction="row" sx={{ gap: 0.75, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {nameOf(row)}
                </Typography>
                {decided && row.advances && !row.tied ? <Chip size="small" color="success" label={TEXTS.goesOn} /> : null}
                {decided && row.tied ? <Chip size="small" color="warning" label={TEXTS.tied} /> : null}
              </Stack>
              {decided && row.tied && breaking ? (
                <Button size="small" variant="outlined" disabled={busy} onClick={() => onTiebreak(row.id)} sx={{ mt: 0.5, minHeight: 44 }}>
                  {TEXTS.tiebreak(nameOf(row))}
                </Button>
              ) : null}
            </TableCell>
            <TableCell align="right" sx={{ px: 1, fontWeight: 800 }}>
              {row.rounds}
            </TableCell>
            <TableCell align="right" sx={{ px: 1 }}>
              {row.votes}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function Battles({ group }: { group: Group }) {
  return (
    <Box component="ol" aria-label={TEXTS.battles(group.name)} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {group.battles.map((battle: GroupBattle) => {
        const shown = battle.status === 'finished' || battle.status === 'judging' || battle.status === 'need-tie-breaker'
        return (
          <Box component="li" key={battle.sparringId} sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', borderTop: 1, borderColor: 'divider' }}>
            <Link component={RouterLink} to={paths.sparring.getHref(battle.sparringId)} sx={{ minHeight: 44, display: 'flex', alignItems: 'center', fontWeight: 600, overflowWrap: 'anywhere' }}>
              {TEXTS.versus(nameOf(battle.red), nameOf(battle.blue))}
            </Link>
            <Typography component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap', fontSize: '0.9rem' }}>
              {shown ? `${TEXTS.score(battle.redRounds, battle.blueRounds)} · ` : ''}
              {TEXTS.statuses[battle.status] ?? battle.status}
            </Typography>
          </Box>
        )
      })}
    </Box>
  )
}

/**
 * The Brackets tab's round-robin stage: each group's ranking (rounds won, then judges' votes; ties marked and
 * broken by tie-break rounds) and its battles, each a sparring judged on its own page; the battle's editors add the
 * bracket from the rankings or undo it. Live through the battle page's feed (`battle:<id>` re-reads it).
 */
export function RoundRobinView({ battle }: { battle: Battle }) {
  const { data: stage, error, isFetching, refetch } = useGroupsByBattleQuery(battle.id)
  const [add, { isLoading: adding }] = useAddGroupsToBracketMutation()
  const [undo, { isLoading: undoing }] = useUndoGroupsBracketMutation()
  const [tiebreak, { isLoading: breaking }] = useGroupTiebreakMutation()
  const [asking, setAsking] = useState<'add' | 'undo' | null>(null)

  if (error && !stage) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!stage) return <PageLoader label="Loading round-robin groups" />

  return (
    <Box component="section" aria-labelledby={`round-robin-${battle.id}`} data-testid="round-robin-view" sx={{ mb: 4 }}>
      <Typography id={`round-robin-${battle.id}`} variant="h2" sx={{ fontSize: '1.4rem', mb: 0.5 }}>
        {TEXTS.heading}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{TEXTS.rules(stage.rounds, stage.advance)}</Typography>
      {!stage.made ? (
        <Typography>{TEXTS.notMade}</Typography>
      ) : (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
            {stage.groups.map((group) => (
              <Paper key={group.number} variant="outlined" component="section" aria-labelledby={`group-${battle.id}-${group.number}`} sx={{ p: 1.5 }}>
                <Typography id={`group-${battle.id}-${group.number}`} variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
                  {group.name}
                </Typography>
                <Standings group={group} stage={stage} busy={breaking} onTiebreak={(id) => void tiebreak({ battleId: battle.id, competitorId: id }).unwrap().catch(() => undefined)} />
                <Box sx={{ mt: 1.5 }}>
                  <Battles group={group} />
                </Box>
              </Paper>
            ))}
          </Box>
          {stage.groups.some((group) => group.standings.some((row) => row.tied)) && stage.canEdit && !stage.bracket ? (
            <Typography sx={{ mt: 1, color: 'text.secondary' }}>{TEXTS.tiebreakHelp}</Typography>
          ) : null}
          {stage.bracket ? <Typography sx={{ mt: 2, fontWeight: 700 }}>{TEXTS.built}</Typography> : null}
          {stage.canEdit ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, mt: 2, alignItems: { sm: 'center' } }}>
              {stage.bracket ? (
                <Button variant="outlined" color="inherit" onClick={() => setAsking('undo')} disabled={undoing} sx={{ minHeight: 48 }}>
                  {TEXTS.undoBracket}
                </Button>
              ) : (
                <>
                  <Button variant="contained" onClick={() => setAsking('add')} disabled={adding || Boolean(stage.blocked)} sx={{ minHeight: 48 }} aria-describedby={stage.blocked ? `round-robin-blocked-${battle.id}` : undefined}>
                    {TEXTS.addToBracket}
                  </Button>
                  {stage.blocked ? (
                    <Typography id={`round-robin-blocked-${battle.id}`} sx={{ color: 'text.secondary' }}>
                      {stage.blocked}
                    </Typography>
                  ) : null}
                </>
              )}
            </Stack>
          ) : null}
        </>
      )}
      <ConfirmActionDialog
        subject={asking === 'add' ? battle.id : null}
        title={TEXTS.addToBracket}
        text={TEXTS.addQuestion}
        confirmLabel={TEXTS.addToBracket}
        busy={adding}
        action={(id) => add(id).unwrap()}
        onClose={() => setAsking(null)}
      />
      <ConfirmActionDialog
        subject={asking === 'undo' ? battle.id : null}
        title={TEXTS.undoBracket}
        text={TEXTS.undoQuestion}
        confirmLabel={TEXTS.undoBracket}
        destructive
        busy={undoing}
        action={(id) => undo(id).unwrap()}
        onClose={() => setAsking(null)}
      />
    </Box>
  )
}

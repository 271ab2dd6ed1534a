import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Breadcrumbs from '@mui/material/Breadcrumbs'
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
import { Fragment } from 'react'
import { Link as RouterLink } from 'react-router'
import { ErrorState } from '@/components/ui/error-state'
import { PageLoader } from '@/components/ui/feedback'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { isApiError, isNotFound } from '@/lib/api/base'
import { useNotFound } from '@/lib/not-found'
import { useScorecardQuery } from '../../api/competition-api'
import { pointsText, SCORECARD_TEXTS, scorecardResult, sideName } from '../../bracket-rules'
import type { SparringCard } from '../../bracket-types'
import { FADER_MAX, isDeciding, JUDGING_TEXTS, signed } from '../../judging-rules'

/**
 * A competitor's scorecard (beside the spec, docs/decisions.md "Scorecards"): each of their sparrings from their
 * side, per round and per judge, with totals and the audience's votes; in a deciding mode each judge's vote (and
 * faders), each round's decision and the rounds won (docs/product/judging.md). Private to them and the battle's
 * admins and judges until the final is decided: everyone else reads the server's reason.
 */
export function ScorecardPage({ battleId, competitorId }: { battleId: number; competitorId: number }) {
  const valid = Number.isInteger(battleId) && Number.isInteger(competitorId)
  const { data: card, error, refetch, isFetching } = useScorecardQuery({ battleId, competitorId }, { skip: !valid })
  useDocumentTitle(card ? `${sideName(card.competitor)} · ${SCORECARD_TEXTS.title}` : SCORECARD_TEXTS.title)
  const missing = !valid || isNotFound(error)
  useNotFound(missing)

  if (missing) return null
  const refused = isApiError(error) && error.status === 403 ? error.message : null

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <Link component={RouterLink} to={paths.battleBrackets.getHref(battleId)} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
          {card?.battleTitle ? `${card.battleTitle} · Brackets` : 'Brackets'}
        </Link>
        <Typography sx={{ color: 'text.primary' }}>{SCORECARD_TEXTS.title}</Typography>
      </Breadcrumbs>
      {refused ? (
        <Alert severity="info">{refused}</Alert>
      ) : error && !card ? (
        <ErrorState onRetry={refetch} retrying={isFetching} />
      ) : !card ? (
        <PageLoader label="Loading scorecard" />
      ) : (
        <>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: 1, overflowWrap: 'anywhere' }}>
            {sideName(card.competitor)}
          </Typography>
          {!card.decided ? (
            <Typography sx={{ color: 'text.secondary', mb: 2 }} data-testid="scorecard-private">
              {SCORECARD_TEXTS.private}
            </Typography>
          ) : null}
          {card.sparrings.length ? (
            <Stack spacing={2} sx={{ mt: 2 }}>
              {card.sparrings.map((sparring) => (
                <SparringScores key={sparring.sparringId} name={sideName(card.competitor)} sparring={sparring} />
              ))}
            </Stack>
          ) : (
            <Typography sx={{ mt: 2 }}>{SCORECARD_TEXTS.empty}</Typography>
          )}
        </>
      )}
    </Box>
  )
}

function SparringScores({ name, sparring }: { name: string; sparring: SparringCard }) {
  const headingId = `scorecard-sparring-${sparring.sparringId}`
  const opponent = sparring.opponent ? sideName(sparring.opponent) : null
  const result = scorecardResult(sparring.result)
  const deciding = isDeciding(sparring)
  const won = sparring.rounds.filter((round) => round.decision === 'won').length
  const lost = sparring.rounds.filter((round) => round.decision === 'lost').length
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }} data-testid={`scorecard-${sparring.sparringId}`}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 800, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={paths.sparring.getHref(sparring.sparringId)}>
            {opponent ? `${sparring.level} vs ${opponent}` : sparring.level}
          </Link>
        </Typography>
        <Chip label={result} color={sparring.result === 'won' || sparring.result === 'bye' ? 'success' : sparring.result === 'lost' ? 'default' : 'info'} size="small" />
      </Stack>
      {deciding && sparring.criteria.length ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }} data-testid={`scorecard-${sparring.sparringId}-faders`}>
          Faders: + toward {name}, − toward {opponent ?? SCORECARD_TEXTS.noOpponent}
        </Typography>
      ) : null}
      {sparring.rounds.map((round) => (
        <Box key={round.round} sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={`${sparring.level} round ${round.round}`} sx={{ mb: 1.5 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 800 }}>Round {round.round}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 800 }}>
                  {name}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 800 }}>
                  {opponent ?? SCORECARD_TEXTS.noOpponent}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {round.scores.map((score) => {
                const judge = score.judge.dancerName || 'Judge'
                const faders = deciding && score.faders && sparring.criteria.length ? score.faders : null
                const edge = faders ? { borderBottom: 0 } : undefined
                return (
                  <Fragment key={score.judge.id}>
                    <TableRow>
                      <TableCell sx={edge}>{judge}</TableCell>
                      {!deciding ? (
                        <>
                          <TableCell align="right">{pointsText(score.mine)}</TableCell>
                          <TableCell align="right">{pointsText(score.theirs)}</TableCell>
                        </>
                      ) : score.mine === score.theirs ? (
                        <TableCell colSpan={2} align="center" sx={{ ...edge, fontWeight: 700 }}>
                          {JUDGING_TEXTS.tie}
                        </TableCell>
                      ) : (
                        // the vote in the column of the side it went to, where the points mode has its points
                        <>
                          <TableCell align="right" sx={{ ...edge, fontWeight: 700, color: 'success.main' }}>
                            {score.mine > score.theirs ? SCORECARD_TEXTS.vote : ''}
                          </TableCell>
                          <TableCell align="right" sx={{ ...edge, fontWeight: 700 }}>
                            {score.theirs > score.mine ? SCORECARD_TEXTS.vote : ''}
                          </TableCell>
                        </>
                      )}
                    </TableRow>
                    {faders ? (
                      <TableRow>
                        <TableCell colSpan={3} sx={{ pt: 0 }}>
                          <Faders label={`Faders of ${judge} (+ toward ${name})`} criteria={sparring.criteria} faders={faders} />
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                )
              })}
              <TableRow>
                <TableCell sx={{ fontWeight: 800 }}>{deciding ? SCORECARD_TEXTS.votes : 'Sum'}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 800 }}>
                  {pointsText(round.mine)}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 800 }}>
                  {pointsText(round.theirs)}
                </TableCell>
              </TableRow>
              {deciding && round.decision ? (
                <TableRow>
                  <TableCell sx={{ fontWeight: 800 }}>{JUDGING_TEXTS.decision}</TableCell>
                  <TableCell colSpan={2} align="right" sx={{ fontWeight: 800, color: round.decision === 'won' ? 'success.main' : undefined }}>
                    {round.decision === 'won' ? SCORECARD_TEXTS.won : round.decision === 'lost' ? SCORECARD_TEXTS.lost : JUDGING_TEXTS.tie}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </Box>
      ))}
      {sparring.opponent ? (
        <Typography sx={{ color: 'text.secondary' }} data-testid={`scorecard-${sparring.sparringId}-totals`}>
          {deciding ? `${JUDGING_TEXTS.roundsWon}: ${won} – ${lost}` : `Total: ${pointsText(sparring.mine)} – ${pointsText(sparring.theirs)}`} · Audience votes: {sparring.votesMine} – {sparring.votesTheirs}
        </Typography>
      ) : null}
    </Paper>
  )
}

/**
 * A judge's faders, criterion by criterion, from the competitor's side: the value with its sign, and a bar from the
 * middle leaning toward the side's column above (left the competitor, right the opponent), as long as the value.
 */
function Faders({ label, criteria, faders }: { label: string; criteria: string[]; faders: number[] }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, max-content)' }, columnGap: 4, rowGap: 0.25 }}>
      {criteria.map((criterion, index) => {
        const value = faders[index] ?? 0
        const share = `${(Math.min(Math.abs(value), FADER_MAX) / FADER_MAX) * 50}%`
        return (
          <Box component="li" key={criterion} sx={{ display: 'grid', gridTemplateColumns: '7rem 64px 2.5rem', columnGap: 1, alignItems: 'center', fontSize: '0.8125rem', color: 'text.secondary' }}>
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {criterion}
            </Box>{' '}
            <Box aria-hidden sx={{ position: 'relative', height: 8, borderRadius: 4, bgcolor: 'action.hover' }}>
              <Box sx={{ position: 'absolute', top: 0, bottom: 0, width: share, ...(value > 0 ? { right: '50%', bgcolor: 'success.main' } : { left: '50%', bgcolor: 'text.secondary' }), borderRadius: 4 }} />
              <Box sx={{ position: 'absolute', top: -2, bottom: -2, left: 'calc(50% - 0.5px)', width: '1px', bgcolor: 'text.primary' }} />
            </Box>
            <Box component="span" sx={{ fontWeight: 700, color: value > 0 ? 'success.main' : 'text.primary', fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>
              {signed(value)}
            </Box>
          </Box>
        )
      })}
    </Box>
  )
}

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

/**
 * A competitor's scorecard (beside the spec, docs/decisions.md "Scorecards"): each of their sparrings from their
 * side, per round and per judge, with totals and the audience's votes. Private to them and the battle's admins
 * and judges until the final is decided: everyone else reads the server's reason.
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
              {round.scores.map((score) => (
                <TableRow key={score.judge.id}>
                  <TableCell>{score.judge.dancerName || 'Judge'}</TableCell>
                  <TableCell align="right">{pointsText(score.mine)}</TableCell>
                  <TableCell align="right">{pointsText(score.theirs)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 800 }}>Sum</TableCell>
                <TableCell align="right" sx={{ fontWeight: 800 }}>
                  {pointsText(round.mine)}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 800 }}>
                  {pointsText(round.theirs)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Box>
      ))}
      {sparring.opponent ? (
        <Typography sx={{ color: 'text.secondary' }} data-testid={`scorecard-${sparring.sparringId}-totals`}>
          Total: {pointsText(sparring.mine)} – {pointsText(sparring.theirs)} · Audience votes: {sparring.votesMine} – {sparring.votesTheirs}
        </Typography>
      ) : null}
    </Paper>
  )
}

import Box from '@mui/material/Box'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { pointsText, sideName } from '../../bracket-rules'
import type { JudgeRoundScore, Sparring } from '../../bracket-types'
import { isDeciding, JUDGING_TEXTS, pickOf, signed, type Verdict } from '../../judging-rules'

export const RED = '#d32f2f'
export const BLUE = '#1565c0'

/** A round's label: the level's rounds, then the tie breakers. */
export function roundLabel(sparring: Pick<Sparring, 'roundsCount' | 'extraRounds'>, round: number): string {
  const regular = sparring.roundsCount - sparring.extraRounds
  return round > regular ? `Tie breaker ${round - regular}` : `Round ${round}`
}

/** A judge's vote in a deciding mode, in the cell of the side it went to ('Tie' in both on a tie). */
export function voteMark(score: JudgeRoundScore, color: 'red' | 'blue'): string {
  const verdict = pickOf(score)
  return verdict === color ? '●' : verdict === 'tie' ? JUDGING_TEXTS.tie : ''
}

/** The faders of a judge's round, criterion by criterion: 'Technique +3 · Vocabulary −2'. */
export function fadersLine(sparring: Pick<Sparring, 'criteria'>, faders: readonly number[] | null | undefined): string | null {
  if (!faders || !sparring.criteria.length) return null
  return sparring.criteria.map((criterion, index) => `${criterion} ${signed(faders[index] ?? 0)}`).join(' · ')
}

/** A round's decision in words: the side's name, 'Tie', or '–' while a judge has not given it. */
export function decisionText(sparring: Pick<Sparring, 'red' | 'blue'>, decision: Verdict | null | undefined): string {
  if (!decision) return '–'
  return decision === 'tie' ? JUDGING_TEXTS.tie : sideName(sparring[decision])
}

/**
 * A score row per round: each judge's points for red and blue, and the round's sums (docs/product/competition.md);
 * in a deciding mode each judge's vote (and faders), the votes' sums and the round's decision (docs/product/judging.md).
 */
export function ScoreRows({ sparring }: { sparring: Sparring }) {
  if (!sparring.rounds.length) return null
  const deciding = isDeciding(sparring)
  return (
    <Box sx={{ overflowX: 'auto' }}>
      {sparring.rounds.map((round) => (
        <Table key={round.round} size="small" aria-label={roundLabel(sparring, round.round)} data-testid={`round-${round.round}`} sx={{ mb: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 800 }}>{roundLabel(sparring, round.round)}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 800, color: RED }}>
                {sideName(sparring.red)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 800, color: BLUE }}>
                {sideName(sparring.blue)}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {round.scores.map((score) => (
              <TableRow key={score.id} data-testid={`score-${round.round}-${score.id}`}>
                <TableCell>
                  {score.dancerName || 'Judge'}
                  {fadersLine(sparring, score.faders) ? (
                    <Typography component="span" data-testid={`faders-${round.round}-${score.id}`} sx={{ display: 'block', fontSize: '0.8rem', color: 'text.secondary' }}>
                      {fadersLine(sparring, score.faders)}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right" sx={{ color: deciding ? RED : undefined }}>
                  {deciding ? voteMark(score, 'red') : pointsText(score.redPoints)}
                </TableCell>
                <TableCell align="right" sx={{ color: deciding ? BLUE : undefined }}>
                  {deciding ? voteMark(score, 'blue') : pointsText(score.bluePoints)}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell sx={{ fontWeight: 800 }}>
                <Typography component="span" sx={{ fontWeight: 800, fontSize: 'inherit' }}>
                  {deciding ? 'Votes' : 'Sum'}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 800 }}>
                {pointsText(round.sumRedPoints)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 800 }}>
                {pointsText(round.sumBluePoints)}
              </TableCell>
            </TableRow>
            {deciding ? (
              <TableRow data-testid={`decision-${round.round}`}>
                <TableCell sx={{ fontWeight: 800 }}>{JUDGING_TEXTS.decision}</TableCell>
                <TableCell colSpan={2} align="right" sx={{ fontWeight: 800, color: round.decision === 'red' ? RED : round.decision === 'blue' ? BLUE : undefined }}>
                  {decisionText(sparring, round.decision)}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      ))}
    </Box>
  )
}

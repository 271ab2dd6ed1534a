import Box from '@mui/material/Box'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { pointsText, sideName } from '../../bracket-rules'
import type { Sparring } from '../../bracket-types'

export const RED = '#d32f2f'
export const BLUE = '#1565c0'

/** A round's label: the level's rounds, then the tie breakers. */
export function roundLabel(sparring: Pick<Sparring, 'roundsCount' | 'extraRounds'>, round: number): string {
  const regular = sparring.roundsCount - sparring.extraRounds
  return round > regular ? `Tie breaker ${round - regular}` : `Round ${round}`
}

/** A score row per round: each judge's points for red and blue, and the round's sums (seed 002, Sparring screen). */
export function ScoreRows({ sparring }: { sparring: Sparring }) {
  if (!sparring.rounds.length) return null
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
                <TableCell>{score.dancerName || 'Judge'}</TableCell>
                <TableCell align="right">
                  {pointsText(score.redPoints)}
                </TableCell>
                <TableCell align="right">
                  {pointsText(score.bluePoints)}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell sx={{ fontWeight: 800 }}>
                <Typography component="span" sx={{ fontWeight: 800, fontSize: 'inherit' }}>
                  Sum
                </Typography>
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 800 }}>
                {pointsText(round.sumRedPoints)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 800 }}>
                {pointsText(round.sumBluePoints)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      ))}
    </Box>
  )
}

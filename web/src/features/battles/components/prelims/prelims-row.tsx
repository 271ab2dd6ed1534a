import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import AvatarGroup from '@mui/material/AvatarGroup'
import { Link as RouterLink } from 'react-router'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { paths } from '@/config/paths'
import { passStatusVisible, PRELIMS_TEXTS, pointsText, rowName, rowState, type Viewer } from '../../prelims-rules'
import type { PrelimsRow } from '../../prelims-types'
import { StarPoints } from './star-points'

interface PrelimsRowProps {
  row: PrelimsRow
  viewer: Viewer
  finished: boolean
  round: number
  editing: boolean
  /** the judge's points shown for this round (a draft, a pending write or the server's) */
  points: number
  pending: boolean
  onPoints: (points: number) => void
  canSetGone: boolean
  onGone: () => void
}

const PASS_LABELS = { passed: 'Passed', sameScore: 'Same score' } as const

/** One competitor of the list: grayed or highlighted (seed 002 section 2), the judges' points, the scoring. */
export function PrelimsRowView({ row, viewer, finished, round, editing, points, pending, onPoints, canSetGone, onGone }: PrelimsRowProps) {
  const name = rowName(row)
  const state = rowState(row, viewer.meId, finished)
  const scores = row.prelims.rounds[String(round)] ?? []
  const judging = editing && !finished
  return (
    <Box
      component="li"
      data-testid={`prelims-row-${row.id}`}
      data-highlighted={state.highlighted || undefined}
      data-grayed={state.grayed || undefined}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        py: 1.25,
        px: 1,
        borderBottom: '1px solid',
        borderColor: 'divider',
        bgcolor: state.highlighted ? 'action.selected' : undefined,
        opacity: state.grayed ? 0.5 : 1,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, minWidth: 0, flex: '1 1 220px' }}>
        <Typography sx={{ fontWeight: 800, minWidth: 36, color: 'text.secondary' }} aria-label="Assigned number">
          {row.randId != null ? `#${row.randId}` : '—'}
        </Typography>
        {row.participants ? (
          <AvatarGroup max={4} sx={{ '& .MuiAvatar-root': { width: 32, height: 32 } }}>
            {row.participants.map((member) => (
              <ProfileAvatar key={member.id} image={member.avatar} name={member.dancerName} size={32} />
            ))}
          </AvatarGroup>
        ) : (
          <ProfileAvatar image={row.avatar} name={name} size={40} />
        )}
        <Box sx={{ minWidth: 0 }}>
          {/* a hidden battle's rows carry the entry's negative id, nobody's profile (docs/decisions.md, Competition:
              scoreboards, hidden battles, judging) */}
          {row.participants || row.id < 0 ? (
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{name}</Typography>
          ) : (
            <Link component={RouterLink} to={paths.profile.getHref(row.id)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {name}
            </Link>
          )}
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.25 }}>
            {row.passStatus && passStatusVisible(row, viewer) ? (
              <Chip size="small" color={row.passStatus === 'passed' ? 'success' : 'warning'} label={PASS_LABELS[row.passStatus]} />
            ) : null}
            {row.isGone ? <Chip size="small" label="Gone" /> : null}
            {row.isPromoted ? <Chip size="small" color="primary" label="In bracket" /> : null}
            {pending ? <Chip size="small" color="info" label={PRELIMS_TEXTS.pending} /> : null}
          </Stack>
        </Box>
      </Stack>

      <Box sx={{ textAlign: 'center', minWidth: 64 }}>
        <Typography sx={{ fontWeight: 900, fontSize: '1.2rem' }} data-testid="points-average" aria-label="Points average">
          {row.pointsAverage.toFixed(2)}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {scores.length ? scores.map((score) => pointsText(score.points)).join(' · ') : PRELIMS_TEXTS.empty}
        </Typography>
      </Box>

      {judging ? (
        <StarPoints label={`Points for ${name}`} value={points} onChange={onPoints} />
      ) : editing || points > 0 ? (
        <Typography sx={{ minWidth: 90 }} data-testid="my-points">
          Your points: {pointsText(points)}
        </Typography>
      ) : null}

      {canSetGone ? (
        <Button size="small" variant={row.isGone ? 'contained' : 'outlined'} color="inherit" aria-pressed={row.isGone} aria-label={`Gone: ${name}`} onClick={onGone} sx={{ minHeight: 44 }}>
          Gone
        </Button>
      ) : null}
    </Box>
  )
}

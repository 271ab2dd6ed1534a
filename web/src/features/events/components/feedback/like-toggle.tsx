import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import FavoriteIcon from '@mui/icons-material/Favorite'
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder'
import { useToggleEventLikeMutation } from '../../api/attendance-api'
import type { CypherEvent } from '../../types'
import { useGuestGate } from '../attendance/use-guest-gate'
import { FEEDBACK_TEXTS, likesLabel } from './rules'

/** The likes count alone (for those who may not like). */
export function LikesCount({ count }: { count: number }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }} data-testid="likes-count">
      <FavoriteIcon fontSize="small" aria-hidden="true" />
      <Typography>{likesLabel(count)}</Typography>
    </Stack>
  )
}

/**
 * 'Leave a like' / 'You like it!': flips at once and moves the count by 1 (the slice puts both back when the
 * server fails). A guest goes to Signup with a redirect back.
 */
export function LikeToggle({ event }: { event: CypherEvent }) {
  const { gate } = useGuestGate()
  const [toggle] = useToggleEventLikeMutation()
  const liked = Boolean(event.isLiked)
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        variant={liked ? 'contained' : 'outlined'}
        color="error"
        aria-pressed={liked}
        startIcon={liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
        onClick={() => gate(() => void toggle(event.id))}
        sx={{ minHeight: 44 }}
      >
        {liked ? FEEDBACK_TEXTS.liked : FEEDBACK_TEXTS.like}
      </Button>
      <Typography sx={{ color: 'text.secondary' }} data-testid="likes-count" aria-live="polite">
        {likesLabel(event.countLikes ?? 0)}
      </Typography>
    </Stack>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Rating from '@mui/material/Rating'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import RateReviewIcon from '@mui/icons-material/RateReview'
import type { CypherEvent } from '../../types'
import { useGuestGate } from '../attendance/use-guest-gate'
import { LikesCount, LikeToggle } from './like-toggle'
import { canLeaveFeedback, canLike, FEEDBACK_TEXTS, ratingText, STAR_STEP } from './rules'

/**
 * Likes and feedback on the event's info (docs/product/tickets-and-checkin.md): the editors of a finished event get
 * its likes and 'Review feedback'; someone who may leave feedback or like gets 'Did you enjoy this event?'
 * with the like toggle and 'Provide feedback' (or 'Edit feedback' and their own average); anyone else the
 * likes count. A guest sees the toggle and the button too: both lead to Signup.
 */
export function FeedbackBlock({ event, onFeedbackTab }: { event: CypherEvent; onFeedbackTab: () => void }) {
  const { signedIn, gate } = useGuestGate()
  if (event.status !== 'published') return null
  const finished = Boolean(event.isFinished)
  const count = event.countLikes ?? 0
  if (finished && event.canReviewFeedback) {
    return (
      <Stack spacing={1.5} component="section" aria-label="Likes and feedback">
        <LikesCount count={count} />
        <Button variant="outlined" startIcon={<RateReviewIcon />} onClick={onFeedbackTab} sx={{ minHeight: 44 }}>
          {FEEDBACK_TEXTS.review}
        </Button>
      </Stack>
    )
  }
  const mayGiveFeedback = finished && (canLeaveFeedback(event) || !signedIn)
  const mayLike = canLike(event) || !signedIn
  if (!mayGiveFeedback && !mayLike) return <LikesCount count={count} />
  const own = event.feedback
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={finished ? 'event-enjoy' : undefined} aria-label={finished ? undefined : 'Likes'}>
      {finished ? (
        <Typography id="event-enjoy" variant="h3" sx={{ fontSize: '1.1rem' }}>
          {FEEDBACK_TEXTS.question}
        </Typography>
      ) : null}
      {mayLike ? <LikeToggle event={event} /> : <LikesCount count={count} />}
      {mayGiveFeedback ? (
        <Box>
          <Button variant="outlined" startIcon={<RateReviewIcon />} onClick={() => gate(onFeedbackTab)} sx={{ minHeight: 44 }}>
            {own ? FEEDBACK_TEXTS.edit : FEEDBACK_TEXTS.provide}
          </Button>
          {own ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
              <Rating value={own.averageRating} precision={STAR_STEP} readOnly size="small" getLabelText={(value) => `Your rating ${ratingText(value)} out of 5`} />
              <Typography variant="body2">{`Your rating: ${ratingText(own.averageRating)}`}</Typography>
            </Stack>
          ) : null}
        </Box>
      ) : null}
    </Stack>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Collapse from '@mui/material/Collapse'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useId, useState } from 'react'
import { ErrorState } from '@/components/ui/error-state'
import { EmptyState, PageLoader } from '@/components/ui/feedback'
import { isApiError } from '@/lib/api/base'
import { useEventFeedbackQuery } from '../../api/attendance-api'
import type { FeedbackReview } from '../../types'
import { FeedbackItem, Stars } from './feedback-item'
import { LikesCount } from './like-toggle'
import { breakdown, FEEDBACK_TEXTS, outOfFive, ratingText, reviewsLabel } from './rules'

/** The admin feedback block: the overall rating as x/5, 'N reviews', the breakdown on demand, the likes. */
function FeedbackSummary({ review }: { review: FeedbackReview }) {
  const [open, setOpen] = useState(false)
  const breakdownId = useId()
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }} data-testid="feedback-summary">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} sx={{ alignItems: { sm: 'center' } }}>
        <Typography sx={{ fontSize: '2rem', fontWeight: 800 }} data-testid="overall-rating">
          {outOfFive(review.totalAverageRating)}
        </Typography>
        <Stack spacing={0.5}>
          <Stars value={review.totalAverageRating ?? 0} label="Overall rating" size="medium" />
          <Typography>{reviewsLabel(review.countFeedbacks)}</Typography>
        </Stack>
        <LikesCount count={review.countLikes} />
      </Stack>
      <Button onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={breakdownId} sx={{ mt: 1, minHeight: 44 }}>
        {open ? 'Hide breakdown' : 'Show breakdown'}
      </Button>
      <Collapse in={open} id={breakdownId} unmountOnExit>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto 1fr', columnGap: 2, rowGap: 0.5, alignItems: 'center', m: 0, mt: 1 }}>
          {breakdown(review).map(({ key, label, value }) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt">{label}</Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <Stars value={value} label={label} />
              </Box>
              <Typography variant="body2" aria-hidden="true">
                {ratingText(value)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Collapse>
    </Paper>
  )
}

/** The Feedback tab for the event's editors: GET /api/events/{id}/feedback (others are refused with 403). */
export function FeedbackReviewPanel({ eventId }: { eventId: number }) {
  const { data: review, error, isFetching, refetch } = useEventFeedbackQuery(eventId)
  if (isApiError(error) && error.status === 403) return <Typography role="alert">{FEEDBACK_TEXTS.noPermission}</Typography>
  if (error && !review) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!review) return <PageLoader label="Loading feedback" />
  return (
    <Stack spacing={2}>
      <FeedbackSummary review={review} />
      {review.feedbacks.length ? (
        <Box>
          {review.feedbacks.map((feedback) => (
            <FeedbackItem key={feedback.userId} feedback={feedback} />
          ))}
        </Box>
      ) : (
        <EmptyState title="No feedback yet" text="Attendees can leave feedback once the event is over." />
      )}
    </Stack>
  )
}

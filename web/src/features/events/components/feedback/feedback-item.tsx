import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Collapse from '@mui/material/Collapse'
import Rating from '@mui/material/Rating'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import FavoriteIcon from '@mui/icons-material/Favorite'
import { useId, useState } from 'react'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import type { Feedback } from '../../types'
import { FEEDBACK_CATEGORIES, FEEDBACK_TEXTS, feedbackDate, ratingText, STAR_STEP } from './rules'

/** Read-only stars with their value for screen readers. */
export function Stars({ value, label, size = 'small' }: { value: number; label: string; size?: 'small' | 'medium' }) {
  return <Rating value={value} precision={STAR_STEP} readOnly size={size} getLabelText={() => `${label} ${ratingText(value)} out of 5`} />
}

/** One attendee's feedback for the organizer: who, when (dd.mm.yyyy), the average, the categories on demand, the words. */
export function FeedbackItem({ feedback }: { feedback: Feedback }) {
  const [open, setOpen] = useState(false)
  const categoriesId = useId()
  const name = feedback.dancerName || 'Dancer'
  return (
    <Box component="article" aria-label={`Feedback from ${name}`} sx={{ py: 2, borderBottom: '1px solid', borderColor: 'divider' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <ProfileAvatar image={feedback.avatar} name={name} size={40} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{name}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {feedbackDate(feedback.createdAt)}
          </Typography>
        </Box>
        {feedback.isLiked ? <FavoriteIcon color="error" titleAccess="Likes this event" /> : null}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
        <Stars value={feedback.averageRating} label="Average rating" />
        <Typography variant="body2">{ratingText(feedback.averageRating)}</Typography>
        <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={categoriesId} sx={{ minHeight: 44 }}>
          {open ? FEEDBACK_TEXTS.showLess : FEEDBACK_TEXTS.showMore}
        </Button>
      </Stack>
      <Collapse in={open} id={categoriesId} unmountOnExit>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, alignItems: 'center', m: 0, mt: 1 }}>
          {FEEDBACK_CATEGORIES.map(({ key, label }) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2">
                {label}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <Stars value={feedback[key]} label={label} />
              </Box>
            </Box>
          ))}
        </Box>
      </Collapse>
      {feedback.details ? <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{feedback.details}</Typography> : null}
    </Box>
  )
}

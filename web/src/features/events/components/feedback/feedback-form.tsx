import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Rating from '@mui/material/Rating'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type FormEvent } from 'react'
import { useSaveEventFeedbackMutation } from '../../api/attendance-api'
import type { CypherEvent, FeedbackRatings } from '../../types'
import { LikeToggle } from './like-toggle'
import { averageRating, FEEDBACK_CATEGORIES, FEEDBACK_TEXTS, NO_RATINGS, STAR_STEP, STARS, unratedCategories } from './rules'

const stars = (value: number) => `${value} ${value === 1 ? 'Star' : 'Stars'}`

/**
 * The feedback form (docs/product/tickets-and-checkin.md): five categories of stars in halves, comments, Cancel and 'Submit feedback' (or
 * 'Update feedback' for one's existing feedback, edited in place). Sending with a category unrated says so and
 * highlights it; the message goes once every category is rated. A failed send is only logged: the form stays.
 */
export function FeedbackForm({ event, onDone }: { event: CypherEvent; onDone: () => void }) {
  const own = event.feedback
  const [ratings, setRatings] = useState<FeedbackRatings>(() =>
    own ? { timeliness: own.timeliness, communication: own.communication, venue: own.venue, vibe: own.vibe, musicSound: own.musicSound } : NO_RATINGS,
  )
  const [details, setDetails] = useState(own?.details ?? '')
  const [tried, setTried] = useState(false)
  const [save, { isLoading }] = useSaveEventFeedbackMutation()
  const unrated = tried ? unratedCategories(ratings) : []
  const submit = async (form: FormEvent) => {
    form.preventDefault()
    setTried(true)
    if (unratedCategories(ratings).length) return
    try {
      await save({ eventId: event.id, body: { ...ratings, averageRating: averageRating(ratings), details: details.trim() } }).unwrap()
      onDone()
    } catch {
      /* logged by the slice; the form stays as it is */
    }
  }
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="feedback-form-title">
      <Stack spacing={3}>
        <Box>
          <Typography id="feedback-form-title" variant="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
            {FEEDBACK_TEXTS.question}
          </Typography>
          <LikeToggle event={event} />
        </Box>
        <Typography sx={{ color: 'text.secondary' }}>{FEEDBACK_TEXTS.note}</Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {FEEDBACK_CATEGORIES.map(({ key, label }) => {
            const missing = unrated.includes(key)
            return (
              <Box
                key={key}
                role="group"
                aria-labelledby={`feedback-${key}-label`}
                aria-invalid={missing || undefined}
                aria-describedby={missing ? 'feedback-rate-all' : undefined}
                data-testid={`category-${key}`}
                sx={{ p: 1.5, borderRadius: 2, border: '1px solid', borderColor: missing ? 'error.main' : 'divider', bgcolor: missing ? 'rgba(211, 47, 47, 0.06)' : undefined }}
              >
                <Typography id={`feedback-${key}-label`} sx={{ fontWeight: 700, color: missing ? 'error.main' : undefined }}>
                  {label}
                </Typography>
                <Rating
                  name={`feedback-${key}`}
                  value={ratings[key] || null}
                  max={STARS}
                  precision={STAR_STEP}
                  size="large"
                  getLabelText={(value) => `${label} ${stars(value)}`}
                  onChange={(_change, value) => setRatings({ ...ratings, [key]: value ?? 0 })}
                />
              </Box>
            )
          })}
        </Box>
        {unrated.length ? (
          <Alert severity="error" id="feedback-rate-all" role="alert">
            {FEEDBACK_TEXTS.rateAll}
          </Alert>
        ) : null}
        <TextField
          label="Comments (optional)"
          placeholder={FEEDBACK_TEXTS.placeholder}
          value={details}
          onChange={(change) => setDetails(change.target.value)}
          multiline
          minRows={4}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={onDone} sx={{ minHeight: 44 }}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading} sx={{ minHeight: 44 }}>
            {own ? FEEDBACK_TEXTS.update : FEEDBACK_TEXTS.submit}
          </Button>
        </Stack>
      </Stack>
    </Box>
  )
}

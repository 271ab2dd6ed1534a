import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import type { CypherEvent } from '../../types'
import { FeedbackForm } from './feedback-form'
import { FeedbackReviewPanel } from './feedback-review'
import { canLeaveFeedback, FEEDBACK_TEXTS } from './rules'

export type EventTab = 'info' | 'feedback'

/** Info and Feedback (editors read the number of reviews on it). */
export function EventTabs({ event, tab, onTab }: { event: CypherEvent; tab: EventTab; onTab: (tab: EventTab) => void }) {
  const editor = Boolean(event.permissions?.canEdit)
  return (
    <Tabs value={tab} onChange={(_change, value: EventTab) => onTab(value)} aria-label="Event sections" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Tab value="info" label="Info" id="event-tab-info" aria-controls="event-panel" sx={{ minHeight: 48 }} />
      <Tab
        value="feedback"
        label={editor ? `Feedback (${event.countFeedbacks ?? 0})` : 'Feedback'}
        id="event-tab-feedback"
        aria-controls="event-panel"
        sx={{ minHeight: 48 }}
      />
    </Tabs>
  )
}

/** The Feedback tab: the review for editors, the form for an attendee who may leave feedback, else the refusal. */
export function FeedbackTab({ event, onInfo }: { event: CypherEvent; onInfo: () => void }) {
  if (event.canReviewFeedback) return <FeedbackReviewPanel eventId={event.id} />
  if (event.isFinished && canLeaveFeedback(event)) return <FeedbackForm event={event} onDone={onInfo} />
  return <Typography role="alert">{FEEDBACK_TEXTS.noPermission}</Typography>
}

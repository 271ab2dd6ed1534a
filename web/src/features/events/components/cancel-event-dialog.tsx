import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useAppDispatch } from '@/app/hooks'
import { ConfirmDialog, ModalDialog } from '@/components/ui/dialogs'
import { infoShown } from '@/lib/toast'
import { useCancelEventMutation } from '../api/events-api'
import { CANCEL_TEXTS, cancelQuestion, cancellationSummary } from '../rules'
import type { Cancellation } from '../types'

interface CancelEventDialogProps {
  /** the event to cancel; null: closed */
  event: { id: number; title: string } | null
  onClose: () => void
}

/**
 * 'Cancel event' for an event's editors: a confirmation, then what it did. Refunds that failed stay on screen
 * with 'Retry refunds' (cancelling again retries exactly those); otherwise a toast says what was done.
 */
export function CancelEventDialog({ event, onClose }: CancelEventDialogProps) {
  const dispatch = useAppDispatch()
  const [cancel, { isLoading }] = useCancelEventMutation()
  const [result, setResult] = useState<Cancellation | null>(null)

  const close = () => {
    setResult(null)
    onClose()
  }
  const run = async () => {
    if (!event) return
    try {
      const done = await cancel(event.id).unwrap()
      if (done.failed.length) {
        setResult(done)
      } else {
        dispatch(infoShown(cancellationSummary(done)))
        close()
      }
    } catch {
      /* the refusal was shown as a toast; the dialog stays for another try */
    }
  }

  if (result) {
    return (
      <ModalDialog
        open={event !== null}
        title={CANCEL_TEXTS.label}
        onClose={close}
        actions={
          <Button variant="contained" onClick={() => void run()} disabled={isLoading} sx={{ minHeight: 44 }}>
            {CANCEL_TEXTS.retry}
          </Button>
        }
      >
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {cancellationSummary(result)}
        </Alert>
        <Typography component="ul" sx={{ pl: 3, m: 0 }} aria-label="Failed refunds">
          {result.failed.map((failure) => (
            <li key={failure.ticketId}>{`Ticket ${failure.ticketId}: ${failure.message}`}</li>
          ))}
        </Typography>
      </ModalDialog>
    )
  }
  return (
    <ConfirmDialog
      open={event !== null}
      title={cancelQuestion(event?.title)}
      text={CANCEL_TEXTS.explanation}
      confirmLabel={CANCEL_TEXTS.confirm}
      cancelLabel={CANCEL_TEXTS.keep}
      destructive
      busy={isLoading}
      onConfirm={() => void run()}
      onClose={close}
    />
  )
}

import Stack from '@mui/material/Stack'
import { ModalDialog } from '@/components/ui/dialogs'
import { ErrorState } from '@/components/ui/error-state'
import { EmptyState, PageLoader } from '@/components/ui/feedback'
import { useMyEventTicketsQuery } from '../../api/attendance-api'
import { ATTENDANCE_TEXTS } from './rules'
import { TicketCard } from './ticket-card'

/** 'View ticket': the caller's tickets of the event (GET /api/events/{id}/tickets), each with its QR code. */
export default function ViewTicketDialog({ eventId, open, onClose }: { eventId: number; open: boolean; onClose: () => void }) {
  const { data: tickets, error, isFetching, refetch } = useMyEventTicketsQuery(eventId, { skip: !open })
  return (
    <ModalDialog open={open} title={ATTENDANCE_TEXTS.viewTicket} onClose={onClose}>
      {error && !tickets ? (
        <ErrorState onRetry={refetch} retrying={isFetching} />
      ) : !tickets ? (
        <PageLoader label="Loading your tickets" />
      ) : !tickets.length ? (
        <EmptyState title="You have no ticket for this event yet." />
      ) : (
        <Stack spacing={2}>
          {tickets.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} />
          ))}
        </Stack>
      )}
    </ModalDialog>
  )
}

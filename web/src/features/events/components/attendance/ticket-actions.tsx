import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber'
import QrCode2Icon from '@mui/icons-material/QrCode2'
import { lazy, Suspense, useState } from 'react'
import type { CypherEvent } from '../../types'
import { CheckInButton } from './checkin-button'
import { ATTENDANCE_TEXTS, eventIsFree, ticketsOnSale } from './rules'
import { useGuestGate } from './use-guest-gate'

// the dialogs (and, inside the purchase, Stripe's card form) load only when opened
const PurchaseDialog = lazy(() => import('./purchase-dialog'))
const ViewTicketDialog = lazy(() => import('./view-ticket-dialog'))

/** The sidebar's ticket and door actions: Buy ticket / Get ticket, View ticket, Check in. */
export function TicketActions({ event }: { event: CypherEvent }) {
  const { gate } = useGuestGate()
  const [buying, setBuying] = useState(false)
  const [viewing, setViewing] = useState(false)
  const hasTicket = Boolean(event.permissions?.hasTicket || event.tickets?.length)
  const onSale = ticketsOnSale(event) && !hasTicket
  // a cancelled event sells nothing and checks nobody in
  if (event.status !== 'published' || event.cancelledAt) return null
  return (
    <Stack spacing={1.5}>
      {onSale ? (
        <Button variant="contained" startIcon={<ConfirmationNumberIcon />} onClick={() => gate(() => setBuying(true))} sx={{ minHeight: 44 }}>
          {eventIsFree(event) ? ATTENDANCE_TEXTS.get : ATTENDANCE_TEXTS.buy}
        </Button>
      ) : null}
      {hasTicket ? (
        <Button variant="outlined" startIcon={<QrCode2Icon />} onClick={() => setViewing(true)} sx={{ minHeight: 44 }}>
          {ATTENDANCE_TEXTS.viewTicket}
        </Button>
      ) : null}
      <CheckInButton event={event} />
      <Suspense fallback={null}>
        {buying ? <PurchaseDialog event={event} open={buying} onClose={() => setBuying(false)} /> : null}
        {viewing ? <ViewTicketDialog eventId={event.id} open={viewing} onClose={() => setViewing(false)} /> : null}
      </Suspense>
    </Stack>
  )
}

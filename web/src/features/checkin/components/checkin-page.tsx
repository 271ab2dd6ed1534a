import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner'
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useAppDispatch } from '@/app/hooks'
import { ErrorState } from '@/components/ui/error-state'
import { EmptyState, PageLoader } from '@/components/ui/feedback'
import { SearchField } from '@/components/ui/search-field'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api/base'
import { useLiveTopics } from '@/lib/live-topics'
import type { FlushResult } from '@/lib/offline-queue'
import type { QrDetector } from '@/lib/qr/detector'
import { infoShown } from '@/lib/toast'
import { useOfflineQueue } from '@/lib/use-offline-queue'
import type { EventType } from '@contracts/events'
import {
  ATTENDEES_TAG,
  checkinApiUtil,
  useGetCheckinAttendeesQuery,
  useGetDoorEventQuery,
  useGiveStaffTicketMutation,
  useRetryRefundsMutation,
  useUncheckAttendeeMutation,
} from '../api/checkin-api'
import {
  CHECKIN_TEXTS,
  checkedInCount,
  checkinScope,
  counterText,
  failedRefunds,
  filterAttendees,
  pendingPeople,
  pendingTickets,
  salesText,
  settledPeople,
  personCheckinPath,
  ticketCheckedInText,
  ticketCheckinPath,
  unconfirmedPeople,
  writeMeta,
} from '../rules'
import type { Attendee } from '../types'
import { AttendeeRow } from './attendee-row'
import { KeyLegend } from './key-legend'

const ScanDialog = lazy(() => import('./scan-dialog'))

/** What changes the door list, on the event's topic: check-ins, tickets (taken, given, refunded), battle
 * registrations (registrants are on the list) and the event's cancellation. */
export const CHECKIN_EVENT_TYPES = [
  'events.attendee.checked_in',
  'events.attendee.unchecked',
  'events.attendees.changed',
  'events.event.cancelled',
  'battles.participant.registered',
  'battles.participant.unregistered',
] as const satisfies readonly EventType[]

export interface CheckinPageProps {
  eventId: number
  /** tests hand the scanner a fake detector */
  loadDetector?: () => Promise<QrDetector>
  /** how long after mounting the live feed opens (tests: 0) */
  liveDelayMs?: number
}

/**
 * /event/{id}/checkin: the door of an event (docs/product/tickets-and-checkin.md). Several staff tablets can be open at
 * once: each follows the event's live topic and re-reads the list when anyone checks someone in. Check-ins
 * go through the device's offline queue: shown as pending at once, sent now or when the connection returns.
 */
export function CheckinPage({ eventId, loadDetector, liveDelayMs }: CheckinPageProps) {
  useDocumentTitle(CHECKIN_TEXTS.title)
  const dispatch = useAppDispatch()
  const valid = Number.isInteger(eventId) && eventId > 0
  const list = useGetCheckinAttendeesQuery(eventId, { skip: !valid })
  const door = useGetDoorEventQuery(eventId, { skip: !valid })
  const [uncheck] = useUncheckAttendeeMutation()
  const [giveStaffTicket] = useGiveStaffTicketMutation()
  const [retryRefunds, { isLoading: retrying }] = useRetryRefundsMutation()
  const [keyword, setKeyword] = useState('')
  const [scanning, setScanning] = useState(false)
  // mounted from the first 'Scan ticket' on, so the dialog can animate closed (and its code loads only then)
  const [scannerWanted, setScannerWanted] = useState(false)

  const tag = useMemo(() => [{ type: ATTENDEES_TAG, id: eventId }], [eventId])
  // a ticket or a cancellation changes the event too (its sales, its Cancelled notice); a check-in only the list
  const both = useMemo(() => [{ type: ATTENDEES_TAG, id: eventId }, { type: 'Event', id: eventId }], [eventId])
  // subscribe first, then re-read once `ready` arrives (docs/architecture.md, The live feed)
  useLiveTopics(valid ? [`event:${eventId}`] : [], {
    byType: Object.fromEntries(CHECKIN_EVENT_TYPES.map((type) => [type, () => (type.startsWith('events.attendee.') ? tag : both)])),
    onReady: both,
    delayMs: liveDelayMs,
  })

  const reread = useCallback(() => {
    dispatch(checkinApiUtil.invalidateTags([{ type: ATTENDEES_TAG, id: eventId }]))
  }, [dispatch, eventId])

  const onSettled = useCallback(
    (results: FlushResult[]) => {
      for (const { write, outcome } of results) {
        if (outcome.kind === 'sent' && writeMeta(write)?.kind === 'ticket') {
          dispatch(infoShown(ticketCheckedInText((outcome.body as Partial<Attendee> | null)?.dancerName)))
        }
      }
      reread()
    },
    [dispatch, reread],
  )

  const queue = useOfflineQueue({
    scope: checkinScope(eventId),
    onSettled,
    refusedText: ({ write, outcome }) =>
      writeMeta(write)?.kind === 'ticket' && outcome.status === 404 ? CHECKIN_TEXTS.ticketNotFound : outcome.message,
  })

  // a check-in that left the queue stays pending until a list read begun after it shows it
  const settled = useMemo(() => settledPeople(queue.left), [queue.left])
  const readBegunAt = list.isFetching || list.isError ? null : (list.startedTimeStamp ?? null)
  const unconfirmed = useMemo(() => unconfirmedPeople(settled, readBegunAt), [settled, readBegunAt])
  const latestRead = list.startedTimeStamp ?? 0
  useEffect(() => {
    // no read begun after the last one left (the one `onSettled` asked for began first, or another tab sent it)
    if (Math.max(0, ...settled.values()) > latestRead) reread()
  }, [settled, latestRead, reread])
  const waiting = useMemo(() => new Set([...pendingPeople(queue.pending), ...unconfirmed]), [queue.pending, unconfirmed])
  const attendees = useMemo(() => list.data?.attendees ?? [], [list.data])
  const shown = useMemo(() => filterAttendees(attendees, keyword), [attendees, keyword])

  const checkIn = (attendee: Attendee, payCash: boolean) =>
    void queue.add({
      method: 'POST',
      path: personCheckinPath(eventId, attendee.id),
      body: payCash ? { payCash: true } : undefined,
      meta: { kind: 'person', userId: attendee.id, payCash },
    })

  const onCode = (secret: string) => {
    void queue.add({ method: 'POST', path: ticketCheckinPath(eventId), body: { secret }, meta: { kind: 'ticket' } })
    if (!queue.online) dispatch(infoShown('Ticket saved: it is checked in when the connection returns'))
  }

  const back = (
    <Button href={paths.event.getHref(eventId)} startIcon={<ArrowBackIcon />} sx={{ minHeight: 48, mb: 1, ml: -1 }}>
      Back to event
    </Button>
  )

  const frame = (content: ReactNode) => (
    <Box sx={{ maxWidth: 1000, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      {back}
      <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.25rem' }, mb: 2 }}>
        {CHECKIN_TEXTS.title}
      </Typography>
      {content}
    </Box>
  )

  if (!valid) return frame(<EmptyState title="This event does not exist" />)
  if (list.isLoading) return frame(<PageLoader label="Loading attendees" />)
  if (list.isError && !list.data) {
    const status = isApiError(list.error) ? list.error.status : null
    if (status === 403) {
      return frame(
        <Alert severity="warning" role="alert">
          {CHECKIN_TEXTS.forbidden}
        </Alert>,
      )
    }
    if (status === 404) return frame(<EmptyState title="This event does not exist" />)
    return frame(<ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />)
  }

  const cancelled = Boolean(door.data?.cancelledAt)
  const owed = failedRefunds(attendees)
  const sales = (door.data?.tiers ?? []).filter((tier) => tier.id != null)
  const staffTicket = async (attendee: Attendee) => {
    try {
      await giveStaffTicket({ eventId, userId: attendee.id }).unwrap()
      dispatch(infoShown(`${CHECKIN_TEXTS.staffTicketGiven}: ${attendee.dancerName?.trim() || 'Unnamed dancer'}`))
    } catch {
      /* the refusal was shown as a toast */
    }
  }
  const total = list.data?.total ?? 0
  const checked = checkedInCount(list.data?.checkedIn ?? 0, attendees, waiting)
  const tickets = pendingTickets(queue.pending)

  return frame(
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { xs: 'stretch', sm: 'center' }, mb: 2 }}>
        <Typography role="status" aria-live="polite" data-testid="checkin-counter" sx={{ fontSize: '1.5rem', fontWeight: 800, flexGrow: 1 }}>
          {counterText(checked, total)}
        </Typography>
        <Button variant="contained" size="large" startIcon={<QrCodeScannerIcon />} onClick={() => {
            setScannerWanted(true)
            setScanning(true)
          }} sx={{ minHeight: 56, px: 3 }}>
          {CHECKIN_TEXTS.scan}
        </Button>
      </Stack>

      {cancelled ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          data-testid="event-cancelled"
          action={
            owed.length ? (
              <Button color="inherit" onClick={() => void retryRefunds(eventId)} disabled={retrying} sx={{ minHeight: 44 }}>
                {CHECKIN_TEXTS.retryRefunds}
              </Button>
            ) : undefined
          }
        >
          {CHECKIN_TEXTS.cancelled}
          {owed.length ? ` ${owed.length === 1 ? '1 refund' : `${owed.length} refunds`} failed and ${owed.length === 1 ? 'is' : 'are'} still owed.` : ''}
        </Alert>
      ) : null}
      {!queue.online ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {CHECKIN_TEXTS.offline}
        </Alert>
      ) : null}
      {tickets ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="pending-tickets">
          {tickets === 1 ? '1 scanned ticket is waiting to be sent.' : `${tickets} scanned tickets are waiting to be sent.`}
        </Alert>
      ) : null}

      <KeyLegend />

      {sales.length ? (
        <Box component="section" aria-labelledby="ticket-sales" sx={{ mb: 2 }}>
          <Typography id="ticket-sales" variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1 }}>
            {CHECKIN_TEXTS.sales}
          </Typography>
          <Stack component="ul" direction="row" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1, flexWrap: 'wrap' }}>
            {sales.map((tier) => (
              <Box component="li" key={tier.id} data-testid={`sales-${tier.id}`} sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 2, px: 1.5, py: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>{tier.title || 'Ticket'}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {salesText(tier.sold, tier.totalSum)}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Box>
      ) : null}

      <SearchField label={CHECKIN_TEXTS.search} value={keyword} onChange={setKeyword} sx={{ width: '100%', maxWidth: { sm: 480 }, mb: 2 }} />

      {!attendees.length ? (
        <EmptyState title={CHECKIN_TEXTS.empty} />
      ) : !shown.length ? (
        <EmptyState title={CHECKIN_TEXTS.noMatch} />
      ) : (
        <TableContainer>
          <Table aria-label="People">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>User</TableCell>
                <TableCell sx={{ fontWeight: 700 }} align="right">
                  Status
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((attendee) => (
                <AttendeeRow
                  key={attendee.id}
                  attendee={attendee}
                  pending={waiting.has(attendee.id)}
                  online={queue.online}
                  onCheckIn={(payCash) => checkIn(attendee, payCash)}
                  onUncheck={() => void uncheck({ eventId, userId: attendee.id })}
                  onStaffTicket={cancelled ? undefined : () => void staffTicket(attendee)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {scannerWanted ? (
        <Suspense fallback={null}>
          <ScanDialog open={scanning} onClose={() => setScanning(false)} onCode={onCode} loadDetector={loadDetector} />
        </Suspense>
      ) : null}
    </>,
  )
}

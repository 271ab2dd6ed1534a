import type { QueuedWrite } from '@/lib/offline-queue'
import type { Attendee } from './types'

export const CHECKIN_TEXTS = {
  title: 'Check people in',
  search: 'Search people',
  checkedIn: 'Checked-in',
  checkIn: 'Check-In',
  payAndCheckIn: 'Pay & Check-In',
  pending: 'Pending',
  scan: 'Scan ticket',
  ticketNotFound: 'Ticket not found',
  forbidden: "Only the event's organizer and admins can check people in.",
  empty: 'Nobody has a ticket or a battle registration for this event yet.',
  ticket: 'Ticket',
  giveStaffTicket: 'Give staff ticket',
  staffTicketGiven: 'Staff ticket given',
  cancelled: 'This event has been cancelled: nobody is checked in any more. Paid card tickets were refunded.',
  refundFailed: 'Refund failed',
  retryRefunds: 'Retry refunds',
  sales: 'Ticket sales',
  noMatch: 'Nobody matches this search.',
  offline: 'You are offline. Check-ins are kept on this device and sent when the connection returns.',
} as const

/** The Key legend's five entries, in the seed's order. */
export const LEGEND = [
  { key: 'checkedIn', text: 'Checked in at the door' },
  { key: 'checkIn', text: 'Ticket bought or given to staff' },
  { key: 'card', text: 'Paid by card' },
  { key: 'cash', text: 'Paid cash at door' },
  { key: 'payAndCheckIn', text: 'Chose cash at event and not yet paid' },
] as const

export const counterText = (checkedIn: number, total: number) => `${checkedIn}/${total} checked in`

/** A check-in counts only with a time after the year 2000 (seed 001, Attendee); without a time, the flag. */
export function isCheckedIn(attendee: Pick<Attendee, 'checkedIn' | 'checkedInAt'>): boolean {
  if (!attendee.checkedInAt) return attendee.checkedIn
  const at = new Date(attendee.checkedInAt)
  return !Number.isNaN(at.getTime()) && at.getUTCFullYear() > 2000
}

/** The search: dancer name or email, case-insensitive, the keyword trimmed. */
export function filterAttendees(attendees: Attendee[], keyword: string): Attendee[] {
  const needle = keyword.trim().toLowerCase()
  if (!needle) return attendees
  return attendees.filter(
    (attendee) => (attendee.dancerName ?? '').toLowerCase().includes(needle) || (attendee.email ?? '').toLowerCase().includes(needle),
  )
}

/** The queued writes of a check-in page: staff check-ins (of a person) and scanned tickets. */
export type CheckinWriteMeta = { kind: 'person'; userId: number; payCash: boolean } | { kind: 'ticket' }

export const checkinScope = (eventId: number) => `checkin:${eventId}`
export const personCheckinPath = (eventId: number, userId: number) => `/events/${eventId}/checkin/${userId}`
export const ticketCheckinPath = (eventId: number) => `/events/${eventId}/checkin-ticket`
export const uncheckPath = (eventId: number, userId: number) => `/admin/events/${eventId}/uncheck/${userId}`

export function writeMeta(write: QueuedWrite): CheckinWriteMeta | null {
  const meta = write.meta as Partial<CheckinWriteMeta> | undefined
  if (meta?.kind === 'person' && typeof (meta as { userId?: unknown }).userId === 'number') return meta as CheckinWriteMeta
  if (meta?.kind === 'ticket') return { kind: 'ticket' }
  return null
}

/** The people with a check-in waiting on this device. */
export function pendingPeople(writes: QueuedWrite[]): Set<number> {
  const people = new Set<number>()
  for (const write of writes) {
    const meta = writeMeta(write)
    if (meta?.kind === 'person') people.add(meta.userId)
  }
  return people
}

export const pendingTickets = (writes: QueuedWrite[]) => writes.filter((write) => writeMeta(write)?.kind === 'ticket').length

/**
 * Check-ins that left this device's queue (the server took them, or refused them) that no list read begun
 * since has shown yet: `settled` holds when each left, `readBegunAt` when the read behind the list on screen
 * began (null while one is under way or the last failed). A read already under way when the answer came can
 * still say "not checked in": shown as it is, a tablet flipped to the stale list and back. Until a fresher
 * list arrives, they stay pending.
 */
export function unconfirmedPeople(settled: ReadonlyMap<number, number>, readBegunAt: number | null): Set<number> {
  const people = new Set<number>()
  for (const [userId, at] of settled) if (readBegunAt === null || readBegunAt < at) people.add(userId)
  return people
}

/** When each person's check-in left this device's queue (the latest, per person). */
export function settledPeople(left: readonly { write: QueuedWrite; at: number }[]): Map<number, number> {
  const settled = new Map<number, number>()
  for (const { write, at } of left) {
    const meta = writeMeta(write)
    if (meta?.kind === 'person') settled.set(meta.userId, at)
  }
  return settled
}

/** The counter counts a pending check-in at once (the server will have it), never twice. */
export function checkedInCount(server: number, attendees: Attendee[], pending: Set<number>): number {
  const extra = attendees.filter((attendee) => pending.has(attendee.id) && !isCheckedIn(attendee)).length
  return server + extra
}

/** The toast after a scanned ticket was checked in. */
export const ticketCheckedInText = (name: string | null | undefined) => `${name?.trim() || 'Ticket holder'} is checked in`

/** The tickets of a cancelled event whose refund failed (still owed). */
export const failedRefunds = (attendees: Attendee[]) => attendees.flatMap((attendee) => attendee.tickets.filter((ticket) => ticket.refundError))

/** A tier's sales line: '3 sold · $33.00'. */
export function salesText(sold: number | undefined, totalSum: number | undefined): string {
  const cents = totalSum ?? 0
  return `${sold ?? 0} sold · $${(cents / 100).toFixed(2)}`
}

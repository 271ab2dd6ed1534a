/**
 * The check-in payloads (issue 13's contract: GET /api/events/{id}/attendees). Written by hand until the
 * events service's OpenAPI for them is in proto-contracts/.
 */

/** How the attendee's ticket was paid; `cashDue`: chose cash at the event and has not paid yet. */
export type AttendeePayment = 'card' | 'cash' | 'cashDue' | 'free' | null

export interface AttendeeTicket {
  title: string
  /** cents */
  cost: number
  /** cents */
  ticketSum: number
  method: 'card' | 'cash' | 'free' | 'staff'
  paid: boolean
  /** a cancelled event's refund the processor refused: the money is still owed */
  refundError?: string | null
}

/** A battle of the event the person is registered in (the door list is one list: tickets and registrations). */
export interface AttendeeBattle {
  id: number
  title: string
}

export interface Attendee {
  /** the profile id */
  id: number
  dancerName: string | null
  avatar: string | null
  email: string | null
  checkedIn: boolean
  checkedInAt: string | null
  hasTicket: boolean
  payment: AttendeePayment
  tickets: AttendeeTicket[]
  battles?: AttendeeBattle[]
}

/** What the door needs of the event itself (GET /events/{id}, the editors' view): whether it was cancelled, and
 * each tier's sales (sold tickets and their sum, cents; the server sends them to editors only). */
export interface DoorEvent {
  id: number
  title: string
  cancelledAt?: string | null
  tiers: { id?: number | null; title: string; cost: number; sold?: number; totalSum?: number }[]
}

export interface AttendeeList {
  checkedIn: number
  total: number
  attendees: Attendee[]
}

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
}

export interface AttendeeList {
  checkedIn: number
  total: number
  attendees: Attendee[]
}

/** The check-in payloads, generated from proto-contracts/ (`npm run gen:types`): aliases only. */
import type { Attendee, Event } from '@contracts/api'

export type { Attendee, AttendeeBattle, AttendeeTicket, Attendees, Cancellation } from '@contracts/api'

/** How the attendee's ticket was paid; `cashDue`: chose cash at the event and has not paid yet. */
export type AttendeePayment = Attendee['payment']

/** GET /events/{id} as the door reads it (the editors' view): whether it was cancelled, each tier's sales. */
export type DoorEvent = Event

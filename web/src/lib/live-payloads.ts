import type { EventPayloads, EventType } from '@contracts/events'
import type { LiveEnvelope } from './live'

/** What a screen reads of a live message: its type and its payload. */
export type LiveMessage = Pick<LiveEnvelope, 'type' | 'data'>

/**
 * The message's payload, typed as the contract has it (proto-contracts/ts/events.d.ts, generated from the
 * services' event models), when the message is of `type`; null otherwise. The services publish only payloads
 * their model validated, so the type is taken on trust.
 */
export function payloadOf<T extends EventType>(message: LiveMessage, type: T): EventPayloads[T] | null {
  return message.type === type ? (message.data as unknown as EventPayloads[T]) : null
}

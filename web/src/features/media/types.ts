/** The media payloads, generated from proto-contracts/ (`npm run gen:types`): aliases only. */
export type { Media, MediaIn } from '@contracts/api'

/**
 * Whose clips a list is: an organization's (`o`, its events' clips included) or an event's (`e`). The same
 * names as the query of GET /media.
 */
export interface MediaScope {
  o?: number
  e?: number
}

/** Home's payloads, generated from proto-contracts/ (`npm run gen:types`): aliases only. */
export type { Instructor } from '@contracts/api'

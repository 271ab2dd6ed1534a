/** The studios payloads, generated from proto-contracts/ (`npm run gen:types`): aliases only. */
import type { StudiosSocials, StudiosUser } from '@contracts/api'

export type { Studio, StudioBattle, StudioCreated, StudioEvent, StudioItem, StudioList, StudioMember, StudioStatus, StudioUpdate } from '@contracts/api'

/* The studios service's names of shared shapes (the merged OpenAPI prefixes them with the service). */
export type StudioUser = StudiosUser
/** "" when unset */
export type StudioSocials = StudiosSocials

/** The people of a studio, as their list paths name them. */
export type StudioPeople = 'admins' | 'teachers' | 'students'

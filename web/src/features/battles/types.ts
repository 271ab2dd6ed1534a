/** The battles payloads, generated from proto-contracts/ (`npm run gen:types`): aliases only. */
import type { AdminPickerPage, AdminPickerUser, Battle, BattlesPermissions, BattlesStudio, BattlesUser } from '@contracts/api'

export type { Crew, CrewForm, Invitation, OrgChip, OrgLegalDocs, Participant, Prize, SignedDate, Winner, WinnerIn } from '@contracts/api'
export type { Battle } from '@/lib/api/types'

export type BattleStyle = Battle['style']
export type CapType = Battle['participationCapType']

/* The battles service's names of shared shapes (the merged OpenAPI prefixes them with the service). */
export type BattleUser = BattlesUser
export type StudioRef = BattlesStudio
export type BattlePermissions = BattlesPermissions

/**
 * A dancer the admin catalogue may add (GET /api/admin/battles/{id}/users), or the crew form may offer
 * (GET /api/crews/{battleId}/candidates); the signature dates are given to the battle's admins only.
 */
export type CatalogueUser = AdminPickerUser
export type CatalogueUsers = AdminPickerPage

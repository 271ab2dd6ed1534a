/** The organization payloads, generated from proto-contracts/ (`npm run gen:types`): aliases only. */
export type {
  LeaderboardMember,
  LeaderboardSort,
  LegalDocument,
  Media,
  Organization,
  OrganizationCreated,
  OrganizationList,
  OrganizationListItem,
  OrganizationStatus,
  OrganizationUpdate,
  OrganizationsSocials,
  OrganizationsUser,
  Role,
  RoleChange,
  Roles,
} from '@contracts/api'

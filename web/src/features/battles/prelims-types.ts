/** The prelims payloads, generated from proto-contracts/ (`npm run gen:types`): aliases only. */
import type { CreateGroups, paths } from '@contracts/api'

export type {
  CreateGroups,
  Prelims,
  PrelimScoreIn,
  PrelimsDancer,
  PrelimsGroup,
  PrelimsGroupMember,
  PrelimsGroups,
  PrelimsJudgeScore,
  PrelimsPermissions,
  PrelimsRow,
} from '@contracts/api'

export type GroupsType = CreateGroups['type']

/** GET /battles/{id}/prelims?sb=: the server sorts by the points average */
export type PointsOrder = NonNullable<NonNullable<paths['/api/battles/{battle_id}/prelims']['get']['parameters']['query']>['sb']>

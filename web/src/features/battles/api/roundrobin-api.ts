import { api, takeAnswer } from '@/lib/api/base'
import { BATTLE_TAG } from '@/lib/api/battles'
import type { RoundRobin } from '../bracket-types'
import { BRACKET_TAG } from './competition-api'

type Lifecycle = { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: RoundRobin }> }

/** Every call answers the whole stage: it replaces the page's copy at once. */
const takesGroups = (battleId: number, { dispatch, queryFulfilled }: Lifecycle) =>
  takeAnswer(queryFulfilled, (data) => 'groups' in (data as object), (data) => dispatch(roundRobinApi.util.upsertQueryData('groupsByBattle', battleId, data)))

/**
 * Round-robin groups (docs/product/competition.md, "Round-robin groups"): read under the battle's tag, so the battle
 * page's live topic (`battle:<id>`: a group battle scored or decided, the bracket built) reads them again.
 */
const roundRobinApi = api.enhanceEndpoints({ addTagTypes: [BATTLE_TAG, BRACKET_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    groupsByBattle: build.query<RoundRobin, number>({
      query: (battleId) => `/battles/${battleId}/groups`,
      providesTags: (_groups, _error, battleId) => [{ type: BATTLE_TAG, id: battleId }],
    }),
    addGroupsToBracket: build.mutation<RoundRobin, number>({
      query: (battleId) => ({ url: `/battles/${battleId}/groups/bracket`, method: 'POST' }),
      onQueryStarted: (battleId, lifecycle) => takesGroups(battleId, lifecycle),
      invalidatesTags: (_groups, error, battleId) => (error ? [] : [{ type: BRACKET_TAG, id: battleId }]),
    }),
    undoGroupsBracket: build.mutation<RoundRobin, number>({
      query: (battleId) => ({ url: `/battles/${battleId}/groups/bracket`, method: 'DELETE' }),
      onQueryStarted: (battleId, lifecycle) => takesGroups(battleId, lifecycle),
      invalidatesTags: (_groups, error, battleId) => (error ? [] : [{ type: BRACKET_TAG, id: battleId }]),
    }),
    groupTiebreak: build.mutation<RoundRobin, { battleId: number; competitorId: number }>({
      query: ({ battleId, competitorId }) => ({ url: `/battles/${battleId}/groups/tiebreak/${competitorId}`, method: 'POST' }),
      onQueryStarted: ({ battleId }, lifecycle) => takesGroups(battleId, lifecycle),
    }),
  }),
})

export { roundRobinApi }
export const { useGroupsByBattleQuery, useAddGroupsToBracketMutation, useUndoGroupsBracketMutation, useGroupTiebreakMutation } = roundRobinApi

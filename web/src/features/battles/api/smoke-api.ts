import { api, takeAnswer } from '@/lib/api/base'
import { BATTLE_TAG } from '@/lib/api/battles'
import type { Smoke } from '../bracket-types'

type SmokeLifecycle = { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Smoke }> }

/** Every seven-to-smoke call answers the whole standing: it replaces the page's copy at once. */
const takesSmoke = (battleId: number, { dispatch, queryFulfilled }: SmokeLifecycle) =>
  takeAnswer(queryFulfilled, (data) => 'started' in (data as object), (data) => dispatch(smokeApi.util.upsertQueryData('smokeByBattle', battleId, data)))

/** Seven to smoke (docs/decisions.md, "Seven to smoke"): read on the battle's live topic (its `Battle` tag). */
const smokeApi = api.enhanceEndpoints({ addTagTypes: [BATTLE_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    smokeByBattle: build.query<Smoke, number>({
      query: (battleId) => `/battles/${battleId}/smoke`,
      providesTags: (_smoke, _error, battleId) => [{ type: BATTLE_TAG, id: battleId }],
    }),
    startSmoke: build.mutation<Smoke, number>({
      query: (battleId) => ({ url: `/battles/${battleId}/smoke/start`, method: 'POST' }),
      onQueryStarted: (battleId, lifecycle) => takesSmoke(battleId, lifecycle),
    }),
    decideSmoke: build.mutation<Smoke, { battleId: number; number: number; winnerId: number }>({
      query: ({ battleId, number, winnerId }) => ({ url: `/battles/${battleId}/smoke/${number}/winner/${winnerId}`, method: 'POST' }),
      onQueryStarted: ({ battleId }, lifecycle) => takesSmoke(battleId, lifecycle),
    }),
    undoSmoke: build.mutation<Smoke, { battleId: number; number: number }>({
      query: ({ battleId, number }) => ({ url: `/battles/${battleId}/smoke/${number}`, method: 'DELETE' }),
      onQueryStarted: ({ battleId }, lifecycle) => takesSmoke(battleId, lifecycle),
    }),
  }),
})

export { smokeApi }
export const { useSmokeByBattleQuery, useStartSmokeMutation, useDecideSmokeMutation, useUndoSmokeMutation } = smokeApi

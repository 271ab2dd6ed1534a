import { api } from './base'
import type { Battle } from './types'

/** A battle's reads are cached under its id; the live topic `battle:<id>` names this tag (lib/live-topics.ts). */
export const BATTLE_TAG = 'Battle' as const

export const battleTag = (battleId: number) => [{ type: BATTLE_TAG, id: battleId }]

/**
 * GET /api/battles/{id}: the one read of a battle, which the battle page and the event wizard share (a change
 * made on one shows on the other). The calls that answer the battle put their answer here.
 */
export const battleApi = api.enhanceEndpoints({ addTagTypes: [BATTLE_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    battleById: build.query<Battle, number>({
      query: (id) => `/battles/${id}`,
      providesTags: (_battle, _error, id) => battleTag(id),
    }),
  }),
})

export const { useBattleByIdQuery } = battleApi

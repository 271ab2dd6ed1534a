import { battleApi } from '@/lib/api/battles'
import type { Battle, BattleUpdate } from '../types'

export interface JudgeCall {
  battleId: number
  userId: number
}

/**
 * The wizard's battle calls (docs/product/battles-and-registration.md). The battle they answer goes into the one
 * read of a battle (`battleById`, under the `Battle` tag the live topic `battle:<id>` names), so the battle page
 * and the wizard see each other's changes.
 */
const eventBattlesApi = battleApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/events/{id}/add-battle: a new battle with the defaults (201). */
    addEventBattle: build.mutation<Battle, number>({
      query: (eventId) => ({ url: `/events/${eventId}/add-battle`, method: 'POST' }),
      onQueryStarted: async (_eventId, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled
          dispatch(eventBattlesApi.util.upsertQueryData('battleById', data.id, data))
        } catch {
          /* the failure was shown as a toast */
        }
      },
    }),
    /** PUT /api/battles/{id}: a failure is the dialog's own message (docs/product/battles-and-registration.md), so no toast here. */
    updateEventBattle: build.mutation<Battle, { id: number; body: BattleUpdate }>({
      query: ({ id, body }) => ({ url: `/battles/${id}`, method: 'PUT', body }),
      extraOptions: { silent: true },
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled
          dispatch(eventBattlesApi.util.upsertQueryData('battleById', id, data))
        } catch {
          /* the dialog says so */
        }
      },
    }),
    /** DELETE /api/battles/{id} (204). */
    deleteEventBattle: build.mutation<unknown, number>({
      query: (id) => ({ url: `/battles/${id}`, method: 'DELETE' }),
    }),
    /** POST / DELETE /api/battles/{id}/role {userId, role: 'judge'}: the answer is the judges list. */
    addBattleJudge: build.mutation<Battle['judges'], JudgeCall>({
      query: ({ battleId, userId }) => ({ url: `/battles/${battleId}/role`, method: 'POST', body: { userId, role: 'judge' } }),
      onQueryStarted: applyJudges,
    }),
    removeBattleJudge: build.mutation<Battle['judges'], JudgeCall>({
      query: ({ battleId, userId }) => ({ url: `/battles/${battleId}/role`, method: 'DELETE', body: { userId, role: 'judge' } }),
      onQueryStarted: applyJudges,
    }),
  }),
})

async function applyJudges(
  { battleId }: JudgeCall,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Battle['judges'] }> },
) {
  try {
    const { data } = await queryFulfilled
    dispatch(
      eventBattlesApi.util.updateQueryData('battleById', battleId, (battle) => {
        if (battle && Array.isArray(data)) battle.judges = data
      }),
    )
  } catch {
    /* the list stays as it was; the failure was shown as a toast */
  }
}

export { eventBattlesApi }

export const { useAddEventBattleMutation, useUpdateEventBattleMutation, useDeleteEventBattleMutation, useAddBattleJudgeMutation, useRemoveBattleJudgeMutation } =
  eventBattlesApi

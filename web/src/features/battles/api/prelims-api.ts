import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit'
import { current } from '@reduxjs/toolkit'
import type { RootState } from '@/app/store'
import { api } from '@/lib/api/base'
import { BATTLE_TAG, battleTag } from '@/lib/api/battles'
import type { LiveMessage } from '@/lib/live-payloads'
import { livePrelims, newerPrelims, prelimsPath } from '../prelims-rules'
import type { GroupsType, PointsOrder, Prelims, PrelimScoreIn, PrelimsGroups } from '../prelims-types'

export interface PrelimsArg {
  battleId: number
  sb: PointsOrder
}

/** Calls that answer the prelims (or the groups) change the battle: its reads are done again. */
const changesBattle = (answer: unknown, _error: unknown, arg: number | { battleId: number }) =>
  answer ? battleTag(typeof arg === 'number' ? arg : arg.battleId) : []

/** The prelims and groups are the battle's: cached under its tag, re-read on its live topic `battle:<id>`. */
const prelimsApi = api.enhanceEndpoints({ addTagTypes: [BATTLE_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    prelimsByBattle: build.query<Prelims, PrelimsArg>({
      query: ({ battleId, sb }) => ({ url: prelimsPath(battleId), params: { sb } }),
      providesTags: (_prelims, _error, { battleId }) => battleTag(battleId),
      // a read or a write's answer older than the copy shown (live messages applied meanwhile) is not kept
      merge: (shown, incoming) => newerPrelims(shown, incoming),
    }),
    /** Judges' points go through the offline queue (use-offline-queue); this is the direct call. */
    scorePrelims: build.mutation<Prelims, { battleId: number; judgments: PrelimScoreIn[] }>({
      query: ({ battleId, judgments }) => ({ url: prelimsPath(battleId), method: 'POST', body: judgments }),
      invalidatesTags: changesBattle,
    }),
    setPrelimsGone: build.mutation<Prelims, { battleId: number; participantId: number }>({
      query: ({ battleId, participantId }) => ({ url: `${prelimsPath(battleId)}/gone/${participantId}`, method: 'POST' }),
      invalidatesTags: changesBattle,
    }),
    reshufflePrelims: build.mutation<Prelims, number>({
      query: (battleId) => ({ url: `/battles/${battleId}/reshuffle`, method: 'POST' }),
      invalidatesTags: changesBattle,
    }),
    /** Add to bracket */
    finishPrelims: build.mutation<Prelims, number>({
      query: (battleId) => ({ url: `${prelimsPath(battleId)}/finish`, method: 'POST' }),
      invalidatesTags: changesBattle,
    }),
    /** Undo bracket */
    undoBrackets: build.mutation<Prelims, number>({
      query: (battleId) => ({ url: `/battles/${battleId}/brackets`, method: 'DELETE' }),
      invalidatesTags: changesBattle,
    }),
    createPrelimsGroups: build.mutation<PrelimsGroups, { battleId: number; amount: number; type: GroupsType }>({
      query: ({ battleId, amount, type }) => ({ url: `${prelimsPath(battleId)}/create-groups`, method: 'POST', body: { amount, type } }),
      invalidatesTags: changesBattle,
    }),
    /** Moves competitor `target` into group `groupId`. */
    movePrelimsMember: build.mutation<PrelimsGroups, { battleId: number; groupId: number; target: number }>({
      query: ({ battleId, groupId, target }) => ({ url: `${prelimsPath(battleId)}/${groupId}/move/${target}`, method: 'POST' }),
      invalidatesTags: changesBattle,
    }),
  }),
})

export { prelimsApi }

/**
 * A live message of `battle:<battleId>` applied to every cached copy of the battle's prelims (each sort order):
 * true when it needs no read (a judge's points, applied; docs/product/competition.md, Live scores), false when the
 * screen re-reads (any other message, or a copy the message does not fit). A prelims score changes nothing else
 * a battle's screens read, so with no copy cached there is nothing to re-read either.
 */
export const prelimsMessageApplied =
  (battleId: number, message: LiveMessage): ThunkAction<boolean, RootState, unknown, UnknownAction> =>
  (dispatch, getState) => {
    if (message.type !== 'battles.prelims.scored') return false
    const cached = prelimsApi.util.selectCachedArgsForQuery(getState(), 'prelimsByBattle').filter((arg) => arg.battleId === battleId)
    let applied = true
    for (const arg of cached) {
      let fits = false
      dispatch(
        prelimsApi.util.updateQueryData('prelimsByBattle', arg, (draft) => {
          const patched = livePrelims(current(draft), message, arg.sb)
          fits = patched !== null
          return patched ?? undefined
        }),
      )
      applied = applied && fits
    }
    return applied
  }

export const {
  usePrelimsByBattleQuery,
  useScorePrelimsMutation,
  useSetPrelimsGoneMutation,
  useReshufflePrelimsMutation,
  useFinishPrelimsMutation,
  useUndoBracketsMutation,
  useCreatePrelimsGroupsMutation,
  useMovePrelimsMemberMutation,
} = prelimsApi

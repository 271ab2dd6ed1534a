import { battleApi, battleTag } from '@/lib/api/battles'
import { CANDIDATES_PAGE_SIZE, CATALOGUE_PAGE_SIZE, checkinPath, uncheckPath } from '../rules'
import type { Battle, CatalogueUsers, CrewForm, SignedDate, WinnerIn } from '../types'

interface CrewCall {
  battleId: number
  crewId: number
}

interface DancerCall {
  battleId: number
  userId: number
}

type Lifecycle = { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Battle }> }

/** Most battle and crew calls answer the updated battle: it replaces the page's copy at once (docs/product/battles-and-registration.md). */
function takesBattle(battleId: number) {
  return async (_arg: unknown, { dispatch, queryFulfilled }: Lifecycle) => {
    try {
      const { data } = await queryFulfilled
      if (data && typeof data === 'object' && 'id' in data) dispatch(battlesApi.util.upsertQueryData('battleById', battleId, data))
    } catch {
      /* the failure was shown as a toast */
    }
  }
}

const battlesApi = battleApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /battles/{id}/dancer: the caller registers (or joins the wait list). */
    battleRegister: build.mutation<Battle, number>({
      query: (id) => ({ url: `/battles/${id}/dancer`, method: 'POST' }),
      onQueryStarted: (id, lifecycle) => takesBattle(id)(id, lifecycle),
    }),
    battleUnregister: build.mutation<Battle, number>({
      query: (id) => ({ url: `/battles/${id}/dancer`, method: 'DELETE' }),
      onQueryStarted: (id, lifecycle) => takesBattle(id)(id, lifecycle),
    }),
    /** POST /battles/{id}/sign-agreement | sign-waiver: the caller's own signature. */
    battleSign: build.mutation<Battle, { battleId: number; doc: 'agreement' | 'waiver' }>({
      query: ({ battleId, doc }) => ({ url: `/battles/${battleId}/sign-${doc}`, method: 'POST' }),
      onQueryStarted: (arg, lifecycle) => takesBattle(arg.battleId)(arg, lifecycle),
    }),
    battleCreateCrew: build.mutation<Battle, { battleId: number; body: CrewForm }>({
      query: ({ battleId, body }) => ({ url: `/crews/${battleId}`, method: 'POST', body }),
      onQueryStarted: (arg, lifecycle) => takesBattle(arg.battleId)(arg, lifecycle),
    }),
    battleUpdateCrew: build.mutation<Battle, CrewCall & { body: CrewForm }>({
      query: ({ battleId, crewId, body }) => ({ url: `/crews/${battleId}/${crewId}`, method: 'PUT', body }),
      onQueryStarted: (arg, lifecycle) => takesBattle(arg.battleId)(arg, lifecycle),
    }),
    /** POST /crews/{b}/{c}/unregister | join | accept | decline: the caller leaves, asks to join, or answers an invitation. */
    battleCrewAction: build.mutation<Battle, CrewCall & { action: 'unregister' | 'join' | 'accept' | 'decline' }>({
      query: ({ battleId, crewId, action }) => ({ url: `/crews/${battleId}/${crewId}/${action}`, method: 'POST' }),
      onQueryStarted: (arg, lifecycle) => takesBattle(arg.battleId)(arg, lifecycle),
    }),
    /** GET /admin/battles/{id}/users: dancers the battle's admins may add, by dancer name. */
    battleCatalogueUsers: build.query<CatalogueUsers, { battleId: number; k: string }>({
      query: ({ battleId, k }) => ({ url: `/admin/battles/${battleId}/users`, params: { pp: CATALOGUE_PAGE_SIZE, p: 0, k: k.trim() } }),
      transformResponse: (body: CatalogueUsers | null) => ({ data: body?.data ?? [], total: body?.total ?? 0 }),
      providesTags: (_users, _error, { battleId }) => battleTag(battleId),
    }),
    /**
     * GET /crews/{battleId}/candidates: whom the crew form may add, decided on the server (judges, the event's
     * staff, registered dancers, confirmed members of other crews and the caller left out; a crew edited keeps
     * its members), so it works where the lists are hidden.
     */
    battleCrewCandidates: build.query<CatalogueUsers, { battleId: number; crewId: number | null; k: string }>({
      query: ({ battleId, crewId, k }) => ({
        url: `/crews/${battleId}/candidates`,
        params: { pp: CANDIDATES_PAGE_SIZE, p: 0, k: k.trim(), ...(crewId ? { crewId } : {}) },
      }),
      transformResponse: (body: CatalogueUsers | null) => ({ data: body?.data ?? [], total: body?.total ?? 0 }),
      providesTags: (_users, _error, { battleId }) => battleTag(battleId),
    }),
    battleAdminRegister: build.mutation<Battle, { battleId: number; userIds: number[] }>({
      query: ({ battleId, userIds }) => ({ url: `/admin/battles/${battleId}/register`, method: 'POST', body: { userIds } }),
      onQueryStarted: (arg, lifecycle) => takesBattle(arg.battleId)(arg, lifecycle),
    }),
    battleAdminUnregister: build.mutation<Battle, DancerCall & { crewId?: number | null }>({
      query: ({ battleId, userId, crewId }) => ({ url: `/admin/battles/${battleId}/unregister`, method: 'POST', body: { userId, crewId: crewId ?? null } }),
      onQueryStarted: (arg, lifecycle) => takesBattle(arg.battleId)(arg, lifecycle),
    }),
    /** POST /admin/battles/{id}/sign-agreement|sign-waiver/{userId}: answers the date; the battle is read again. */
    battleAdminSign: build.mutation<SignedDate, DancerCall & { doc: 'agreement' | 'waiver' }>({
      query: ({ battleId, userId, doc }) => ({ url: `/admin/battles/${battleId}/sign-${doc}/${userId}`, method: 'POST' }),
      invalidatesTags: (answer, _error, { battleId }) => (answer ? battleTag(battleId) : []),
    }),
    /** POST /admin/crews/{b}/{c}/accept|decline/{userId}, /unregister (the crew) and /unregister/{userId}. */
    battleAdminCrew: build.mutation<Battle, CrewCall & { action: 'accept' | 'decline' | 'unregister'; userId?: number }>({
      query: ({ battleId, crewId, action, userId }) => ({
        url: `/admin/crews/${battleId}/${crewId}/${action}${userId ? `/${userId}` : ''}`,
        method: 'POST',
      }),
      onQueryStarted: (arg, lifecycle) => takesBattle(arg.battleId)(arg, lifecycle),
    }),
    /**
     * Staff check-in is the events service's: it answers the event, and the battle learns it from the events'
     * domain events; the battle is read again now and once more when its live topic says so.
     */
    battleCheckIn: build.mutation<unknown, DancerCall & { eventId: number; checked: boolean }>({
      query: ({ eventId, userId, checked }) => ({ url: checked ? checkinPath(eventId, userId) : uncheckPath(eventId, userId), method: 'POST' }),
      invalidatesTags: (_answer, error, { battleId }) => (error ? [] : battleTag(battleId)),
    }),
    battleSetWinners: build.mutation<Battle, { battleId: number; winners: WinnerIn[] }>({
      query: ({ battleId, winners }) => ({ url: `/battles/${battleId}/winners`, method: 'POST', body: winners }),
      onQueryStarted: (arg, lifecycle) => takesBattle(arg.battleId)(arg, lifecycle),
    }),
  }),
})

export { battlesApi }

export const {
  useBattleRegisterMutation,
  useBattleUnregisterMutation,
  useBattleSignMutation,
  useBattleCreateCrewMutation,
  useBattleUpdateCrewMutation,
  useBattleCrewActionMutation,
  useBattleCatalogueUsersQuery,
  useBattleCrewCandidatesQuery,
  useBattleAdminRegisterMutation,
  useBattleAdminUnregisterMutation,
  useBattleAdminSignMutation,
  useBattleAdminCrewMutation,
  useBattleCheckInMutation,
  useBattleSetWinnersMutation,
} = battlesApi

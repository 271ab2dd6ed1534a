import { api } from '@/lib/api/base'
import { nextPage } from '@/lib/lists'
import { LEADERBOARD_PAGE_SIZE, ORG_LIST_PAGE_SIZE, SETTINGS_MEMBERS_PAGE_SIZE } from '../rules'
import type {
  LeaderboardMember,
  LeaderboardSort,
  Organization,
  OrganizationCreated,
  OrganizationList,
  OrganizationUpdate,
  OrganizationsUser,
  Role,
  Roles,
} from '../types'

export interface OrganizationSearch {
  /** a user id: the organizations where that user is admin, promoter or member (drafts only for the caller) */
  u?: number
  k?: string
}

export interface LeaderboardQuery {
  id: number
  sb: LeaderboardSort
  y: number
}

export interface RoleCall {
  id: number
  userId: number
  role: Role
}

const organizationsApi = api
  .enhanceEndpoints({ addTagTypes: ['Organization', 'Organizations', 'OrgMembers', 'Leaderboard'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET /orgs: published organizations by name, or a user's (u); k a part of the name; 100 a page. */
      listOrganizations: build.infiniteQuery<OrganizationList | null, OrganizationSearch, number>({
        infiniteQueryOptions: {
          initialPageParam: 0,
          getNextPageParam: (lastPage, all, lastPageParam) =>
            nextPage(ORG_LIST_PAGE_SIZE)(lastPage?.items, all, lastPageParam),
        },
        query: ({ queryArg, pageParam }) => ({
          url: '/orgs',
          params: { p: pageParam, pp: ORG_LIST_PAGE_SIZE, u: queryArg.u, k: queryArg.k?.trim() || undefined },
        }),
        providesTags: ['Organizations'],
      }),
      getOrganization: build.query<Organization | null, number>({
        query: (id) => `/orgs/${id}`,
        providesTags: (_org, _error, id) => [{ type: 'Organization', id }],
      }),
      /** POST /orgs: an empty draft whose only admin is the caller. */
      createOrganization: build.mutation<OrganizationCreated, void>({
        query: () => ({ url: '/orgs', method: 'POST' }),
        invalidatesTags: ['Organizations'],
      }),
      /** POST /orgs/{id}: the whole organization (name always; a field left out keeps its value). */
      saveOrganization: build.mutation<Organization, { id: number; body: OrganizationUpdate }>({
        query: ({ id, body }) => ({ url: `/orgs/${id}`, method: 'POST', body }),
        invalidatesTags: (org) => (org ? ['Organizations'] : []),
        onQueryStarted: ({ id }, lifecycle) => applyOrganization(id, lifecycle),
      }),
      publishOrganization: build.mutation<Organization, number>({
        query: (id) => ({ url: `/orgs/${id}/publish`, method: 'POST' }),
        invalidatesTags: (org) => (org ? ['Organizations'] : []),
        onQueryStarted: (id, lifecycle) => applyOrganization(id, lifecycle),
      }),
      /** POST or DELETE /orgs/{id}/role: the organization's lists change only with the server's answer. */
      addRole: build.mutation<Roles, RoleCall>({
        query: ({ id, userId, role }) => ({ url: `/orgs/${id}/role`, method: 'POST', body: { userId, role } }),
        invalidatesTags: (roles) => (roles ? ['Organizations'] : []),
        onQueryStarted: applyRoles,
      }),
      removeRole: build.mutation<Roles, RoleCall>({
        query: ({ id, userId, role }) => ({ url: `/orgs/${id}/role`, method: 'DELETE', body: { userId, role } }),
        invalidatesTags: (roles) => (roles ? ['Organizations'] : []),
        onQueryStarted: applyRoles,
      }),
      /** GET /orgs/{id}/members: by name, 100 a page; k a part of the dancer name. */
      listMembers: build.infiniteQuery<OrganizationsUser[] | null, { id: number; k?: string }, number>({
        infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage(SETTINGS_MEMBERS_PAGE_SIZE) },
        query: ({ queryArg, pageParam }) => ({
          url: `/orgs/${queryArg.id}/members`,
          params: { p: pageParam, pp: SETTINGS_MEMBERS_PAGE_SIZE, k: queryArg.k?.trim() || undefined },
        }),
        providesTags: (_pages, _error, { id }) => [{ type: 'OrgMembers', id }],
      }),
      /** POST / DELETE /orgs/{id}/members/{userId}: counts only when the answer is "ok". */
      addMember: build.mutation<string, { id: number; userId: number }>({
        query: ({ id, userId }) => ({ url: `/orgs/${id}/members/${userId}`, method: 'POST' }),
        invalidatesTags: (answer, _error, { id }) => (answer === 'ok' ? memberTags(id) : []),
      }),
      removeMember: build.mutation<string, { id: number; userId: number }>({
        query: ({ id, userId }) => ({ url: `/orgs/${id}/members/${userId}`, method: 'DELETE' }),
        invalidatesTags: (answer, _error, { id }) => (answer === 'ok' ? memberTags(id) : []),
      }),
      /** GET /orgs/{id}/leaderboard: the members with their points of the year (0: all years), 100 a page. */
      leaderboard: build.infiniteQuery<LeaderboardMember[] | null, LeaderboardQuery, number>({
        infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage(LEADERBOARD_PAGE_SIZE) },
        query: ({ queryArg, pageParam }) => ({
          url: `/orgs/${queryArg.id}/leaderboard`,
          params: { p: pageParam, pp: LEADERBOARD_PAGE_SIZE, sb: queryArg.sb, y: queryArg.y },
        }),
        providesTags: (_pages, _error, { id }) => [{ type: 'Leaderboard', id }],
      }),
    }),
  })

function memberTags(id: number) {
  return [
    { type: 'OrgMembers' as const, id },
    { type: 'Organization' as const, id },
    { type: 'Leaderboard' as const, id },
    'Organizations' as const,
  ]
}

/** The answer is the whole organization: its page's cache takes it at once. */
async function applyOrganization(
  id: number,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Organization }> },
) {
  try {
    const { data } = await queryFulfilled
    dispatch(organizationsApi.util.upsertQueryData('getOrganization', id, data))
  } catch {
    /* the failure was shown as a toast */
  }
}

async function applyRoles(
  { id }: RoleCall,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Roles }> },
) {
  try {
    const { data } = await queryFulfilled
    dispatch(
      organizationsApi.util.updateQueryData('getOrganization', id, (org) => {
        if (!org) return
        org.admins = data.admins
        org.promoters = data.promoters
      }),
    )
  } catch {
    /* the list stays as it was; the failure was shown as a toast */
  }
}

export { organizationsApi }

export const {
  useListOrganizationsInfiniteQuery,
  useGetOrganizationQuery,
  useCreateOrganizationMutation,
  useSaveOrganizationMutation,
  usePublishOrganizationMutation,
  useAddRoleMutation,
  useRemoveRoleMutation,
  useListMembersInfiniteQuery,
  useAddMemberMutation,
  useRemoveMemberMutation,
  useLeaderboardInfiniteQuery,
} = organizationsApi

/** The body of a save from the loaded organization: its name (required in every save) and the changes. */
export function orgUpdate(org: Organization, changes: Partial<OrganizationUpdate> = {}): OrganizationUpdate {
  return { name: org.name, ...changes }
}

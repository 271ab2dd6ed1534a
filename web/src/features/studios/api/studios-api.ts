import { api } from '@/lib/api/base'
import { nextPage } from '@/lib/lists'
import { STUDIOS_PAGE_SIZE } from '../rules'
import type { Studio, StudioCreated, StudioEvent, StudioItem, StudioList, StudioMember, StudioPeople, StudioUpdate, StudioUser } from '../types'

export interface StudioSearch {
  /** a user id: that user's studios (admin, teacher or student; drafts too when it is the caller) */
  userId?: number
  keyword?: string
}

export interface StudiosMapQuery {
  keyword?: string
  /** the user's position "lat,lng": nearest first */
  uc?: string
  nw: string
  ne: string
  se: string
  sw: string
}

export interface PeopleQuery {
  id: number
  people: StudioPeople
  keyword?: string
  /** name-asc or name-desc */
  sortBy?: string
}

export interface CompetitionsQuery {
  id: number
  /** date-desc, date-asc, name-asc or name-desc */
  sortBy: string
}

export interface PersonCall {
  id: number
  people: StudioPeople
  userId: number
}

const keywordParam = (keyword: string | undefined) => keyword?.trim() || undefined

const studiosApi = api.enhanceEndpoints({ addTagTypes: ['Studio', 'Studios', 'StudioPeople', 'StudioEvents'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/studios: published studios A-Z, or a user's (userId); a part of the name; 100 a page from 0. */
    listStudios: build.infiniteQuery<StudioList | null, StudioSearch, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, all, lastPageParam) => nextPage(STUDIOS_PAGE_SIZE)(lastPage?.items, all, lastPageParam),
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/studios',
        params: { p: pageParam, pp: STUDIOS_PAGE_SIZE, userId: queryArg.userId, keyword: keywordParam(queryArg.keyword) },
      }),
      providesTags: ['Studios'],
    }),
    /** GET /api/studios-map: the published studios inside the view's four corners, the nearest first. */
    studiosMap: build.query<StudioItem[], StudiosMapQuery>({
      query: ({ keyword, ...rest }) => ({ url: '/studios-map', params: { p: 0, pp: STUDIOS_PAGE_SIZE, keyword: keywordParam(keyword), ...rest } }),
      transformResponse: (body: StudioList | null) => body?.items ?? [],
      // the panel says it failed and offers Retry: no toast on top
      extraOptions: { silent: true },
      providesTags: ['Studios'],
    }),
    getStudio: build.query<Studio, number>({
      query: (id) => `/studios/${id}`,
      providesTags: (_studio, _error, id) => [{ type: 'Studio', id }],
    }),
    /** POST /api/studios: an empty draft whose only admin is the caller. */
    createStudio: build.mutation<StudioCreated, void>({
      query: () => ({ url: '/studios', method: 'POST' }),
      invalidatesTags: ['Studios'],
    }),
    /** PUT /api/studios/{id}: the studio (a field left out keeps its value); the answer is the whole studio. */
    saveStudio: build.mutation<Studio, { id: number; body: StudioUpdate }>({
      query: ({ id, body }) => ({ url: `/studios/${id}`, method: 'PUT', body }),
      invalidatesTags: (studio) => (studio ? ['Studios'] : []),
      onQueryStarted: ({ id }, lifecycle) => applyStudio(id, lifecycle),
    }),
    publishStudio: build.mutation<Studio, number>({
      query: (id) => ({ url: `/studios/${id}/publish`, method: 'PUT' }),
      invalidatesTags: (studio) => (studio ? ['Studios'] : []),
      onQueryStarted: (id, lifecycle) => applyStudio(id, lifecycle),
    }),
    deactivateStudio: build.mutation<Studio, number>({
      query: (id) => ({ url: `/studios/${id}/deactivate`, method: 'PUT' }),
      invalidatesTags: (studio) => (studio ? ['Studios'] : []),
      onQueryStarted: (id, lifecycle) => applyStudio(id, lifecycle),
    }),
    deleteStudio: build.mutation<string, number>({
      query: (id) => ({ url: `/studios/${id}`, method: 'DELETE' }),
      invalidatesTags: (answer) => (answer === 'ok' ? ['Studios'] : []),
    }),
    /** GET /api/studios/{id}/students | teachers | admins: by name, 100 a page; members with their events. */
    studioPeople: build.infiniteQuery<StudioMember[], PeopleQuery, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage(STUDIOS_PAGE_SIZE) },
      query: ({ queryArg, pageParam }) => ({
        url: `/studios/${queryArg.id}/${queryArg.people}`,
        params: { p: pageParam, pp: STUDIOS_PAGE_SIZE, keyword: keywordParam(queryArg.keyword), sortBy: queryArg.sortBy },
      }),
      transformResponse: (body: StudioMember[] | null) => (Array.isArray(body) ? body : []),
      providesTags: (_pages, _error, { id }) => [{ type: 'StudioPeople', id }],
    }),
    /** GET /api/studios/{id}/events: the competitions of the studio's members, 100 a page. */
    studioCompetitions: build.infiniteQuery<StudioEvent[], CompetitionsQuery, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage(STUDIOS_PAGE_SIZE) },
      query: ({ queryArg, pageParam }) => ({
        url: `/studios/${queryArg.id}/events`,
        params: { p: pageParam, pp: STUDIOS_PAGE_SIZE, sortBy: queryArg.sortBy },
      }),
      transformResponse: (body: StudioEvent[] | null) => (Array.isArray(body) ? body : []),
      providesTags: (_pages, _error, { id }) => [{ type: 'StudioEvents', id }],
    }),
    /** POST /api/studios/{id}/{people}/{userId}: counts when the answer is truthy (the added person). */
    addStudioPerson: build.mutation<StudioUser | null, PersonCall>({
      query: ({ id, people, userId }) => ({ url: `/studios/${id}/${people}/${userId}`, method: 'POST' }),
      invalidatesTags: (answer, _error, { id }) => (answer ? peopleTags(id) : []),
    }),
    /** DELETE /api/studios/{id}/{people}/{userId}: counts only when the answer is "ok". */
    removeStudioPerson: build.mutation<string, PersonCall>({
      query: ({ id, people, userId }) => ({ url: `/studios/${id}/${people}/${userId}`, method: 'DELETE' }),
      invalidatesTags: (answer, _error, { id }) => (answer === 'ok' ? peopleTags(id) : []),
    }),
  }),
})

/** A change of people changes the lists, the studio's counts and admins, and the competitions. */
function peopleTags(id: number) {
  return [
    { type: 'StudioPeople' as const, id },
    { type: 'Studio' as const, id },
    { type: 'StudioEvents' as const, id },
    'Studios' as const,
  ]
}

/** The answer is the whole studio: its page's cache takes it at once. */
async function applyStudio(
  id: number,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Studio }> },
) {
  try {
    const { data } = await queryFulfilled
    dispatch(studiosApi.util.upsertQueryData('getStudio', id, data))
  } catch {
    /* the failure was shown as a toast */
  }
}

export { studiosApi }

export const {
  useListStudiosInfiniteQuery,
  useStudiosMapQuery,
  useGetStudioQuery,
  useCreateStudioMutation,
  useSaveStudioMutation,
  usePublishStudioMutation,
  useDeactivateStudioMutation,
  useDeleteStudioMutation,
  useStudioPeopleInfiniteQuery,
  useStudioCompetitionsInfiniteQuery,
  useAddStudioPersonMutation,
  useRemoveStudioPersonMutation,
} = studiosApi

import { api } from '@/lib/api/base'
import type { ItemsUserListItem, UserListItem } from '@/lib/api/types'
import { userSearchParams } from '@/lib/api/users'
import { nextPage } from '@/lib/lists'
import { MEMBERS_PAGE_SIZE, type LocationFilter, type MembersSort } from '../rules'

export interface MembersQuery extends LocationFilter {
  k?: string
  sb: MembersSort
}

const membersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /users: the wall, 50 a page by infinite scroll; a short page ends it. */
    memberWall: build.infiniteQuery<UserListItem[], MembersQuery, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage(MEMBERS_PAGE_SIZE) },
      query: ({ queryArg, pageParam }) => ({
        url: '/users',
        params: userSearchParams({ ...queryArg, p: pageParam, pp: MEMBERS_PAGE_SIZE }),
      }),
      transformResponse: (body: ItemsUserListItem | null) => body?.items ?? [],
      providesTags: ['Users'],
    }),
  }),
})

export const { useMemberWallInfiniteQuery } = membersApi

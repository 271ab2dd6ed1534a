import { api } from './base'
import type { Count, ItemsUserListItem, ProfileUpdate, User, UserListItem, UserUpdate } from './types'

export const USER_PICKER_PAGE_SIZE = 100

export interface UserSearch {
  k?: string
  p?: number
  pp?: number
  orgs?: number[]
  ex?: number[]
  sb?: 'name-asc' | 'name-desc'
  /** a profile's whole country, state or city, case-insensitive (the members wall's location chips) */
  country?: string
  state?: string
  city?: string
}

/** The filters GET /users and GET /users/count share (blank ones left out). */
function filterParams(search: Omit<UserSearch, 'p' | 'pp' | 'sb'>) {
  return {
    k: search.k?.trim() || undefined,
    orgs: search.orgs?.length ? search.orgs.join(',') : undefined,
    ex: search.ex?.length ? search.ex.join(',') : undefined,
    country: search.country?.trim() || undefined,
    state: search.state?.trim() || undefined,
    city: search.city?.trim() || undefined,
  }
}

/** The query of GET /users: the filters, the page (`p`, `pp`) and the sort. */
export function userSearchParams(search: UserSearch) {
  return { ...filterParams(search), p: search.p ?? 0, pp: search.pp ?? USER_PICKER_PAGE_SIZE, sb: search.sb }
}

/** The user (profile) calls every screen needs: the acting user, a public profile, saving the whole user. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<User | null, void>({
      query: () => '/user',
      // the shell and the guard read it; its failure means "no user", never a toast
      extraOptions: { silent: true },
      providesTags: (user) => (user ? ['CurrentUser', { type: 'User', id: user.id }] : ['CurrentUser']),
    }),
    getUser: build.query<User | null, number>({
      query: (id) => `/user/${id}`,
      providesTags: (_user, _error, id) => [{ type: 'User', id }],
    }),
    /** GET /users: public user list items (id, dancerName, avatar, confirmed). */
    searchUsers: build.query<UserListItem[], UserSearch>({
      query: (search) => ({ url: '/users', params: userSearchParams(search) }),
      transformResponse: (body: ItemsUserListItem | null) => body?.items ?? [],
      providesTags: ['Users'],
    }),
    countUsers: build.query<number, Omit<UserSearch, 'p' | 'pp' | 'sb'>>({
      query: (search) => ({ url: '/users/count', params: filterParams(search) }),
      transformResponse: (body: Count | null) => body?.count ?? 0,
      providesTags: ['Users'],
    }),
    /** POST /user: the whole user; saves the acting profile and answers it as saved. */
    saveUser: build.mutation<User, UserUpdate>({
      query: (body) => ({ url: '/user', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled
          dispatch(usersApi.util.upsertQueryData('getCurrentUser', undefined, data))
          dispatch(usersApi.util.upsertQueryData('getUser', data.id, data))
        } catch {
          /* the caller shows the failure */
        }
      },
    }),
    /** PUT /user/profiles: one of the account's profiles, named by id, whichever one the user acts as. */
    saveProfile: build.mutation<User, ProfileUpdate>({
      query: (body) => ({ url: '/user/profiles', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled
          dispatch(usersApi.util.upsertQueryData('getUser', data.id, data))
          dispatch(usersApi.util.invalidateTags(['CurrentUser']))
        } catch {
          /* the caller shows the failure */
        }
      },
    }),
  }),
})

export const {
  useSaveProfileMutation,
  useGetCurrentUserQuery,
  useGetUserQuery,
  useSaveUserMutation,
  useSearchUsersQuery,
  useCountUsersQuery,
} = usersApi

/**
 * A profile is complete once it has a dancer name (docs/product/accounts-and-profiles.md): before that the signed-in user
 * finishes onboarding on /signup?incomplete=true, whatever page they asked for.
 */
export function isProfileComplete(user: Pick<User, 'dancerName'>): boolean {
  return Boolean(user.dancerName?.trim())
}

/** The body of POST /user from a loaded user: every field as it is, with the changes applied. */
export function toUserUpdate(user: User, changes: Partial<UserUpdate> = {}): UserUpdate {
  return {
    id: user.id,
    dancerName: user.dancerName ?? null,
    fullName: user.fullName ?? null,
    birthday: user.birthday ?? null,
    country: user.country ?? null,
    city: user.city ?? null,
    state: user.state ?? null,
    avatar: user.avatar ?? null,
    card: user.card ?? null,
    socials: user.socials,
    privacy: user.privacy,
    ...changes,
  }
}

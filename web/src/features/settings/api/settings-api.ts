import { api } from '@/lib/api/base'
import type { DataOfBool, PasswordChangeRequest, ReleaseRequest, ReleaseResponse, UserWithRefresh } from '@/lib/api/types'

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<DataOfBool, PasswordChangeRequest>({
      query: (body) => ({ url: '/auth/password', method: 'POST', body, credentials: 'include' }),
      extraOptions: { silent: true },
    }),
    /** PUT /user/{id}/set-main: answers the new main profile; the next token names it main. */
    setMain: build.mutation<UserWithRefresh, number>({
      query: (id) => ({ url: `/user/${id}/set-main`, method: 'PUT' }),
    }),
    /** POST /user/release: the profile gets its own email and password; answers its id. */
    releaseProfile: build.mutation<ReleaseResponse, ReleaseRequest>({
      query: (body) => ({ url: '/user/release', method: 'POST', body }),
    }),
  }),
})

export const { useChangePasswordMutation, useSetMainMutation, useReleaseProfileMutation } = settingsApi

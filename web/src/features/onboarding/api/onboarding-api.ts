import { api } from '@/lib/api/base'
import type { NewProfile, ProfileDetails } from '@/lib/api/types'

export const onboardingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /user/profiles: another profile on the account (add-to-existing mode); answers it with its id. */
    addProfile: build.mutation<NewProfile, ProfileDetails>({
      query: (body) => ({ url: '/user/profiles', method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['CurrentUser'],
    }),
  }),
})

export const { useAddProfileMutation } = onboardingApi

import { api } from '@/lib/api/base'
import type {
  AuthResponse,
  DataOfBool,
  LoginRequest,
  MagicLinkSignIn,
  Providers,
  ResetPasswordRequest,
  SignupRequest,
} from '@/lib/api/types'

const textBody = (email: string) => ({ body: email, headers: { 'Content-Type': 'text/plain' } })

/** Sign-in calls. Their failures are answers shown on the form, so they raise no toast and no refresh. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProviders: build.query<Providers | null, void>({
      query: () => '/auth/providers',
      extraOptions: { silent: true, noRefresh: true },
      providesTags: ['Providers'],
    }),
    login: build.mutation<AuthResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body, credentials: 'include' }),
      extraOptions: { silent: true, noRefresh: true },
    }),
    signup: build.mutation<AuthResponse, SignupRequest>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body, credentials: 'include' }),
      extraOptions: { silent: true, noRefresh: true },
    }),
    /** Mails a reset link; the body is the email as plain text. */
    requestPasswordReset: build.mutation<DataOfBool, string>({
      query: (email) => ({ url: '/user/reset-password', method: 'POST', ...textBody(email) }),
      extraOptions: { noRefresh: true },
    }),
    resetPassword: build.mutation<DataOfBool, ResetPasswordRequest>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
      extraOptions: { silent: true, noRefresh: true },
    }),
    requestMagicLink: build.mutation<DataOfBool, string>({
      query: (email) => ({ url: '/user/magic-link', method: 'POST', ...textBody(email) }),
      extraOptions: { noRefresh: true },
    }),
    magicLinkSignIn: build.mutation<AuthResponse, MagicLinkSignIn>({
      query: (body) => ({ url: '/auth/magic-link', method: 'POST', body, credentials: 'include' }),
      extraOptions: { silent: true, noRefresh: true },
    }),
  }),
})

export const {
  useGetProvidersQuery,
  useLoginMutation,
  useSignupMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useRequestMagicLinkMutation,
  useMagicLinkSignInMutation,
} = authApi

import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react'
import { refreshAccessToken } from '@/lib/auth/refresh'
import { signedOut, tokenGranted, type WithSession } from '@/lib/auth/session-slice'
import { currentProfile, sessionHint } from '@/lib/storage'
import { APP_ERROR, toastShown } from '@/lib/toast'

export const API_TIMEOUT_MS = 15_000

/** A failed call as callers see it: the HTTP status and the server's `{error: {code, message, field}}`. */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'CUSTOM_ERROR'
  code?: string
  message: string
  field?: string
}

export interface ApiExtraOptions {
  /** The caller shows the failure itself (a form message): no error toast. */
  silent?: boolean
  /** Sign-in calls: a 401 is an answer (wrong password), not an expired session. */
  noRefresh?: boolean
}

interface ErrorBody {
  error: { code?: string; message?: string; field?: string } | string
}

export function hasErrorField(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && 'error' in body
}

export function apiBaseUrl(): string {
  return `${window.location.origin}/api`
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  timeout: API_TIMEOUT_MS,
  credentials: 'same-origin',
  prepareHeaders(headers, { getState }) {
    const token = (getState() as WithSession).session.accessToken
    if (token) headers.set('X-Auth-Token', token)
    const callerId = currentProfile.get()
    if (callerId !== null && token) headers.set('Caller-Id', String(callerId))
    return headers
  },
})

function toApiError(error: FetchBaseQueryError): ApiError {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
    return { status: error.status, message: APP_ERROR }
  }
  const status = typeof error.status === 'number' ? error.status : 'originalStatus' in error ? error.originalStatus : 500
  const body = 'data' in error ? error.data : undefined
  if (hasErrorField(body)) {
    const detail = body.error
    if (typeof detail === 'string') return { status, message: detail }
    return { status, code: detail.code, message: detail.message ?? APP_ERROR, field: detail.field }
  }
  if (typeof body === 'string' && body.trim()) return { status, message: body.trim().slice(0, 300) }
  return { status, message: APP_ERROR }
}

function withBase(args: string | FetchArgs): string | FetchArgs {
  const base = apiBaseUrl()
  if (typeof args === 'string') return base + args
  return { ...args, url: base + args.url }
}

/**
 * The one base query of the app:
 * - `/api` base, X-Auth-Token with the access token, Caller-Id when a current profile id is stored, 15 s;
 * - a 401 triggers one silent refresh (single-flight) and one retry; a refused refresh signs the user out;
 * - every failed response raises an error toast with the response's message (5 s) unless `silent`;
 * - a failure is an error `{status, code, message, field}`, for a query as for a mutation: a 5xx or a lost
 *   connection must never read as an empty result or a missing thing (a venue's bad Wi-Fi is not "this
 *   organization does not exist"). Only a 404 means not found (`isNotFound`); a page shows anything else
 *   with the shared error state and its Retry.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, ApiExtraOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const request = withBase(args)
  let result = await rawBaseQuery(request, api, extraOptions ?? {})
  if (result.error?.status === 401 && !extraOptions?.noRefresh) {
    const hadSession = (api.getState() as WithSession).session.status === 'signedIn' || sessionHint.get()
    if (hadSession) {
      const token = await refreshAccessToken()
      if (token) {
        api.dispatch(tokenGranted(token))
        result = await rawBaseQuery(request, api, extraOptions ?? {})
      } else {
        sessionHint.clear()
        api.dispatch(signedOut({ expired: true }))
      }
    }
  }
  if (result.error) {
    const error = toApiError(result.error)
    if (!extraOptions?.silent && error.status !== 401) api.dispatch(toastShown(error.message))
    return { error, meta: result.meta }
  }
  if (hasErrorField(result.data)) {
    return { error: toApiError({ status: result.meta?.response?.status ?? 400, data: result.data }), meta: result.meta }
  }
  return { data: result.data ?? null, meta: result.meta }
}

export const TAGS = ['CurrentUser', 'User', 'Users', 'Notifications', 'Providers'] as const

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAGS,
  endpoints: () => ({}),
})

/** The message of a rejected mutation (`unwrap()`), whatever was thrown. */
export function errorMessage(error: unknown, fallback = APP_ERROR): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message
  }
  return fallback
}

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error && 'message' in error
}

/** The server said the thing does not exist: the only failure that shows the not-found page. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404
}

/**
 * A write whose answer is the whole resource the page reads: `put` takes it into that read's cache at once, when
 * `isAnswer` recognises it (a failure was already shown as a toast by the base query).
 */
export async function takeAnswer<T>(queryFulfilled: Promise<{ data: T }>, isAnswer: (data: unknown) => boolean, put: (data: T) => void): Promise<void> {
  try {
    const { data } = await queryFulfilled
    if (data && typeof data === 'object' && isAnswer(data)) put(data)
  } catch {
    /* the failure was shown as a toast */
  }
}

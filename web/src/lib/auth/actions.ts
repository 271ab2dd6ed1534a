import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit'
import { api, apiBaseUrl } from '@/lib/api/base'
import type { AuthResponse, User } from '@/lib/api/types'
import { usersApi } from '@/lib/api/users'
import { currentProfile, sessionHint } from '@/lib/storage'
import { refreshAccessToken } from './refresh'
import { signedOut, tokenGranted } from './session-slice'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any store holding the api slice
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>

async function loadCurrentUser(dispatch: Dispatch): Promise<User | null> {
  const result = await dispatch(
    usersApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }),
  )
  return result.data ?? null
}

/**
 * At start: learn the sign-in state with one refresh, then load the acting user. A stored current profile
 * that the account no longer holds (released, or another account signed in) is forgotten.
 */
export async function bootstrapSession(dispatch: Dispatch): Promise<void> {
  const socialDone = new URLSearchParams(window.location.search).get('social') === 'done'
  if (!sessionHint.get() && !socialDone) {
    dispatch(signedOut())
    return
  }
  const token = await refreshAccessToken()
  if (!token) {
    sessionHint.clear()
    dispatch(signedOut())
    return
  }
  sessionHint.set()
  dispatch(tokenGranted(token))
  const user = await loadCurrentUser(dispatch)
  if (!user && currentProfile.get() !== null) {
    currentProfile.clear()
    await loadCurrentUser(dispatch)
  }
}

/** After login, signup or a magic link: the token in memory, the user in the cache, acting as the main profile. */
export function completeSignIn(dispatch: Dispatch, auth: AuthResponse): void {
  sessionHint.set()
  currentProfile.clear()
  dispatch(tokenGranted({ accessToken: auth.accessToken, expiresIn: auth.expiresIn }))
  // synchronously in the cache (not upsertQueryData's thunk): the navigation that follows reads it at once
  dispatch(usersApi.util.upsertQueryEntries([{ endpointName: 'getCurrentUser', arg: undefined, value: auth.user }]))
}

/** A new token (after a profile was added, set as main or released): the account's profiles changed. */
export async function renewToken(dispatch: Dispatch): Promise<boolean> {
  const token = await refreshAccessToken()
  if (!token) return false
  dispatch(tokenGranted(token))
  return true
}

/** Logout: ends the session on the server, forgets the user and the stored current profile. */
export async function signOut(dispatch: Dispatch): Promise<void> {
  try {
    await fetch(`${apiBaseUrl()}/auth/logout`, { method: 'POST', credentials: 'include' })
  } catch {
    /* offline: the local sign-out still happens */
  }
  sessionHint.clear()
  currentProfile.clear()
  dispatch(signedOut())
  dispatch(api.util.resetApiState())
}

/** Acting as another profile of the account: stored, then the page is loaded again for it. */
export function switchProfile(id: number, then: string = window.location.pathname): void {
  currentProfile.set(id)
  window.location.assign(then)
}

import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

/** unknown until the first refresh answers; the router renders only once it is known. */
export type SessionStatus = 'unknown' | 'guest' | 'signedIn'

export interface SessionState {
  status: SessionStatus
  accessToken: string | null
  /** ms since the epoch */
  expiresAt: number | null
  /** true when the sign-out was not asked for (a refused refresh): the shell sends the user to Login */
  expired: boolean
}

export interface GrantedToken {
  accessToken: string
  expiresIn: number
}

const initialState: SessionState = { status: 'unknown', accessToken: null, expiresAt: null, expired: false }

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    tokenGranted(state, action: PayloadAction<GrantedToken>) {
      state.status = 'signedIn'
      state.accessToken = action.payload.accessToken
      state.expiresAt = Date.now() + action.payload.expiresIn * 1000
      state.expired = false
    },
    signedOut(state, action: PayloadAction<{ expired?: boolean } | undefined>) {
      state.status = 'guest'
      state.accessToken = null
      state.expiresAt = null
      state.expired = action.payload?.expired ?? false
    },
    expiryHandled(state) {
      state.expired = false
    },
  },
})

export const { tokenGranted, signedOut, expiryHandled } = sessionSlice.actions

export interface WithSession {
  session: SessionState
}

export const selectSession = (state: WithSession) => state.session
export const selectAccessToken = (state: WithSession) => state.session.accessToken
export const selectIsSignedIn = (state: WithSession) => state.session.status === 'signedIn'

import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { useEffect } from 'react'
import { useDispatch } from 'react-redux'
import { useLocation } from 'react-router'

/**
 * The global not-found state: a page whose thing does not exist (a profile, an organization) raises it for
 * its own path, and the shell shows the 404 page instead of the route. Leaving that path clears it.
 */
export interface NotFoundState {
  path: string | null
}

export const notFoundSlice = createSlice({
  name: 'notFound',
  initialState: { path: null } as NotFoundState,
  reducers: {
    notFoundRaised(state, action: PayloadAction<string>) {
      state.path = action.payload
    },
    notFoundCleared(state) {
      state.path = null
    },
  },
})

export const { notFoundRaised, notFoundCleared } = notFoundSlice.actions
export const selectNotFoundPath = (state: { notFound: NotFoundState }) => state.notFound.path

/** A page raises the not-found state for its own path while `missing` (its thing does not exist). */
export function useNotFound(missing: boolean): void {
  const dispatch = useDispatch()
  const { pathname } = useLocation()
  useEffect(() => {
    if (missing) dispatch(notFoundRaised(pathname))
  }, [missing, pathname, dispatch])
}

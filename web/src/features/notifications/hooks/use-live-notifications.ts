import { useEffect } from 'react'
import { useStore } from 'react-redux'
import type { RootState } from '@/app/store'
import { useAppDispatch } from '@/app/hooks'
import { api } from '@/lib/api/base'
import { renewToken } from '@/lib/auth/actions'
import { openLiveFeed } from '@/lib/live'

export const NOTIFICATION_CREATED = 'identity.notification.created'

/** Follows the live feed of the acting profile and refreshes the badge when a notification arrives. */
export function useLiveNotifications(profileId: number | undefined) {
  const dispatch = useAppDispatch()
  const store = useStore<RootState>()
  useEffect(() => {
    if (!profileId) return
    let close: (() => void) | undefined
    // after the page has loaded: a stream that never ends must not hold up the first paint
    const start = () => {
      close = openLiveFeed({
        topics: [`user:${profileId}`],
        getToken: () => store.getState().session.accessToken,
        onUnauthorized: () => renewToken(dispatch),
        onEnvelope: (envelope) => {
          if (envelope.type === NOTIFICATION_CREATED) dispatch(api.util.invalidateTags(['Notifications']))
        },
        onReady: () => dispatch(api.util.invalidateTags(['Notifications'])),
      })
    }
    const timer = setTimeout(start, 1500)
    return () => {
      clearTimeout(timer)
      close?.()
    }
  }, [profileId, dispatch, store])
}

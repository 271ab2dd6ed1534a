import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { paths } from '@/config/paths'
import { selectIsSignedIn } from '@/lib/auth/session-slice'

/**
 * A guest who tries to like, check in, buy a ticket or give feedback goes to Signup with a redirect back here
 * (docs/product/tickets-and-checkin.md). `gate(action)` runs the action for a signed-in user.
 */
export function useGuestGate() {
  const signedIn = useAppSelector(selectIsSignedIn)
  const navigate = useNavigate()
  const location = useLocation()
  const toSignup = useCallback(
    () => navigate(paths.signup.getHref({ redirect: location.pathname + location.search })),
    [navigate, location.pathname, location.search],
  )
  const gate = useCallback(
    (action: () => void) => {
      if (signedIn) action()
      else toSignup()
    },
    [signedIn, toSignup],
  )
  return { signedIn, gate, toSignup }
}

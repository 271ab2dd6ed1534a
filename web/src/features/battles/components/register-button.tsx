import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useLocation, useNavigate } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { paths } from '@/config/paths'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import type { Battle } from '../types'

/**
 * Register (or, in crew battles, open the crew form): visible and enabled as the server's flags say, with its
 * reason when disabled. A guest's click goes to Login and back here (docs/product/battles-and-registration.md).
 */
export function RegisterButton({ battle, label, onRegister, busy }: { battle: Battle; label: string; onRegister: () => void; busy?: boolean }) {
  const signedIn = useAppSelector(selectIsSignedIn)
  const navigate = useNavigate()
  const location = useLocation()
  const { registerButtonVisible, registerButtonEnabled, registerButtonDisableReason } = battle.permissions
  const visible = signedIn ? registerButtonVisible : battle.event.period !== 'past'
  if (!visible) return null
  if (!signedIn) {
    return (
      <Button variant="contained" size="large" sx={{ minHeight: 48 }} onClick={() => navigate(paths.login.getHref(location.pathname + location.search))}>
        {label}
      </Button>
    )
  }
  const reasonId = `battle-${battle.id}-register-reason`
  return (
    <>
      <Button
        variant="contained"
        size="large"
        sx={{ minHeight: 48 }}
        disabled={!registerButtonEnabled || busy}
        aria-describedby={!registerButtonEnabled && registerButtonDisableReason ? reasonId : undefined}
        onClick={onRegister}
      >
        {label}
      </Button>
      {!registerButtonEnabled && registerButtonDisableReason ? (
        <Typography id={reasonId} role="note" sx={{ color: 'text.secondary', mt: 1 }} data-testid="register-reason">
          {registerButtonDisableReason}
        </Typography>
      ) : null}
    </>
  )
}

import { useRef, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { useAppDispatch } from '@/app/hooks'
import { EmailInput } from '@/components/ui/email-input'
import { FormError } from '@/components/ui/notice'
import { PasswordField } from '@/components/ui/password-field'
import { paths, safeRedirect } from '@/config/paths'
import { errorMessage } from '@/lib/api/base'
import { completeSignIn } from '@/lib/auth/actions'
import { focusOnEnter } from '@/lib/keyboard'
import { trimEmail, validateLogin } from '@/lib/validation'
import { useLoginMutation } from '../api/auth-api'
import { GoogleButton } from './google-button'

export const SOCIAL_SIGN_IN_FAILED = 'Sign-in with Google did not complete. Please try again.'

/** Identity's reason codes (identity/oidc/rules.py); only a code comes in the URL, so no one can put words here. */
export const SOCIAL_SIGN_IN_ERRORS: Record<string, string> = {
  cancelled: 'Sign-in with Google was cancelled.',
  refused: 'Google refused the sign-in. Check your Google account, or log in with your email and password.',
  expired: 'This sign-in with Google expired or was started in another browser. Please try again.',
  unverified: 'Your Google account has no verified email address, so it cannot sign you in here.',
  failed: SOCIAL_SIGN_IN_FAILED,
}

export function socialSignInError(params: URLSearchParams): string | null {
  if (params.get('social') !== 'error') return null
  const reason = params.get('reason') ?? ''
  return Object.hasOwn(SOCIAL_SIGN_IN_ERRORS, reason) ? SOCIAL_SIGN_IN_ERRORS[reason] : SOCIAL_SIGN_IN_FAILED
}

/** Email and password (Enter in the email moves to the password, Enter there submits), or Google. */
export function LoginForm() {
  const [params] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const dispatch = useAppDispatch()
  const [login, { isLoading }] = useLoginMutation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(() => socialSignInError(params))
  const passwordInput = useRef<HTMLInputElement>(null)
  const redirect = params.get('redirect')

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    const problem = validateLogin(email, password)
    setError(problem)
    if (problem) return
    try {
      const auth = await login({ email: trimEmail(email), password }).unwrap()
      completeSignIn(dispatch, auth)
      // The navigation guard sends a profile without a dancer name to finish onboarding first.
      navigate(safeRedirect(redirect), { replace: true })
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Log in">
      <GoogleButton label="Log in with google" redirect={redirect} />
      <div className="stack">
        <FormError error={error} />
        <EmailInput value={email} onChange={setEmail} onKeyDown={(event) => focusOnEnter(event, passwordInput)} />
        <div>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            inputRef={passwordInput}
            required
          />
          <div style={{ textAlign: 'right', marginTop: 4 }}>
            <button
              type="button"
              className="link"
              onClick={() => navigate(paths.resetPassword.getHref(), { state: { from: location.pathname + location.search } })}
            >
              Forgot password?
            </button>
          </div>
        </div>
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={isLoading}>
          Log in
        </button>
      </div>
      <hr className="divider" />
      <div className="stack center" style={{ gap: 8 }}>
        <Link to={paths.magicLink.getHref()} className="link">
          Log in with a magic link
        </Link>
        <div>
          New to Cypher?{' '}
          <Link to={paths.signup.getHref({ redirect })} className="link">
            Create profile
          </Link>
        </div>
      </div>
    </form>
  )
}

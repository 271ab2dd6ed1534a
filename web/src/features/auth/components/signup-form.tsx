import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useAppDispatch } from '@/app/hooks'
import { EmailInput } from '@/components/ui/email-input'
import { FormError } from '@/components/ui/notice'
import { PasswordPairFields, usePasswordPair } from '@/components/ui/password-pair'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api/base'
import { completeSignIn } from '@/lib/auth/actions'
import { focusOnEnter } from '@/lib/keyboard'
import { MESSAGES, trimEmail, validateSignup } from '@/lib/validation'
import { useSignupMutation } from '../api/auth-api'
import { GoogleButton } from './google-button'

/** The start of sign-up for a guest: Google, or email with a password typed twice. */
export function SignupForm() {
  const [params] = useSearchParams()
  const dispatch = useAppDispatch()
  const [signup, { isLoading }] = useSignupMutation()
  const [email, setEmail] = useState('')
  const pair = usePasswordPair()
  const { password, confirm } = pair
  const [error, setError] = useState<string | null>(null)

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    const problem = validateSignup(email, password, confirm)
    setError(problem)
    if (problem) return
    try {
      const auth = await signup({ email: trimEmail(email), password }).unwrap()
      if (!auth.user) {
        setError(MESSAGES.userNotFound)
        return
      }
      // Signed in: the same page now shows the onboarding steps.
      completeSignIn(dispatch, auth)
    } catch (failure) {
      // Shown when the email is taken or a field is refused (password length); other failures stay silent.
      if (isApiError(failure) && (failure.status === 409 || failure.status === 400 || failure.status === 422)) {
        setError(failure.message)
      }
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Create profile">
      <GoogleButton label="Create profile with google" redirect={params.get('redirect')} />
      <div className="stack">
        <FormError error={error} />
        <EmailInput value={email} onChange={setEmail} onKeyDown={(event) => focusOnEnter(event, pair.passwordInput)} />
        <PasswordPairFields pair={pair} label="Password" confirmLabel="Confirm password" required enterMovesOn />
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={isLoading}>
          Create profile
        </button>
      </div>
      <p className="center" style={{ marginTop: 24, marginBottom: 0 }}>
        Already have a profile?{' '}
        <Link to={paths.login.getHref(params.get('redirect'))} className="link">
          Log in
        </Link>
      </p>
    </form>
  )
}

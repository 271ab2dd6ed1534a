import { useLocation, useNavigate } from 'react-router'
import { useAppDispatch } from '@/app/hooks'
import { toastShown } from '@/lib/toast'
import { useRequestPasswordResetMutation } from '../api/auth-api'
import { EmailRequestForm } from './email-request-form'

export const RESET_SENT = 'Check your inbox for a password reset email'

/**
 * /reset-password: asks for a reset link. Success shows the emailReset toast; opened from Login's
 * forgot-password action it then goes back there, otherwise it says to check the inbox.
 */
export function ForgotPassword() {
  const [request, { isLoading }] = useRequestPasswordResetMutation()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const location = useLocation()
  const from = (location.state as { from?: string } | null)?.from

  return (
    <EmailRequestForm
      title="forgot password"
      formLabel="Reset password"
      intro="Enter the email of your profile and we will send you a link to choose a new password."
      sentText={RESET_SENT}
      request={(email) => request(email).unwrap()}
      busy={isLoading}
      onSent={(email) => {
        dispatch(toastShown('emailReset', { email }))
        if (from) navigate(-1)
      }}
      confirms={!from}
    />
  )
}

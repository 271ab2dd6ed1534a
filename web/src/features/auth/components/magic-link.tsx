import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { useAppDispatch } from '@/app/hooks'
import { EmailInput } from '@/components/ui/email-input'
import { PageLoader } from '@/components/ui/feedback'
import { FormCard } from '@/components/ui/form-card'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api/base'
import { completeSignIn } from '@/lib/auth/actions'
import { magicLinkEmail } from '@/lib/storage'
import { isBlank, MESSAGES, trimEmail } from '@/lib/validation'
import { Notice } from '@/components/ui/notice'
import { useMagicLinkSignInMutation, useRequestMagicLinkMutation } from '../api/auth-api'
import { EmailRequestForm } from './email-request-form'

export const MAGIC_SENT = 'Check your inbox for the magic link'

/** /magic-link: asks for a sign-in link; the email is remembered for when the link is opened. */
export function MagicLinkRequest() {
  const [request, { isLoading }] = useRequestMagicLinkMutation()
  return (
    <EmailRequestForm
      title="Magic Link"
      formLabel="Magic link"
      intro="We will email you a link that logs you in, no password needed."
      sentText={MAGIC_SENT}
      request={(email) => request(email).unwrap()}
      busy={isLoading}
      onSent={(email) => magicLinkEmail.set(email)}
    />
  )
}

/** /magic-link?token=…: signs in with the stored email (asked for when the link opens on another device). */
export function MagicLinkComplete({ token }: { token: string }) {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [signIn, { isLoading }] = useMagicLinkSignInMutation()
  const stored = magicLinkEmail.get()
  const [email, setEmail] = useState(stored ?? '')
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)

  const complete = async (address: string) => {
    setError(null)
    try {
      const auth = await signIn({ email: trimEmail(address), token }).unwrap()
      magicLinkEmail.clear()
      completeSignIn(dispatch, auth)
      navigate(paths.home.getHref(), { replace: true })
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  useEffect(() => {
    if (stored && !started.current) {
      started.current = true
      void complete(stored)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (stored && !error) return <PageLoader label="Logging you in" />
  return (
    <FormCard title="Magic Link">
      <Box
        component="form"
        noValidate
        aria-label="Confirm your email"
        onSubmit={(event: FormEvent) => {
          event.preventDefault()
          if (isBlank(email)) return setError(MESSAGES.fieldRequired)
          void complete(email)
        }}
      >
        <Stack spacing={2}>
          {error ? (
            <Notice severity="error" role="alert">
              {error}
            </Notice>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>Confirm the email the link was sent to.</Typography>
          )}
          <EmailInput value={email} onChange={setEmail} />
          <Button type="submit" variant="contained" size="large" disabled={isLoading}>
            Log in
          </Button>
          <Link href={paths.magicLink.getHref()} sx={{ textAlign: 'center' }}>
            Send me a new link
          </Link>
        </Stack>
      </Box>
    </FormCard>
  )
}

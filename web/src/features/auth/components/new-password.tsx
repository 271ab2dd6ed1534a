import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { useState, type FormEvent } from 'react'
import { FormCard } from '@/components/ui/form-card'
import { FormError, Notice } from '@/components/ui/notice'
import { PasswordPairFields, usePasswordPair } from '@/components/ui/password-pair'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api/base'
import { validateNewPassword } from '@/lib/validation'
import { useResetPasswordMutation } from '../api/auth-api'

export const PASSWORD_CHANGED = 'Your password has been changed. You can log in with it now.'

/** /reset-password?token=…: the page the mailed link opens, to choose the new password. */
export function NewPassword({ token }: { token: string }) {
  const pair = usePasswordPair()
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const [reset, { isLoading }] = useResetPasswordMutation()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = validateNewPassword(pair.password, pair.confirm)
    if (problem) return setError(problem)
    setError(null)
    try {
      await reset({ token, password: pair.password.trim() }).unwrap()
      setDone(true)
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  return (
    <FormCard title="Choose a new password">
      {done ? (
        <Stack spacing={2}>
          <Notice severity="success">{PASSWORD_CHANGED}</Notice>
          <Button href={paths.login.getHref()} variant="contained">
            Log in
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={submit} aria-label="Choose a new password">
          <Stack spacing={2}>
            <FormError error={error} />
            <PasswordPairFields pair={pair} label="New Password" confirmLabel="Confirm New Password" required />
            <Button type="submit" variant="contained" size="large" disabled={isLoading}>
              Save password
            </Button>
            <Link href={paths.resetPassword.getHref()} sx={{ textAlign: 'center' }}>
              Send me a new link
            </Link>
          </Stack>
        </Box>
      )}
    </FormCard>
  )
}

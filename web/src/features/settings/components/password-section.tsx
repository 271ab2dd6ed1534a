import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useState, type FormEvent } from 'react'
import { useAppDispatch } from '@/app/hooks'
import { FormError, Notice } from '@/components/ui/notice'
import { PasswordField } from '@/components/ui/password-field'
import { PasswordPairFields, usePasswordPair } from '@/components/ui/password-pair'
import { errorMessage, isApiError } from '@/lib/api/base'
import { toastShown } from '@/lib/toast'
import { MESSAGES, validatePasswordChange } from '@/lib/validation'
import { useChangePasswordMutation } from '../api/settings-api'

/** Old, new and confirm (one show/hide toggle), for accounts that sign in with email and password. */
export function PasswordSection({ email, hasPassword }: { email: string | null | undefined; hasPassword?: boolean | null }) {
  const dispatch = useAppDispatch()
  const [change, { isLoading }] = useChangePasswordMutation()
  const [oldPassword, setOld] = useState('')
  const pair = usePasswordPair()
  const [error, setError] = useState<string | null>(null)
  const [notPossible, setNotPossible] = useState(hasPassword === false)

  if (notPossible) return <Notice severity="info">{MESSAGES.passwordNotPossible}</Notice>

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = validatePasswordChange(oldPassword, pair.password, pair.confirm)
    if (problem) return setError(problem)
    if (!email || !oldPassword.trim()) return setError(MESSAGES.somethingWrong)
    setError(null)
    try {
      await change({ oldPassword: oldPassword.trim(), newPassword: pair.password.trim() }).unwrap()
      setOld('')
      pair.clear()
      dispatch(toastShown('changesSaved'))
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'no_password') setNotPossible(true)
      else setError(errorMessage(failure))
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Change password">
      <Stack spacing={2}>
        <FormError error={error} />
        <PasswordField label="Old Password" autoComplete="current-password" value={oldPassword} onChange={(event) => setOld(event.target.value)} {...pair.toggle} />
        <PasswordPairFields pair={pair} label="New Password" confirmLabel="Confirm New Password" />
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Change password
          </Button>
        </Box>
      </Stack>
    </Box>
  )
}

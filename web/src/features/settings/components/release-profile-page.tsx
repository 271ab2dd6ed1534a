import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { useAppDispatch } from '@/app/hooks'
import { PageLoader } from '@/components/ui/feedback'
import { ErrorState } from '@/components/ui/error-state'
import { FormCard } from '@/components/ui/form-card'
import { EmailInput } from '@/components/ui/email-input'
import { FormError } from '@/components/ui/notice'
import { PasswordPairFields, usePasswordPair } from '@/components/ui/password-pair'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api/base'
import { usersApi, useGetCurrentUserQuery, useGetUserQuery } from '@/lib/api/users'
import { renewToken } from '@/lib/auth/actions'
import { useNotFound } from '@/lib/not-found'
import { currentProfile } from '@/lib/storage'
import { focusOnEnter } from '@/lib/keyboard'
import { trimEmail, validateRelease } from '@/lib/validation'
import { useReleaseProfileMutation } from '../api/settings-api'
import { RELEASE_SUBTITLE } from '../rules'

/** /release-profile/{id}: a non-main profile leaves the account with its own email and password (2.9). */
export function ReleaseProfilePage({ id }: { id: number }) {
  useDocumentTitle('Release profile')
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { data: me, isLoading: loadingMe, error: meError, isFetching: fetchingMe, refetch } = useGetCurrentUserQuery()
  const summary = me?.profiles.find((profile) => profile.id === id)
  const { data: profile } = useGetUserQuery(id, { skip: !summary })
  const [release, { isLoading }] = useReleaseProfileMutation()
  const [email, setEmail] = useState('')
  const pair = usePasswordPair()
  const [error, setError] = useState<string | null>(null)

  const missing = !loadingMe && me !== undefined && (!summary || summary.isMain)
  useNotFound(missing)

  if (loadingMe) return <PageLoader />
  if (meError && !me) return <ErrorState onRetry={refetch} retrying={fetchingMe} />
  if (missing || !summary || !me) return null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = validateRelease(email, pair.password, pair.confirm)
    setError(problem)
    if (problem) return
    try {
      await release({ id, email: trimEmail(email), password: pair.password.trim() }).unwrap()
      // The account acts as its main profile from now on; the next token no longer holds the released one.
      const main = me.profiles.find((item) => item.isMain)
      if (main) currentProfile.set(main.id)
      else currentProfile.clear()
      await renewToken(dispatch)
      await dispatch(usersApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true, subscribe: false }))
      navigate(paths.profileSetting.getHref('SettingsOtherProfiles'), { replace: true })
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  return (
    <FormCard title="Release profile" subtitle={RELEASE_SUBTITLE}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <ProfileAvatar image={summary.avatar} name={summary.dancerName} size={56} />
        <Box>
          <Typography sx={{ fontWeight: 800 }}>{summary.dancerName}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>{profile?.fullName ?? ' '}</Typography>
        </Box>
      </Stack>
      <Box component="form" noValidate onSubmit={submit} aria-label="Release profile">
        <Stack spacing={2}>
          <FormError error={error} />
          <EmailInput autoComplete="off" value={email} onChange={setEmail} onKeyDown={(event) => focusOnEnter(event, pair.passwordInput)} />
          <PasswordPairFields pair={pair} label="Password" confirmLabel="Confirm password" required enterMovesOn />
          <Button type="submit" variant="contained" size="large" disabled={isLoading}>
            Release profile
          </Button>
          <Button href={paths.profileSetting.getHref('SettingsOtherProfiles')} color="inherit">
            Cancel
          </Button>
        </Stack>
      </Box>
    </FormCard>
  )
}

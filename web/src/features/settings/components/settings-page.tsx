import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import ChevronRightIcon from '@mui/icons-material/ChevronRight'
import LogoutIcon from '@mui/icons-material/Logout'
import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { useAppDispatch } from '@/app/hooks'
import { PageLoader } from '@/components/ui/feedback'
import { ErrorState } from '@/components/ui/error-state'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths, type SettingsTab } from '@/config/paths'
import type { Privacy, User } from '@/lib/api/types'
import { toUserUpdate, useGetCurrentUserQuery, useSaveUserMutation } from '@/lib/api/users'
import { signOut } from '@/lib/auth/actions'
import { locationForSave } from '@/lib/location'
import { isApiError } from '@/lib/api/base'
import { socialErrors, socialInputs, socialsToSave, type SocialKind } from '@/lib/socials'
import { toastShown } from '@/lib/toast'
import { profileErrors, SECTIONS, sectionOf, type ProfileDraft } from '../rules'
import { OtherProfilesSection } from './other-profiles-section'
import { PasswordSection } from './password-section'
import { ProfileSection } from './profile-section'
import { SocialSection, type SocialDraft } from './social-section'
import { StatsSection } from './stats-section'

const SAVED_SECTIONS: SettingsTab[] = ['SettingsProfile', 'SettingsSocial', 'SettingsStats']

function profileDraft(user: User): ProfileDraft {
  return {
    dancerName: user.dancerName ?? '',
    fullName: user.fullName ?? '',
    birthday: user.birthday ?? '',
    country: user.country ?? null,
    state: user.state ?? '',
    city: user.city ?? '',
  }
}

function socialDraft(user: User): SocialDraft {
  return {
    email: user.socials.email ?? '',
    ...socialInputs(user.socials),
  }
}

function SettingsForms({ user }: { user: User }) {
  const theme = useTheme()
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true })
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const location = useLocation()
  const dispatch = useAppDispatch()
  const [saveUser, { isLoading: saving }] = useSaveUserMutation()
  const chosen = sectionOf(params.get('tabName'))
  const section: SettingsTab = chosen ?? 'SettingsProfile'
  const showMenu = !narrow || !chosen
  const showForm = !narrow || Boolean(chosen)
  const formHeading = useRef<HTMLHeadingElement>(null)

  const [profile, setProfile] = useState(() => profileDraft(user))
  const [avatar, setAvatar] = useState(user.avatar ?? null)
  const [socials, setSocials] = useState(() => socialDraft(user))
  const [privacy, setPrivacy] = useState<Privacy>(user.privacy)
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileDraft, string>>>({})
  const [linkErrors, setLinkErrors] = useState<Partial<Record<SocialKind, string>>>({})

  useEffect(() => {
    if (narrow && chosen) formHeading.current?.focus()
  }, [narrow, chosen])

  const choose = (tab: SettingsTab | null) => {
    const next = new URLSearchParams(params)
    if (tab) next.set('tabName', tab)
    else next.delete('tabName')
    setParams(next, { replace: !narrow })
  }

  const save = async () => {
    const found = profileErrors(profile)
    setErrors(found)
    if (Object.keys(found).length) {
      if (section !== 'SettingsProfile') choose('SettingsProfile')
      return
    }
    const body = toUserUpdate(user, {
      dancerName: profile.dancerName.trim(),
      fullName: profile.fullName.trim(),
      birthday: profile.birthday,
      ...locationForSave(profile),
      avatar,
      socials: { email: socials.email.trim(), ...socialsToSave(socials) },
      privacy,
    })
    setLinkErrors({})
    try {
      const saved = await saveUser(body).unwrap()
      setSocials(socialDraft(saved))
      dispatch(toastShown('changesSaved'))
    } catch (error) {
      // the failure was shown as a toast; a refused link is also shown on its field
      const refused = isApiError(error) ? socialErrors(error) : {}
      setLinkErrors(refused)
      if (Object.keys(refused).length && section !== 'SettingsSocial') choose('SettingsSocial')
    }
  }

  const logout = async () => {
    await signOut(dispatch)
    navigate(paths.login.getHref(location.pathname + location.search))
  }

  const label = SECTIONS.find((item) => item.tab === section)?.label
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      {showMenu ? (
        <Paper elevation={0} sx={{ width: { xs: '100%', md: 280 }, flexShrink: 0, border: '1px solid', borderColor: 'divider', borderRadius: 3, overflow: 'hidden' }}>
          <List component="nav" aria-label="Settings sections">
            {SECTIONS.map((item) => (
              <ListItemButton
                key={item.tab}
                selected={!narrow && item.tab === section}
                aria-current={!narrow && item.tab === section ? 'page' : undefined}
                onClick={() => choose(item.tab)}
              >
                <ListItemText primary={item.label} />
                {narrow ? <ChevronRightIcon aria-hidden="true" /> : null}
              </ListItemButton>
            ))}
          </List>
          <Box sx={{ p: 2, pt: 0 }}>
            <Button onClick={logout} startIcon={<LogoutIcon />} color="inherit" fullWidth sx={{ justifyContent: 'flex-start' }}>
              Log out
            </Button>
          </Box>
        </Paper>
      ) : null}
      {showForm ? (
        <Paper elevation={0} component="section" aria-labelledby="settings-section-title" sx={{ flexGrow: 1, width: '100%', p: { xs: 2, sm: 3 }, border: '1px solid', borderColor: 'divider', borderRadius: 3 }}>
          {narrow ? (
            <Button onClick={() => choose(null)} startIcon={<ArrowBackIcon />} color="inherit" sx={{ mb: 1, ml: -1 }}>
              All settings
            </Button>
          ) : null}
          <Typography id="settings-section-title" variant="h2" ref={formHeading} tabIndex={-1} sx={{ mb: 3, outline: 'none' }}>
            {label}
          </Typography>
          {section === 'SettingsProfile' ? (
            <ProfileSection
              draft={profile}
              avatar={avatar}
              errors={errors}
              onChange={(changes) => {
                setProfile((current) => ({ ...current, ...changes }))
                setErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(changes).map((key) => [key, undefined])) }))
              }}
              onAvatar={setAvatar}
            />
          ) : null}
          {section === 'SettingsSocial' ? (
            <SocialSection
              draft={socials}
              errors={linkErrors}
              onChange={(changes) => {
                setSocials((current) => ({ ...current, ...changes }))
                setLinkErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(changes).map((key) => [key, undefined])) }))
              }}
            />
          ) : null}
          {section === 'SettingsStats' ? <StatsSection privacy={privacy} onChange={(changes) => setPrivacy((current) => ({ ...current, ...changes }))} /> : null}
          {section === 'SettingsPassword' ? <PasswordSection email={user.aEmail} hasPassword={user.hasPassword} /> : null}
          {section === 'SettingsOtherProfiles' ? <OtherProfilesSection user={user} /> : null}
          {SAVED_SECTIONS.includes(section) ? (
            <Box sx={{ mt: 3 }}>
              <Button variant="contained" size="large" onClick={save} disabled={saving}>
                Save
              </Button>
            </Box>
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  )
}

/** /profile-setting: the account settings of the acting profile (docs/product/accounts-and-profiles.md). */
export function SettingsPage() {
  useDocumentTitle('Profile Settings')
  const { data: user, isLoading, isFetching, refetch } = useGetCurrentUserQuery()
  if (isLoading) return <PageLoader label="Loading settings" />
  if (!user) return <ErrorState onRetry={refetch} retrying={isFetching} />
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <Link href={paths.profile.getHref(user.id)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1, fontWeight: 600 }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" /> Back to my profile
      </Link>
      <Typography variant="h1" sx={{ mb: 3, fontSize: { xs: '1.8rem', md: '2.25rem' } }}>
        Profile Settings
      </Typography>
      <SettingsForms key={user.id} user={user} />
    </Box>
  )
}

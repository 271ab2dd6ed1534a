import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import SettingsIcon from '@mui/icons-material/Settings'
import { useState } from 'react'
import { useAppSelector } from '@/app/hooks'
import { CountryFlag } from '@/components/ui/country-flag'
import { PageLoader } from '@/components/ui/feedback'
import { isNotFound } from '@/lib/api/base'
import { ErrorState } from '@/components/ui/error-state'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { SocialLinks, socialEntries } from '@/components/ui/social-links'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { useGetCurrentUserQuery, useGetUserQuery } from '@/lib/api/users'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { ageFrom } from '@/lib/dates'
import { useNotFound } from '@/lib/not-found'
import { visibleStats } from '../rules'
import { Badges } from './badges'
import { PlayerCard } from './player-card'
import { ProfileEventsTab } from './profile-events-tab'

type ProfileTab = 'events' | 'badges' | 'card'

/** /profile/{id}: the public profile. */
export function ProfilePage({ id }: { id: number }) {
  const signedIn = useAppSelector(selectIsSignedIn)
  const valid = Number.isInteger(id) && id > 0
  const { data: user, error, isFetching, refetch } = useGetUserQuery(id, { skip: !valid })
  const { data: me } = useGetCurrentUserQuery(undefined, { skip: !signedIn })
  const [tab, setTab] = useState<ProfileTab>('events')
  useDocumentTitle(user?.dancerName ?? 'Profile')

  const missing = !valid || isNotFound(error)
  useNotFound(missing)

  if (missing) return null
  if (error && !user) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!user) return <PageLoader label="Loading profile" />

  const age = ageFrom(user.birthday)
  const place = [user.city, user.state, user.country].filter(Boolean).join(', ')
  const email = user.aEmail ?? user.socials.email
  const stats = visibleStats(user)
  const hasSocials = socialEntries(user.socials).length > 0

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <Paper elevation={0} sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3, border: '1px solid', borderColor: 'divider' }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
          <ProfileAvatar image={user.avatar} name={user.dancerName} size={128} />
          <Box sx={{ flexGrow: 1, minWidth: 0, textAlign: { xs: 'center', sm: 'left' } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: { xs: 'center', sm: 'flex-start' }, flexWrap: 'wrap' }}>
              <CountryFlag country={user.country} size={26} />
              <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', sm: '2.25rem' }, wordBreak: 'break-word' }}>
                {user.dancerName}
              </Typography>
              {user.isPatron ? <Chip label="Patreon" size="small" sx={{ bgcolor: '#f96854', color: '#141414', fontWeight: 700 }} /> : null}
            </Stack>
            {email ? (
              <Link component="a" href={`mailto:${email}`} sx={{ display: 'inline-block', mt: 0.5 }}>
                {email}
              </Link>
            ) : null}
            {user.fullName ? (
              <Typography sx={{ mt: 0.5 }}>
                {user.fullName}
                {age !== null ? `, ${age}` : ''}
              </Typography>
            ) : null}
            {place ? <Typography sx={{ color: 'text.secondary' }}>{place}</Typography> : null}
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', justifyContent: { xs: 'center', sm: 'flex-start' }, flexWrap: 'wrap' }}>
              {hasSocials ? <SocialLinks socials={user.socials} color="primary" /> : null}
              {user.canEdit ? (
                <Link href={paths.profileSetting.getHref('SettingsSocial')} sx={{ fontWeight: 700 }}>
                  Add your social media
                </Link>
              ) : null}
            </Stack>
          </Box>
          {user.canEdit ? (
            <Button href={paths.profileSetting.getHref()} variant="outlined" startIcon={<SettingsIcon />} sx={{ flexShrink: 0 }}>
              SETTINGS
            </Button>
          ) : null}
        </Stack>
        {stats.length ? (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' }, gap: 2, mt: 4, mb: 0 }}>
            {stats.map((stat) => (
              <Box key={stat.key} sx={{ textAlign: 'center', p: 1.5, borderRadius: 2, bgcolor: 'background.default' }}>
                <Typography component="dd" sx={{ m: 0, fontSize: 28, fontWeight: 900 }}>
                  {stat.value}
                </Typography>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {stat.label}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : null}
      </Paper>

      <Tabs value={tab} onChange={(_event, value: ProfileTab) => setTab(value)} aria-label="Profile sections" sx={{ mt: 3, borderBottom: 1, borderColor: 'divider' }} variant="scrollable" scrollButtons="auto">
        <Tab label="Events" value="events" id="profile-tab-events" aria-controls="profile-panel-events" />
        <Tab label="Badges" value="badges" id="profile-tab-badges" aria-controls="profile-panel-badges" />
        <Tab label="Player Card" value="card" id="profile-tab-card" aria-controls="profile-panel-card" />
      </Tabs>
      <Box role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`} sx={{ py: 3 }}>
        {tab === 'events' ? <ProfileEventsTab userId={user.id} owner={user.canEdit} name={user.dancerName ?? 'this dancer'} /> : null}
        {tab === 'badges' ? <Badges eventsAttended={user.eventsAttended} /> : null}
        {tab === 'card' ? <PlayerCard user={user} acting={me?.id === user.id} /> : null}
      </Box>
    </Box>
  )
}

import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { userName } from '@/components/ui/role-users'
import { SafeHtml } from '@/components/ui/safe-html'
import { paths } from '@/config/paths'
import { STUDIO_TEXTS, visibleText } from '../rules'
import type { Studio } from '../types'

/** About: the description (sanitised again here), 'Studio owners' and 'Date created'. */
export function AboutTab({ studio }: { studio: Studio }) {
  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
          About {studio.name}
        </Typography>
        {visibleText(studio.description) ? (
          <SafeHtml html={studio.description} data-testid="studio-description" sx={{ overflowWrap: 'anywhere', '& p': { my: 1 }, '& a': { color: 'primary.main' }, '& ul, & ol': { pl: 3 } }} />
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{STUDIO_TEXTS.noInformation}</Typography>
        )}
      </Box>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 1.5 }}>
          {STUDIO_TEXTS.owners}
        </Typography>
        <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }} aria-label={STUDIO_TEXTS.owners}>
          {studio.admins.map((admin) => (
            <li key={admin.id}>
              <Link href={paths.profile.getHref(admin.id)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontWeight: 700 }}>
                <ProfileAvatar aria-hidden="true" image={admin.avatar} name={admin.dancerName} size={40} />
                {userName(admin)}
              </Link>
            </li>
          ))}
        </Stack>
      </Box>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
          {STUDIO_TEXTS.dateCreated}
        </Typography>
        <Typography sx={{ color: studio.founded ? 'text.primary' : 'text.secondary' }}>{studio.founded || 'Not given yet'}</Typography>
      </Box>
    </Stack>
  )
}

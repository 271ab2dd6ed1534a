import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { SafeHtml } from '@/components/ui/safe-html'
import { paths } from '@/config/paths'
import { visibleText } from '../rules'
import type { Organization } from '../types'
import { userName } from '@/components/ui/role-users'

/** The description (sanitised again here), 'Organization owners' and 'Date created'. */
export function AboutTab({ org }: { org: Organization }) {
  const hasDescription = Boolean(visibleText(org.description))
  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
          About {org.name}
        </Typography>
        {hasDescription ? (
          <SafeHtml
            html={org.description}
            data-testid="org-description"
            sx={{ overflowWrap: 'anywhere', '& p': { my: 1 }, '& a': { color: 'primary.main' }, '& ul, & ol': { pl: 3 } }}
          />
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>No description yet.</Typography>
        )}
      </Box>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 1.5 }}>
          Organization owners
        </Typography>
        <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }} aria-label="Organization owners">
          {org.admins.map((admin) => (
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
          Date created
        </Typography>
        <Typography sx={{ color: org.founded ? 'text.primary' : 'text.secondary' }}>{org.founded || 'Not given yet'}</Typography>
      </Box>
    </Stack>
  )
}

import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { userName, type RoleUser } from '@/components/ui/role-users'
import { SafeHtml } from '@/components/ui/safe-html'
import { paths } from '@/config/paths'
import { visibleText } from '@/lib/sanitize'

interface EntityAboutProps {
  name: string
  /** rich text, sanitised again here */
  description: string | null | undefined
  /** the description's test id */
  descriptionTestId: string
  /** what shows without a description */
  noDescription: string
  /** the heading and the name of the owners' list ('Studio owners') */
  ownersLabel: string
  owners: readonly RoleUser[]
  founded: string | null | undefined
}

/** An entity's About tab: 'About <name>' with the description, its owners, and 'Date created'. */
export function EntityAbout({ name, description, descriptionTestId, noDescription, ownersLabel, owners, founded }: EntityAboutProps) {
  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
          About {name}
        </Typography>
        {visibleText(description) ? (
          <SafeHtml html={description} data-testid={descriptionTestId} sx={{ overflowWrap: 'anywhere', '& p': { my: 1 }, '& a': { color: 'primary.main' }, '& ul, & ol': { pl: 3 } }} />
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{noDescription}</Typography>
        )}
      </Box>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 1.5 }}>
          {ownersLabel}
        </Typography>
        <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }} aria-label={ownersLabel}>
          {owners.map((owner) => (
            <li key={owner.id}>
              <Link href={paths.profile.getHref(owner.id)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontWeight: 700 }}>
                <ProfileAvatar aria-hidden="true" image={owner.avatar} name={owner.dancerName} size={40} />
                {userName(owner)}
              </Link>
            </li>
          ))}
        </Stack>
      </Box>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
          Date created
        </Typography>
        <Typography sx={{ color: founded ? 'text.primary' : 'text.secondary' }}>{founded || 'Not given yet'}</Typography>
      </Box>
    </Stack>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import EditIcon from '@mui/icons-material/Edit'
import SettingsIcon from '@mui/icons-material/Settings'
import { useRef } from 'react'
import { useImageFileUpload } from '@/components/ui/image-upload'
import { SocialLinks, socialEntries } from '@/components/ui/social-links'
import { paths } from '@/config/paths'
import { IMAGE_TYPES } from '@/lib/api/images'
import { useSaveOrganization } from '../hooks/use-save-organization'
import type { Organization } from '../types'
import { OrgImage } from './org-image'

/** The image with an 'Edit' control for editors: upload (png or jpeg, 10 MB), then save the organization. */
function HeaderImage({ org }: { org: Organization }) {
  const input = useRef<HTMLInputElement>(null)
  const [saveChanges, saving] = useSaveOrganization(org)
  const [onFile, uploading] = useImageFileUpload(async (image) => {
    await saveChanges({ image: image.id })
  })
  const busy = uploading || saving

  return (
    <Box sx={{ position: 'relative', flexShrink: 0, width: { xs: 148, sm: 180 }, height: { xs: 148, sm: 180 } }}>
      <OrgImage image={org.image} name={org.name} width={180} sx={{ width: '100%', height: '100%', borderRadius: 3 }} data-testid="org-image" />
      {busy ? (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'rgba(255,255,255,0.6)', borderRadius: 3 }}>
          <CircularProgress size={32} aria-label="Uploading" />
        </Box>
      ) : null}
      {org.canEdit ? (
        <>
          <input ref={input} type="file" accept={IMAGE_TYPES.join(',')} hidden onChange={onFile} data-testid="org-image-input" />
          <Button
            size="small"
            variant="contained"
            color="secondary"
            startIcon={<EditIcon />}
            onClick={() => input.current?.click()}
            disabled={busy}
            aria-label="Edit organization image"
            sx={{ position: 'absolute', right: 8, bottom: 8, minHeight: 36 }}
          >
            Edit
          </Button>
        </>
      ) : null}
    </Box>
  )
}

const STATS = [
  { key: 'totalMembers', label: 'Members' },
  { key: 'totalEvents', label: 'Events thrown' },
  { key: 'totalPoints', label: 'Points earned' },
] as const

/** Image, name, the three stats, 'Follow and connect', and Settings for editors (docs/product/organizations.md). */
export function OrgHeader({ org }: { org: Organization }) {
  const hasSocials = socialEntries(org.socials).length > 0
  return (
    <Paper elevation={0} sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3, border: '1px solid', borderColor: 'divider' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 4 }} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
        <HeaderImage org={org} />
        <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%', textAlign: { xs: 'center', sm: 'left' } }}>
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ alignItems: { xs: 'center', sm: 'flex-start' }, justifyContent: 'space-between', gap: 2 }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', sm: '2.25rem' }, overflowWrap: 'anywhere' }}>
              {org.name || 'Untitled organization'}
            </Typography>
            {org.canEdit ? (
              <Button href={paths.organizationSettings.getHref(org.id)} variant="outlined" startIcon={<SettingsIcon />} sx={{ flexShrink: 0 }}>
                Settings
              </Button>
            ) : null}
          </Stack>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: { xs: 1, sm: 2 }, mt: 3, mb: 0, maxWidth: 560, mx: { xs: 'auto', sm: 0 } }}>
            {STATS.map((stat) => (
              <Box key={stat.key} sx={{ textAlign: 'center', py: 1.5, px: 1, borderRadius: 2, bgcolor: 'background.default', display: 'flex', flexDirection: 'column-reverse' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {stat.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontSize: { xs: 22, sm: 28 }, fontWeight: 900 }} data-testid={`stat-${stat.key}`}>
                  {org[stat.key]}
                </Typography>
              </Box>
            ))}
          </Box>
          {hasSocials ? (
            <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', justifyContent: { xs: 'center', sm: 'flex-start' }, flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                Follow and connect
              </Typography>
              <SocialLinks socials={org.socials} color="primary" />
            </Stack>
          ) : null}
        </Box>
      </Stack>
    </Paper>
  )
}

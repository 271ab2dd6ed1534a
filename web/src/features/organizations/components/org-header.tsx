import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import EditIcon from '@mui/icons-material/Edit'
import { useRef } from 'react'
import { EntityHeader } from '@/components/entity/entity-header'
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

/** Image, name, the three stats, 'Follow and connect', and Settings for editors (docs/product/organizations.md). */
export function OrgHeader({ org }: { org: Organization }) {
  const hasSocials = socialEntries(org.socials).length > 0
  return (
    <EntityHeader
      image={<HeaderImage org={org} />}
      name={org.name || 'Untitled organization'}
      settingsHref={org.canEdit ? paths.organizationSettings.getHref(org.id) : undefined}
      stats={[
        { key: 'totalMembers', label: 'Members', value: org.totalMembers },
        { key: 'totalEvents', label: 'Events thrown', value: org.totalEvents },
        { key: 'totalPoints', label: 'Points earned', value: org.totalPoints },
      ]}
    >
      {hasSocials ? (
        <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', justifyContent: { xs: 'center', sm: 'flex-start' }, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            Follow and connect
          </Typography>
          <SocialLinks socials={org.socials} color="primary" />
        </Stack>
      ) : null}
    </EntityHeader>
  )
}

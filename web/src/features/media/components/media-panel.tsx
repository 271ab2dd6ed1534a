import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import AddIcon from '@mui/icons-material/Add'
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary'
import { useState } from 'react'
import { EmptyState, PageLoader } from '@/components/ui/feedback'
import { ErrorState } from '@/components/ui/error-state'
import { useMediaListQuery } from '../api/media-api'
import { mediaScope } from '../rules'
import type { Media, MediaScope } from '../types'
import { ClipCard } from './clip-card'
import { ClipDeleteDialog } from './clip-delete-dialog'
import { MediaEditor } from './media-editor'

export interface MediaPanelProps {
  /** whose clips: an organization's (`o`) or an event's (`e`) */
  scope: MediaScope
  /** '{name} Clips', under the overline 'Media' */
  title: string
  /** the title's id, which names the section */
  titleId: string
  /** whose page the clips show on, in the delete question ("… will no longer show on {pageName}'s page.") */
  pageName: string
  /** editors add and delete clips */
  canEdit: boolean
  /** the empty list, to visitors and to editors */
  emptyText: string
  editorEmptyText: string
  /**
   * The editor and the delete question are the caller's when it gives these (a page whose panel a rotation
   * remounts keeps them itself, so they stay open); otherwise the panel keeps them.
   */
  onAdd?: () => void
  onDelete?: (clip: Media) => void
  /** one section among others (the event page's): a title the size of theirs, at most two clips a row */
  section?: boolean
}

/** The media panel: 'Media', '{name} Clips', the clips newest first; editors add and delete clips. */
export function MediaPanel({ scope, title, titleId, pageName, canEdit, emptyText, editorEmptyText, onAdd, onDelete, section }: MediaPanelProps) {
  const { data, isLoading, isError, isFetching, refetch } = useMediaListQuery(mediaScope(scope))
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<Media | null>(null)
  const clips = data ?? []
  const ownDialogs = canEdit && !onAdd && !onDelete

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" component="p" sx={{ color: 'primary.main', fontWeight: 800, lineHeight: 1.5 }}>
            Media
          </Typography>
          <Typography id={titleId} variant="h3" component="h3" sx={{ overflowWrap: 'anywhere', ...(section ? { fontSize: '1.2rem' } : {}) }}>
            {title}
          </Typography>
        </Box>
        {canEdit ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd ?? (() => setAdding(true))} sx={{ minHeight: 44, flexShrink: 0 }}>
            Add media
          </Button>
        ) : null}
      </Stack>
      {isLoading ? (
        <PageLoader label="Loading clips" />
      ) : isError && !clips.length ? (
        <ErrorState onRetry={() => void refetch()} retrying={isFetching} />
      ) : clips.length ? (
        <Box
          component="ul"
          aria-label={title}
          sx={{
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: section
              ? { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }
              : { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {clips.map((clip) => (
            <ClipCard key={clip.id} clip={clip} canEdit={canEdit} onDelete={onDelete ?? setDeleting} />
          ))}
        </Box>
      ) : (
        <EmptyState icon={<VideoLibraryIcon fontSize="inherit" />} title="No clips yet" text={canEdit ? editorEmptyText : emptyText} />
      )}
      {ownDialogs ? (
        <>
          <MediaEditor scope={scope} open={adding} onClose={() => setAdding(false)} />
          <ClipDeleteDialog scope={scope} pageName={pageName} clip={deleting} onClose={() => setDeleting(null)} />
        </>
      ) : null}
    </Box>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/Delete'
import PlayArrowIcon from '@mui/icons-material/PlayArrow'
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary'
import { useState } from 'react'
import { ConfirmActionDialog, ModalDialog } from '@/components/ui/dialogs'
import { EmptyState, PageLoader } from '@/components/ui/feedback'
import { ErrorState } from '@/components/ui/error-state'
import { useDeleteMediaMutation, useOrgMediaQuery, useSaveMediaMutation } from '../api/organizations-api'
import { videoEmbedUrl, videoIdOf, videoThumbnailUrl } from '../rules'
import type { Media, Organization } from '../types'

export const INVALID_VIDEO_LINK = 'Enter a YouTube link or video id'

function VideoFrame({ id, title, autoplay }: { id: string; title: string; autoplay?: boolean }) {
  return (
    <Box
      component="iframe"
      src={`${videoEmbedUrl(id)}${autoplay ? '?autoplay=1' : ''}`}
      title={title}
      allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      sx={{ width: '100%', aspectRatio: '16 / 9', border: 0, display: 'block', bgcolor: 'common.black' }}
    />
  )
}

/**
 * The media editor: a video link, Add previews it (the YouTube id parsed here with the server's rules; nothing
 * is previewed otherwise), then Save or Cancel. Closing resets it.
 */
export function MediaEditor({ org, open, onClose }: { org: Organization; open: boolean; onClose: () => void }) {
  const [link, setLink] = useState('')
  const [name, setName] = useState('')
  const [preview, setPreview] = useState<string | null>(null)
  const [error, setError] = useState(false)
  const [save, { isLoading }] = useSaveMediaMutation()

  const close = () => {
    setLink('')
    setName('')
    setPreview(null)
    setError(false)
    onClose()
  }

  const add = () => {
    const id = videoIdOf(link)
    setPreview(id)
    setError(id === null)
  }

  const submit = async () => {
    if (!preview) return
    try {
      await save({ link: preview, name: name.trim() || null, orgId: org.id }).unwrap()
      close()
    } catch {
      /* the failure was shown as a toast */
    }
  }

  return (
    <ModalDialog
      open={open}
      title="Add media"
      onClose={close}
      action={{ label: 'Save', onClick: submit, disabled: !preview || isLoading }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack
          direction="row"
          spacing={1}
          component="form"
          sx={{ alignItems: 'flex-start' }}
          onSubmit={(event) => {
            event.preventDefault()
            add()
          }}
        >
          <TextField
            label="Video link"
            placeholder="https://www.youtube.com/watch?v=…"
            value={link}
            autoFocus
            error={error}
            helperText={error ? INVALID_VIDEO_LINK : 'A YouTube link (watch, shorts, youtu.be, embed) or a video id'}
            onChange={(event) => {
              setLink(event.target.value)
              setError(false)
            }}
          />
          <Button type="submit" variant="outlined" sx={{ minHeight: 56, flexShrink: 0 }}>
            Add
          </Button>
        </Stack>
        {preview ? (
          <>
            <Box sx={{ borderRadius: 2, overflow: 'hidden' }} data-testid="media-preview">
              <VideoFrame id={preview} title="Preview of the clip" />
            </Box>
            <TextField label="Clip name (optional)" value={name} onChange={(event) => setName(event.target.value)} slotProps={{ htmlInput: { maxLength: 120 } }} />
          </>
        ) : null}
      </Stack>
    </ModalDialog>
  )
}

/** A clip: its thumbnail until played (no third-party player loads before the visitor asks for it). */
function Clip({ clip, canEdit, onDelete }: { clip: Media; canEdit: boolean; onDelete: (clip: Media) => void }) {
  const [playing, setPlaying] = useState(false)
  const title = clip.name || 'Clip'
  return (
    <Paper component="li" elevation={0} sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 3, overflow: 'hidden', listStyle: 'none' }} data-testid="clip">
      {playing ? (
        <VideoFrame id={clip.link} title={title} autoplay />
      ) : (
        <Box
          component="button"
          type="button"
          onClick={() => setPlaying(true)}
          aria-label={`Play ${title}`}
          sx={{ all: 'unset', cursor: 'pointer', display: 'block', width: '100%', position: 'relative', aspectRatio: '16 / 9', bgcolor: 'common.black', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 } }}
        >
          <Box component="img" src={videoThumbnailUrl(clip.link)} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <Box sx={{ width: 64, height: 44, borderRadius: 2.5, bgcolor: 'primary.main', color: 'common.white', display: 'grid', placeItems: 'center' }}>
              <PlayArrowIcon fontSize="large" />
            </Box>
          </Box>
        </Box>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 1.5, py: 1, gap: 1 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{title}</Typography>
        {canEdit ? (
          <IconButton aria-label={`Delete ${title}`} onClick={() => onDelete(clip)}>
            <DeleteIcon />
          </IconButton>
        ) : null}
      </Stack>
    </Paper>
  )
}

/** Asks before a clip is deleted (DELETE /media/{id} answers the updated list). */
export function ClipDeleteDialog({ org, clip, onClose }: { org: Organization; clip: Media | null; onClose: () => void }) {
  const [remove, { isLoading }] = useDeleteMediaMutation()
  return (
    <ConfirmActionDialog
      subject={clip}
      action={(item) => remove({ id: item.id, orgId: org.id }).unwrap()}
      title="Delete this clip?"
      text={clip ? `"${clip.name || 'Clip'}" will no longer show on ${org.name}'s page.` : undefined}
      confirmLabel="Delete"
      destructive
      busy={isLoading}
      onClose={onClose}
    />
  )
}

/**
 * The media tab: a 'Media' panel titled '{name} Clips'; editors add and delete clips. The editor and the
 * delete question live on the page (`onAdd`, `onDelete`), so a rotation that turns the tabs into the
 * expansion list does not close them.
 */
export function MediaTab({ org, onAdd, onDelete }: { org: Organization; onAdd: () => void; onDelete: (clip: Media) => void }) {
  const { data, isLoading, isError, isFetching, refetch } = useOrgMediaQuery(org.id)
  const clips = data ?? []

  return (
    <Box component="section" aria-labelledby="org-media-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Box>
          <Typography variant="overline" component="p" sx={{ color: 'primary.main', fontWeight: 800, lineHeight: 1.5 }}>
            Media
          </Typography>
          <Typography id="org-media-title" variant="h3" component="h3">
            {org.name} Clips
          </Typography>
        </Box>
        {org.canEdit ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
            Add media
          </Button>
        ) : null}
      </Stack>
      {isLoading ? (
        <PageLoader label="Loading clips" />
      ) : isError && !clips.length ? (
        <ErrorState onRetry={() => void refetch()} retrying={isFetching} />
      ) : clips.length ? (
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
          {clips.map((clip) => (
            <Clip key={clip.id} clip={clip} canEdit={org.canEdit} onDelete={onDelete} />
          ))}
        </Box>
      ) : (
        <EmptyState icon={<VideoLibraryIcon fontSize="inherit" />} title="No clips yet" text={org.canEdit ? 'Add the battles and showcases worth watching again.' : `Clips of ${org.name}'s events will show here.`} />
      )}
    </Box>
  )
}

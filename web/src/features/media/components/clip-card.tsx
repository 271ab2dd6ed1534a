import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import DeleteIcon from '@mui/icons-material/Delete'
import PlayArrowIcon from '@mui/icons-material/PlayArrow'
import { useState } from 'react'
import { clipTitle, videoThumbnailUrl } from '../rules'
import type { Media } from '../types'
import { VideoFrame } from './video-frame'

/** A clip: its thumbnail until played (no third-party player loads before the visitor asks for it). */
export function ClipCard({ clip, canEdit, onDelete }: { clip: Media; canEdit: boolean; onDelete: (clip: Media) => void }) {
  const [playing, setPlaying] = useState(false)
  const title = clipTitle(clip)
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
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 1.5, py: 1, gap: 1, minHeight: 60 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{title}</Typography>
        {canEdit ? (
          <IconButton aria-label={`Delete ${title}`} onClick={() => onDelete(clip)} sx={{ width: 44, height: 44, flexShrink: 0 }}>
            <DeleteIcon />
          </IconButton>
        ) : null}
      </Stack>
    </Paper>
  )
}

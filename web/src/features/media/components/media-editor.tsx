import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useState } from 'react'
import { ModalDialog } from '@/components/ui/dialogs'
import { useSaveMediaMutation } from '../api/media-api'
import { INVALID_VIDEO_LINK, videoIdOf } from '../rules'
import type { MediaScope } from '../types'
import { VideoFrame } from './video-frame'

/**
 * The media editor: a video link, Add previews it (the YouTube id parsed here with the server's rules; nothing
 * is previewed otherwise), then Save or Cancel. Closing resets it. The clip is saved to the scope's list (an
 * event's with eventId, an organization's with orgId).
 */
export function MediaEditor({ scope, open, onClose }: { scope: MediaScope; open: boolean; onClose: () => void }) {
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
      await save({ scope, link: preview, name: name.trim() || null }).unwrap()
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
            sx={{ flex: 1, minWidth: 0 }}
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

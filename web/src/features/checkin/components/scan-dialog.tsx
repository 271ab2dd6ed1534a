import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { loadQrDetector, scanFrames, type QrDetector } from '@/lib/qr/detector'
import { CHECKIN_TEXTS } from '../rules'

export const SCAN_TEXTS = {
  starting: 'Starting the camera…',
  scanning: "Point the camera at the ticket's QR code.",
  noCamera: 'No camera here: type or paste the ticket code below.',
  denied: 'The camera is blocked: allow it in the browser, or type or paste the ticket code below.',
  noDetector: "This browser can't read QR codes: type or paste the ticket code below.",
  codeLabel: 'Ticket code',
  submit: 'Check in',
} as const

type CameraState = 'starting' | 'scanning' | 'noCamera' | 'denied' | 'noDetector'

export interface ScanDialogProps {
  open: boolean
  onClose: () => void
  /** a code read by the camera or typed in */
  onCode: (code: string) => void
  /** tests hand in a detector; the page loads the browser's or the self-hosted one */
  loadDetector?: () => Promise<QrDetector>
}

/**
 * 'Scan ticket': the back camera reads ticket QR codes one after another (the dialog stays open for the
 * next person in line); a device without a camera, or a ticket read from a screen that will not scan, can
 * type or paste the code.
 */
export default function ScanDialog({ open, onClose, onCode, loadDetector = loadQrDetector }: ScanDialogProps) {
  const video = useRef<HTMLVideoElement | null>(null)
  const [state, setState] = useState<CameraState>('starting')
  const [typed, setTyped] = useState('')
  const latest = useRef(onCode)
  useEffect(() => {
    latest.current = onCode
  })

  useEffect(() => {
    if (!open) return
    let cancelled = false
    let stream: MediaStream | null = null
    let stopScan: (() => void) | undefined
    const start = async () => {
      setState('starting')
      if (!navigator.mediaDevices?.getUserMedia) return setState('noCamera')
      let detector: QrDetector
      try {
        detector = await loadDetector()
      } catch {
        if (!cancelled) setState('noDetector')
        return
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      } catch (error) {
        const name = error instanceof DOMException ? error.name : ''
        if (!cancelled) setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'noCamera')
        return
      }
      if (cancelled || !video.current) {
        stream.getTracks().forEach((track) => track.stop())
        return
      }
      video.current.srcObject = stream
      await video.current.play().catch(() => {})
      if (cancelled) return
      setState('scanning')
      stopScan = scanFrames(detector, video.current, (code) => latest.current(code))
    }
    void start()
    return () => {
      cancelled = true
      stopScan?.()
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [open, loadDetector])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const code = typed.trim()
    if (!code) return
    onCode(code)
    setTyped('')
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="scan-ticket-title">
      <DialogTitle id="scan-ticket-title">{CHECKIN_TEXTS.scan}</DialogTitle>
      <DialogContent>
        <Box
          sx={{
            position: 'relative',
            bgcolor: 'common.black',
            borderRadius: 2,
            overflow: 'hidden',
            aspectRatio: '4 / 3',
            display: state === 'scanning' || state === 'starting' ? 'block' : 'none',
            mb: 2,
          }}
        >
          <video ref={video} muted playsInline aria-label="Camera" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        </Box>
        <Typography role="status" aria-live="polite" sx={{ mb: 2 }}>
          {SCAN_TEXTS[state]}
        </Typography>
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }} onSubmit={submit}>
          <TextField
            label={SCAN_TEXTS.codeLabel}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            slotProps={{ htmlInput: { autoCapitalize: 'off', spellCheck: false } }}
            sx={{ flexGrow: 1 }}
          />
          <Button type="submit" variant="contained" size="large" disabled={!typed.trim()} sx={{ minHeight: 56, px: 3, whiteSpace: 'nowrap' }}>
            {SCAN_TEXTS.submit}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} size="large" sx={{ minHeight: 48 }}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  )
}

import Button from '@mui/material/Button'
import DownloadIcon from '@mui/icons-material/Download'
import { useState } from 'react'
import { useStore } from 'react-redux'
import { apiBaseUrl } from '@/lib/api/base'
import type { WithSession } from '@/lib/auth/session-slice'
import { currentProfile } from '@/lib/storage'
import { downloadName } from '../rules'

/**
 * GET /battles/{id}/download with the caller's token into a Blob, saved as battle_{id}.csv (outside the RTK
 * Query cache: a file, not state). A failure is only logged (docs/product/battles-and-registration.md).
 */
export async function downloadBattleCsv(id: number, token: string | null): Promise<void> {
  try {
    const headers = new Headers()
    if (token) headers.set('X-Auth-Token', token)
    const callerId = currentProfile.get()
    if (token && callerId !== null) headers.set('Caller-Id', String(callerId))
    const response = await fetch(new Request(`${apiBaseUrl()}/battles/${id}/download`, { headers, credentials: 'same-origin' }))
    if (!response.ok) throw new Error(`CSV download answered ${response.status}`)
    const blob = await response.blob()
    const url = URL.createObjectURL(blob)
    const link = document.createElement('a')
    link.href = url
    link.download = downloadName(id)
    document.body.appendChild(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 0)
  } catch (error) {
    console.error('The battle CSV could not be downloaded', error)
  }
}

export function CsvDownload({ battleId }: { battleId: number }) {
  const store = useStore<WithSession>()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      sx={{ minHeight: 48 }}
      disabled={busy}
      onClick={async () => {
        setBusy(true)
        await downloadBattleCsv(battleId, store.getState().session.accessToken)
        setBusy(false)
      }}
    >
      Download CSV
    </Button>
  )
}

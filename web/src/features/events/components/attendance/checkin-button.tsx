import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import HowToRegIcon from '@mui/icons-material/HowToReg'
import { useId, useState } from 'react'
import { useSelfCheckInMutation } from '../../api/attendance-api'
import type { CypherEvent } from '../../types'
import { ATTENDANCE_TEXTS, CHECKIN_THROTTLE_MS, throttled } from './rules'
import { useGuestGate } from './use-guest-gate'

/**
 * Self check-in (POST /api/events/{id}/checkin, the answer is the event): enabled only while the event is
 * happening, at most one call per 5,000 ms however often it is pressed, 'Checked in' afterwards. A guest goes to
 * Signup. Hidden on drafts, and on past events unless the user did check in.
 */
export function CheckInButton({ event }: { event: CypherEvent }) {
  const { gate } = useGuestGate()
  const [checkIn, { isLoading }] = useSelfCheckInMutation()
  const [allowed] = useState(() => throttled(CHECKIN_THROTTLE_MS))
  const hintId = useId()
  const checkedIn = Boolean(event.permissions?.checkedIn)
  const now = event.period === 'now'
  if (event.status !== 'published' || (!now && !checkedIn && (event.period === 'past' || event.isFinished))) return null
  if (checkedIn) {
    return (
      <Button variant="outlined" color="success" startIcon={<CheckCircleIcon />} disabled sx={{ minHeight: 44 }}>
        {ATTENDANCE_TEXTS.checkedIn}
      </Button>
    )
  }
  return (
    <>
      <Button
        variant="contained"
        color="secondary"
        startIcon={<HowToRegIcon />}
        disabled={!now || isLoading}
        aria-describedby={now ? undefined : hintId}
        onClick={() =>
          gate(() => {
            if (allowed()) void checkIn(event.id)
          })
        }
        sx={{ minHeight: 44 }}
      >
        {ATTENDANCE_TEXTS.checkIn}
      </Button>
      {now ? null : (
        <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary', mt: -1 }}>
          Check-in opens while the event is happening.
        </Typography>
      )}
    </>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber'
import HourglassTopIcon from '@mui/icons-material/HourglassTop'
import UndoIcon from '@mui/icons-material/Undo'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { paths } from '@/config/paths'
import { CHECKIN_TEXTS, isCheckedIn } from '../rules'
import type { Attendee } from '../types'
import { CardPaidIcon, CashPaidIcon, CheckedInLabel } from './status-pieces'

interface AttendeeRowProps {
  attendee: Attendee
  /** a check-in of this person waits in the device's queue */
  pending: boolean
  online: boolean
  onCheckIn: (payCash: boolean) => void
  onUncheck: () => void
  /** an editor gives this person a ticket at the door (absent: not offered, e.g. a cancelled event) */
  onStaffTicket?: () => void
}

/** Why the person is on the door list: a ticket, the battles they are registered in; a refund still owed. */
function Marks({ attendee }: { attendee: Attendee }) {
  const battles = attendee.battles ?? []
  const owed = attendee.tickets.filter((ticket) => ticket.refundError)
  if (!attendee.hasTicket && !battles.length) return null
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }} data-testid={`marks-${attendee.id}`}>
      {attendee.hasTicket ? <Chip size="small" icon={<ConfirmationNumberIcon />} label={CHECKIN_TEXTS.ticket} variant="outlined" /> : null}
      {battles.map((battle) => (
        <Chip key={battle.id} size="small" label={battle.title || 'Battle'} component="a" href={paths.battle.getHref(battle.id)} clickable variant="outlined" color="secondary" />
      ))}
      {owed.map((ticket, index) => (
        <Chip key={index} size="small" color="error" label={`${CHECKIN_TEXTS.refundFailed}: ${ticket.refundError}`} />
      ))}
    </Stack>
  )
}

/** One person at the door: who, how they paid, and their check-in (or the button that does it). */
export function AttendeeRow({ attendee, pending, online, onCheckIn, onUncheck, onStaffTicket }: AttendeeRowProps) {
  const name = attendee.dancerName?.trim() || 'Unnamed dancer'
  const checked = isCheckedIn(attendee)
  let status
  if (checked) {
    status = (
      <>
        <CheckedInLabel />
        <Button
          variant="text"
          startIcon={<UndoIcon />}
          onClick={onUncheck}
          disabled={!online}
          aria-label={`Undo check-in of ${name}`}
          sx={{ minHeight: 48 }}
        >
          Undo
        </Button>
      </>
    )
  } else if (pending) {
    status = (
      <Chip
        icon={<HourglassTopIcon />}
        label={CHECKIN_TEXTS.pending}
        title={online ? 'Sending…' : 'Sent when the connection returns'}
        variant="outlined"
        color="warning"
        sx={{ fontWeight: 700, minHeight: 36 }}
      />
    )
  } else {
    const cashDue = attendee.payment === 'cashDue'
    status = (
      <Button
        variant="contained"
        size="large"
        color={cashDue ? 'secondary' : 'primary'}
        onClick={() => onCheckIn(cashDue)}
        aria-label={`${cashDue ? CHECKIN_TEXTS.payAndCheckIn : CHECKIN_TEXTS.checkIn} ${name}`}
        sx={{ minHeight: 48, minWidth: 140, fontWeight: 700 }}
      >
        {cashDue ? CHECKIN_TEXTS.payAndCheckIn : CHECKIN_TEXTS.checkIn}
      </Button>
    )
  }
  return (
    <TableRow data-testid={`attendee-${attendee.id}`}>
      <TableCell>
        <Link href={paths.profile.getHref(attendee.id)} underline="hover" color="inherit" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5, minHeight: 48 }}>
          <ProfileAvatar image={attendee.avatar} name={name} size={44} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{name}</Typography>
            {attendee.email ? (
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {attendee.email}
              </Typography>
            ) : null}
          </Box>
        </Link>
        <Marks attendee={attendee} />
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {attendee.payment === 'card' ? <CardPaidIcon /> : attendee.payment === 'cash' ? <CashPaidIcon /> : null}
          {!attendee.hasTicket && onStaffTicket ? (
            <Button variant="outlined" onClick={onStaffTicket} disabled={!online} aria-label={`${CHECKIN_TEXTS.giveStaffTicket} to ${name}`} sx={{ minHeight: 48 }}>
              {CHECKIN_TEXTS.giveStaffTicket}
            </Button>
          ) : null}
          {status}
        </Stack>
      </TableCell>
    </TableRow>
  )
}

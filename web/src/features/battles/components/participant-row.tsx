import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import ListItem from '@mui/material/ListItem'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import HelpIcon from '@mui/icons-material/Help'
import MoreVertIcon from '@mui/icons-material/MoreVert'
import { useId, useState, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { paths } from '@/config/paths'
import { dancerLabel, isCheckedIn } from '../rules'
import type { Participant } from '../types'

/** Orange question mark: not confirmed yet; green check: checked in (docs/product/battles-and-registration.md). */
export function StatusBadge({ participant }: { participant: Participant }) {
  if (isCheckedIn(participant)) {
    return (
      <Tooltip title="Checked in">
        <CheckCircleIcon titleAccess="Checked in" sx={{ color: 'success.main' }} data-badge="checked-in" />
      </Tooltip>
    )
  }
  if (!participant.confirmed) {
    return (
      <Tooltip title="Not confirmed">
        <HelpIcon titleAccess="Not confirmed" sx={{ color: 'warning.main' }} data-badge="unconfirmed" />
      </Tooltip>
    )
  }
  return null
}

/**
 * The avatar with a small check when checked in (the crew form's rows). Not MUI's Badge: it hides its content
 * from screen readers, and the check is the row's news.
 */
export function CheckedAvatar({ participant, size = 40 }: { participant: { dancerName?: string | null; avatar?: string | null } & Partial<Participant>; size?: number }) {
  const checked = participant.checkedIn !== undefined && isCheckedIn(participant as Participant)
  return (
    <Box sx={{ position: 'relative', flexShrink: 0, width: size, height: size }}>
      <ProfileAvatar image={participant.avatar} name={participant.dancerName} size={size} />
      {checked ? (
        <CheckCircleIcon
          titleAccess="Checked in"
          sx={{ position: 'absolute', right: -4, bottom: -4, fontSize: 18, color: 'success.main', bgcolor: 'background.paper', borderRadius: '50%' }}
        />
      ) : null}
    </Box>
  )
}

export function StudioLinks({ participant }: { participant: Participant }) {
  if (!participant.studios?.length) return null
  return (
    <Typography variant="body2" component="span" sx={{ color: 'text.secondary', display: 'block' }}>
      {participant.studios.map((studio, index) => (
        <span key={studio.id}>
          {index ? ', ' : ''}
          <Link component={RouterLink} to={paths.studio.getHref(studio.id)}>
            {studio.name}
          </Link>
        </span>
      ))}
    </Typography>
  )
}

export interface RowAction {
  label: string
  onClick: () => void
}

/** A staff menu: the actions of one row behind a 48 px button named for the dancer. */
export function ActionsMenu({ name, actions }: { name: string; actions: RowAction[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const menuId = useId()
  if (!actions.length) return null
  return (
    <>
      <IconButton
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ width: 48, height: 48 }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action.label}
            sx={{ minHeight: 48 }}
            onClick={() => {
              setAnchor(null)
              action.onClick()
            }}
          >
            {action.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  )
}

/** A participant: avatar, dancer name (to the profile), studios, number, badge, and what `end` holds. */
export function ParticipantRow({ participant, end, highlight }: { participant: Participant; end?: ReactNode; highlight?: boolean }) {
  const name = dancerLabel(participant)
  return (
    <ListItem
      data-testid={`participant-${participant.id}`}
      sx={{ minHeight: 64, px: 1, gap: 1.5, borderBottom: '1px solid', borderColor: 'divider', bgcolor: highlight ? 'action.selected' : undefined }}
    >
      <ProfileAvatar image={participant.avatar} name={name} size={40} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Link component={RouterLink} to={paths.profile.getHref(participant.id)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {name}
        </Link>
        <StudioLinks participant={participant} />
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexShrink: 0 }}>
        {participant.randId != null ? (
          <Typography component="span" sx={{ fontWeight: 800 }} aria-label={`Number ${participant.randId}`}>
            #{participant.randId}
          </Typography>
        ) : null}
        <StatusBadge participant={participant} />
        {end}
      </Stack>
    </ListItem>
  )
}

import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import CloseIcon from '@mui/icons-material/Close'
import { ProfileAvatar } from './profile-avatar'
import { paths } from '@/config/paths'
/** a user holding a role: an organization's admin, an event's host */
export interface RoleUser {
  id: number
  dancerName?: string | null
  avatar?: string | null
}

export const userName = (user: { dancerName?: string | null }) => user.dancerName || 'Unnamed dancer'

interface RoleUsersProps {
  users: RoleUser[]
  label: string
  empty: string
  onRemove?: (user: RoleUser) => void
  /** the user whose removal is on its way */
  busyId?: number | null
  /** a tag after a user's name (e.g. 'You') */
  note?: (user: RoleUser) => string | undefined
}

/** The users holding a role, each linking to their profile, with a remove button when one is given. */
export function RoleUsers({ users, label, empty, onRemove, busyId, note }: RoleUsersProps) {
  if (!users.length) {
    return <Typography sx={{ color: 'text.secondary', py: 2 }}>{empty}</Typography>
  }
  return (
    <List aria-label={label} dense sx={{ py: 0 }}>
      {users.map((user) => (
        <ListItem
          key={user.id}
          divider
          secondaryAction={
            onRemove ? (
              <IconButton edge="end" aria-label={`Remove ${userName(user)}`} onClick={() => onRemove(user)} disabled={busyId === user.id}>
                <CloseIcon />
              </IconButton>
            ) : undefined
          }
        >
          <ListItemAvatar>
            <ProfileAvatar aria-hidden="true" image={user.avatar} name={user.dancerName} size={36} />
          </ListItemAvatar>
          <ListItemText
            primary={
              <Link href={paths.profile.getHref(user.id)} sx={{ fontWeight: 600 }}>
                {userName(user)}
              </Link>
            }
            secondary={note?.(user)}
          />
        </ListItem>
      ))}
    </List>
  )
}

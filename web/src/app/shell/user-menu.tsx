import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import ListSubheader from '@mui/material/ListSubheader'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import AddIcon from '@mui/icons-material/Add'
import LogoutIcon from '@mui/icons-material/Logout'
import PersonIcon from '@mui/icons-material/Person'
import SettingsIcon from '@mui/icons-material/Settings'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { paths } from '@/config/paths'
import type { User } from '@/lib/api/types'
import { switchProfile } from '@/lib/auth/actions'

interface UserMenuProps {
  user: User
  onLogout: () => void
}

/** View profile, Profile Settings, Switch profiles (with Add profile) and Log out. */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const navigate = useNavigate()
  const close = () => setAnchor(null)
  const go = (href: string) => {
    close()
    navigate(href)
  }
  const others = user.profiles.filter((profile) => profile.id !== user.id)
  return (
    <>
      <IconButton
        aria-label="Open user menu"
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
        data-testid="user-menu-button"
      >
        <ProfileAvatar image={user.avatar} name={user.dancerName} size={36} />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240 } } }}
      >
        <MenuItem onClick={() => go(paths.profile.getHref(user.id))}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>View profile</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => go(paths.profileSetting.getHref())}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Profile Settings</ListItemText>
        </MenuItem>
        <Divider />
        <ListSubheader sx={{ lineHeight: '36px' }}>Switch profiles</ListSubheader>
        {others.map((profile) => (
          <MenuItem key={profile.id} onClick={() => switchProfile(profile.id)}>
            <ListItemIcon>
              <ProfileAvatar image={profile.avatar} name={profile.dancerName} size={24} />
            </ListItemIcon>
            <ListItemText>{profile.dancerName || 'Unnamed profile'}</ListItemText>
          </MenuItem>
        ))}
        <MenuItem onClick={() => go(paths.createOtherProfile.getHref())}>
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Add profile</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close()
            onLogout()
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Log out</ListItemText>
        </MenuItem>
      </Menu>
    </>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Typography from '@mui/material/Typography'
import AddIcon from '@mui/icons-material/Add'
import MoreVertIcon from '@mui/icons-material/MoreVert'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useAppDispatch } from '@/app/hooks'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { paths } from '@/config/paths'
import type { User } from '@/lib/api/types'
import { usersApi } from '@/lib/api/users'
import { renewToken } from '@/lib/auth/actions'
import { currentProfile } from '@/lib/storage'
import { toastShown } from '@/lib/toast'
import { useSetMainMutation } from '../api/settings-api'
import { OTHER_PROFILES_EMPTY } from '../rules'

/** The account's profiles: the main one tagged; the others can be set as main or released. */
export function OtherProfilesSection({ user }: { user: User }) {
  const navigate = useNavigate()
  const dispatch = useAppDispatch()
  const [setMain, { isLoading }] = useSetMainMutation()
  const [menu, setMenu] = useState<{ anchor: HTMLElement; id: number } | null>(null)

  const makeMain = async (id: number) => {
    setMenu(null)
    try {
      const result = await setMain(id).unwrap()
      currentProfile.clear()
      await renewToken(dispatch)
      dispatch(usersApi.util.upsertQueryData('getCurrentUser', undefined, result.data))
      dispatch(usersApi.util.invalidateTags([{ type: 'User', id }]))
      dispatch(toastShown('changesSaved'))
    } catch {
      /* the failure was shown as a toast */
    }
  }

  const others = user.profiles.filter((profile) => !profile.isMain)
  return (
    <Box>
      {others.length === 0 ? <Typography sx={{ color: 'text.secondary', mb: 2 }}>{OTHER_PROFILES_EMPTY}</Typography> : null}
      <List aria-label="Your profiles" sx={{ mb: 2 }}>
        {user.profiles.map((profile) => (
          <ListItem
            key={profile.id}
            divider
            secondaryAction={
              profile.isMain ? undefined : (
                <IconButton
                  edge="end"
                  aria-label={`Actions for ${profile.dancerName ?? 'profile'}`}
                  aria-haspopup="menu"
                  onClick={(event) => setMenu({ anchor: event.currentTarget, id: profile.id })}
                  disabled={isLoading}
                >
                  <MoreVertIcon />
                </IconButton>
              )
            }
          >
            <ListItemAvatar>
              <ProfileAvatar image={profile.avatar} name={profile.dancerName} size={40} />
            </ListItemAvatar>
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  {profile.dancerName || 'Unnamed profile'}
                  {profile.isMain ? <Chip label="Main profile" size="small" color="primary" /> : null}
                  {profile.id === user.id ? <Chip label="Acting now" size="small" variant="outlined" /> : null}
                </Box>
              }
            />
          </ListItem>
        ))}
      </List>
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => menu && makeMain(menu.id)}>Set as main</MenuItem>
        <MenuItem
          onClick={() => {
            if (menu) navigate(paths.releaseProfile.getHref(menu.id))
            setMenu(null)
          }}
        >
          Release profile
        </MenuItem>
      </Menu>
      <Button href={paths.createOtherProfile.getHref()} variant="contained" startIcon={<AddIcon />}>
        Create profile
      </Button>
    </Box>
  )
}

import Checkbox from '@mui/material/Checkbox'
import List from '@mui/material/List'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { ModalDialog } from '@/components/ui/dialogs'
import { PageLoader } from '@/components/ui/feedback'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { SearchField } from '@/components/ui/search-field'
import { useDebounced } from '@/lib/use-debounced'
import { useBattleAdminRegisterMutation, useBattleCatalogueUsersQuery } from '../api/battles-api'
import { SEARCH_DEBOUNCE_MS } from '../rules'
import type { CatalogueUser } from '../types'

/**
 * 'Add competitors': the admin catalogue searched by dancer name (50 a page, debounced), several picked, then
 * registered at once with their agreement and waiver signed by the server. At least one must be picked.
 */
export function CompetitorPicker({ battleId, open, onClose }: { battleId: number; open: boolean; onClose: () => void }) {
  const [keyword, setKeyword] = useState('')
  const [picked, setPicked] = useState<CatalogueUser[]>([])
  const debounced = useDebounced(keyword, SEARCH_DEBOUNCE_MS)
  const { data, isFetching } = useBattleCatalogueUsersQuery({ battleId, k: debounced }, { skip: !open })
  const [register, { isLoading }] = useBattleAdminRegisterMutation()
  const users = data?.data ?? []
  const isPicked = (id: number) => picked.some((user) => user.id === id)
  const toggle = (user: CatalogueUser) => setPicked((now) => (isPicked(user.id) ? now.filter((item) => item.id !== user.id) : [...now, user]))

  const close = () => {
    setPicked([])
    setKeyword('')
    onClose()
  }
  const add = async () => {
    try {
      await register({ battleId, userIds: picked.map((user) => user.id) }).unwrap()
      close()
    } catch {
      /* the failure was shown as a toast */
    }
  }

  return (
    <ModalDialog
      open={open}
      title="Add competitors"
      onClose={close}
      action={{ label: picked.length ? `Add competitors (${picked.length})` : 'Add competitors', onClick: () => void add(), disabled: !picked.length || isLoading }}
    >
      <SearchField label="Search dancers" value={keyword} onChange={setKeyword} sx={{ width: '100%', mt: 1 }} autoFocus />
      {isFetching && !users.length ? <PageLoader label="Searching" /> : null}
      {!isFetching && !users.length ? <Typography sx={{ color: 'text.secondary', py: 2 }}>No dancers found</Typography> : null}
      <List aria-label="Dancers" aria-busy={isFetching}>
        {users.map((user) => (
          <ListItemButton key={user.id} onClick={() => toggle(user)} sx={{ minHeight: 48 }} role="checkbox" aria-checked={isPicked(user.id)} aria-label={user.dancerName ?? undefined}>
            <ListItemIcon>
              <Checkbox edge="start" checked={isPicked(user.id)} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-hidden': true } }} />
            </ListItemIcon>
            <ListItemAvatar>
              <ProfileAvatar image={user.avatar} name={user.dancerName} size={36} />
            </ListItemAvatar>
            <ListItemText primary={user.dancerName} />
          </ListItemButton>
        ))}
      </List>
    </ModalDialog>
  )
}

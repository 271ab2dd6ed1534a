import Box from '@mui/material/Box'
import { NotificationsBell } from '@/features/notifications'
import type { User } from '@/lib/api/types'
import { UserMenu } from './user-menu'

/** The signed-in part of the header: the bell and the user menu (loaded only for signed-in users). */
export default function AccountArea({ user, onLogout }: { user: User; onLogout: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <NotificationsBell profileId={user.id} />
      <UserMenu user={user} onLogout={onLogout} />
    </Box>
  )
}

import Badge from '@mui/material/Badge'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Popover from '@mui/material/Popover'
import Typography from '@mui/material/Typography'
import NotificationsIcon from '@mui/icons-material/NotificationsNone'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { EventType } from '@contracts/events'
import { formatDateTime } from '@/lib/dates'
import { useLiveTopics } from '@/lib/live-topics'
import {
  useGetNotificationsQuery,
  useGetUnreadCountQuery,
  useMarkAllReadMutation,
  useMarkReadMutation,
} from '../api/notifications-api'

export const NOTIFICATION_CREATED = 'identity.notification.created' satisfies EventType

/**
 * The bell follows its profile's topic: a new notification re-reads the badge (and the list, if open); any
 * other event of the topic (the profile changed) re-reads that user, as every live screen does.
 */
const LIVE_TAGS = {
  byType: { [NOTIFICATION_CREATED]: () => ['Notifications'] },
  onReady: ['Notifications'],
}

/** The bell with the unread count; its list opens below it. The count follows the live feed. */
export function NotificationsBell({ profileId, color = 'inherit' }: { profileId: number; color?: 'inherit' | 'default' }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const navigate = useNavigate()
  const { data: unread = 0 } = useGetUnreadCountQuery()
  const { data: items = [], isFetching } = useGetNotificationsQuery(undefined, { skip: !anchor })
  const [markRead] = useMarkReadMutation()
  const [markAllRead, { isLoading: markingAll }] = useMarkAllReadMutation()
  useLiveTopics([`user:${profileId}`], LIVE_TAGS)

  const label = unread ? `Notifications, ${unread} unread` : 'Notifications'
  return (
    <>
      <IconButton aria-label={label} color={color} onClick={(event) => setAnchor(event.currentTarget)} data-testid="notifications-bell">
        <Badge badgeContent={unread} color="primary" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 24px)' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5 }}>
          <Typography variant="h4" component="h2" sx={{ flexGrow: 1 }}>
            Notifications
          </Typography>
          <Button size="small" onClick={() => markAllRead()} disabled={!unread || markingAll}>
            Mark all as read
          </Button>
        </Box>
        <Divider />
        {isFetching && !items.length ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Loading notifications" />
          </Box>
        ) : items.length ? (
          <List dense sx={{ maxHeight: 420, overflow: 'auto' }}>
            {items.map((item) => (
              <ListItemButton
                key={item.id}
                onClick={() => {
                  if (!item.read) markRead(item.id)
                  setAnchor(null)
                  if (item.link?.startsWith('/')) navigate(item.link)
                  else if (item.link) window.location.assign(item.link)
                }}
                sx={{ bgcolor: item.read ? undefined : 'rgba(179, 20, 27, 0.06)', alignItems: 'flex-start' }}
              >
                <ListItemText
                  primary={item.text}
                  secondary={formatDateTime(item.createdAt)}
                  slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 700 } } }}
                />
              </ListItemButton>
            ))}
          </List>
        ) : (
          <Typography sx={{ p: 3, color: 'text.secondary', textAlign: 'center' }}>No notifications yet</Typography>
        )}
      </Popover>
    </>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { ModalDialog } from '@/components/ui/dialogs'
import { ErrorState } from '@/components/ui/error-state'
import { PageLoader } from '@/components/ui/feedback'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { paths } from '@/config/paths'
import { useEventGoingQuery } from '../../api/attendance-api'
import type { CypherEvent, EventUser } from '../../types'

/** docs/product/tickets-and-checkin.md: 'Who's going' shows 5 avatars. */
export const GOING_PREVIEW = 5

/** "Who's going", or "Who went" once the event is over. */
export function goingTitle(event: Pick<CypherEvent, 'period' | 'isFinished'>): string {
  return event.period === 'past' || event.isFinished ? 'Who went' : "Who's going"
}

function GoingList({ eventId }: { eventId: number }) {
  const { data: users, error, isFetching, refetch } = useEventGoingQuery(eventId)
  if (error && !users) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!users) return <PageLoader label="Loading who is going" />
  return (
    <Box component="ul" aria-label="Everyone going" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {users.map((user) => (
        <Box component="li" key={user.id} sx={{ py: 0.5 }}>
          <Link component={RouterLink} to={paths.profile.getHref(user.id)} underline="hover" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 48 }}>
            <ProfileAvatar image={user.avatar} name={user.dancerName} size={40} />
            <Typography component="span">{user.dancerName || 'Dancer'}</Typography>
          </Link>
        </Box>
      ))}
    </Box>
  )
}

function PreviewAvatar({ user }: { user: EventUser }) {
  const name = user.dancerName || 'Dancer'
  return (
    <Box component="li" sx={{ ml: -1, '&:first-of-type': { ml: 0 } }}>
      <Link component={RouterLink} to={paths.profile.getHref(user.id)} aria-label={name} sx={{ display: 'block', borderRadius: '50%' }}>
        <ProfileAvatar image={user.avatar} name={name} size={44} sx={{ border: '2px solid', borderColor: 'background.paper' }} />
      </Link>
    </Box>
  )
}

/** Who's going / Who went: the first 5 (the event's whoIsGoing) and 'view all' when there are more. */
export function WhosGoing({ event }: { event: CypherEvent }) {
  const [open, setOpen] = useState(false)
  const users = (event.whoIsGoing ?? []).slice(0, GOING_PREVIEW)
  const count = event.countGoing ?? users.length
  if (event.status !== 'published' || !count) return null
  const title = goingTitle(event)
  return (
    <Box component="section" aria-labelledby="event-going">
      <Typography id="event-going" variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Box component="ul" aria-label={title} sx={{ display: 'flex', listStyle: 'none', p: 0, m: 0 }}>
          {users.map((user) => (
            <PreviewAvatar key={user.id} user={user} />
          ))}
        </Box>
        <Typography sx={{ color: 'text.secondary' }}>{count === 1 ? '1 dancer' : `${count} dancers`}</Typography>
        {count > GOING_PREVIEW ? (
          <Button onClick={() => setOpen(true)} sx={{ minHeight: 44 }}>
            view all
          </Button>
        ) : null}
      </Stack>
      {open ? (
        <ModalDialog open={open} title={title} onClose={() => setOpen(false)}>
          <GoingList eventId={event.id} />
        </ModalDialog>
      ) : null}
    </Box>
  )
}

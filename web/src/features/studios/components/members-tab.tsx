import Box from '@mui/material/Box'
import Collapse from '@mui/material/Collapse'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import { useId, useState } from 'react'
import { DirectionToggle } from '@/components/ui/direction-toggle'
import { PageLoader } from '@/components/ui/feedback'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { userName } from '@/components/ui/role-users'
import { ShowMore } from '@/components/ui/show-more'
import { paths } from '@/config/paths'
import { pageItems, type SortDirection } from '@/lib/lists'
import { useStudioPeopleInfiniteQuery } from '../api/studios-api'
import { sortParam, STUDIO_TEXTS } from '../rules'
import type { Studio, StudioMember } from '../types'
import { MemberEvents } from './studio-events'

function MemberRow({ member }: { member: StudioMember }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const count = member.events?.length ?? 0
  // the profile link and the expand button side by side: a link inside the expanding button would be two
  // controls in one for a screen reader and a finger
  return (
    <Box sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 2, mb: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, p: 1.25 }}>
        <ProfileAvatar aria-hidden="true" image={member.avatar} name={member.dancerName} size={40} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Link href={paths.profile.getHref(member.id)} sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
            {userName(member)}
          </Link>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {count === 1 ? '1 event' : `${count} events`}
          </Typography>
        </Box>
        <IconButton aria-label={`${userName(member)}: events`} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((current) => !current)} sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}>
          <ExpandMoreIcon />
        </IconButton>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Box id={panelId} sx={{ px: 2, pb: 2 }}>
          <MemberEvents events={member.events} />
        </Box>
      </Collapse>
    </Box>
  )
}

/**
 * Students or Teachers: sorted by name (the sort menu shows it, disabled) with the asc/desc toggle; each member
 * links to their profile and expands to their events. A failed read shows the empty text (docs/product/studios.md).
 */
export function MembersTab({ studio, people }: { studio: Studio; people: 'students' | 'teachers' }) {
  const [direction, setDirection] = useState<SortDirection>('asc')
  const list = useStudioPeopleInfiniteQuery({ id: studio.id, people, sortBy: sortParam('name', direction) })
  const members = list.isError ? [] : pageItems(list.data?.pages)
  const empty = people === 'students' ? STUDIO_TEXTS.noStudents : STUDIO_TEXTS.noTeachers
  const label = people === 'students' ? 'Students' : 'Teachers'

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2 }}>
        <TextField select size="small" label="Sort by" value="name" disabled sx={{ minWidth: 140 }}>
          <MenuItem value="name">Name</MenuItem>
        </TextField>
        <DirectionToggle direction={direction} onChange={setDirection} />
      </Stack>
      {list.isLoading || (list.isFetching && !list.isFetchingNextPage && !members.length && !list.isError) ? (
        <PageLoader label={`Loading ${people}`} />
      ) : members.length ? (
        <Box role="list" aria-label={label}>
          {members.map((member) => (
            <Box role="listitem" key={member.id}>
              <MemberRow member={member} />
            </Box>
          ))}
        </Box>
      ) : (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>{empty}</Typography>
      )}
      {list.isError ? null : <ShowMore list={list} />}
    </Box>
  )
}

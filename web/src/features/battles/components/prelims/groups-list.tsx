import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import AvatarGroup from '@mui/material/AvatarGroup'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import { Link as RouterLink } from 'react-router'
import { EmptyState } from '@/components/ui/feedback'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { SearchField } from '@/components/ui/search-field'
import { paths } from '@/config/paths'
import { groupMembers, memberWord, PRELIMS_TEXTS, searchRows } from '../../prelims-rules'
import type { PrelimsGroupMember, PrelimsGroup } from '../../prelims-types'

/** A group's members: avatar, name and assigned number. */
export function MemberList({ members }: { members: PrelimsGroupMember[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {members.map((member) => (
        <Stack component="li" key={member.id} direction="row" sx={{ alignItems: 'center', gap: 1.5, py: 0.75, minHeight: 44 }}>
          <ProfileAvatar image={member.avatar} name={member.name} size={36} />
          <Typography sx={{ fontWeight: 600, flexGrow: 1, overflowWrap: 'anywhere' }}>{member.name}</Typography>
          {member.randId != null ? <Typography sx={{ color: 'text.secondary' }}>#{member.randId}</Typography> : null}
        </Stack>
      ))}
    </Box>
  )
}

/** The Groups view (docs/product/competition.md): the counts, 'Search dancers', an accordion of the groups. */
export function GroupsList({ battleId, groups, crew, keyword, onKeyword }: { battleId: number; groups: PrelimsGroup[]; crew: boolean; keyword: string; onKeyword: (keyword: string) => void }) {
  const total = groups.reduce((sum, group) => sum + groupMembers(group).length, 0)
  const shown = groups.map((group) => ({ group, members: searchRows(groupMembers(group), keyword) })).filter(({ members }) => !keyword.trim() || members.length)
  return (
    <Box>
      <Typography role="status" sx={{ fontWeight: 800, mb: 1.5 }} data-testid="groups-header">
        {groups.length} groups · {total} {memberWord(crew, total)}
      </Typography>
      <SearchField label={PRELIMS_TEXTS.search} value={keyword} onChange={onKeyword} sx={{ width: '100%', maxWidth: { sm: 420 }, mb: 2 }} />
      {!shown.length ? (
        <EmptyState title={PRELIMS_TEXTS.empty} />
      ) : (
        shown.map(({ group, members }) => (
          <Accordion key={group.id} defaultExpanded={Boolean(keyword.trim())} disableGutters data-testid={`group-${group.id}`}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`group-panel-${group.id}`} id={`group-summary-${group.id}`} sx={{ minHeight: 56 }}>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap', width: '100%' }}>
                <Link
                  component={RouterLink}
                  to={paths.battlePrelimsGroup.getHref(battleId, group.id)}
                  onClick={(event) => event.stopPropagation()}
                  sx={{ fontWeight: 800, fontSize: '1.05rem', minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
                >
                  {group.name}
                </Link>
                <Typography sx={{ color: 'text.secondary' }}>
                  {group.amountMembers} {memberWord(crew, group.amountMembers)}
                </Typography>
                <AvatarGroup max={5} sx={{ ml: 'auto', '& .MuiAvatar-root': { width: 28, height: 28 } }}>
                  {groupMembers(group).map((member) => (
                    <ProfileAvatar key={member.id} image={member.avatar} name={member.name} size={28} />
                  ))}
                </AvatarGroup>
              </Stack>
            </AccordionSummary>
            <AccordionDetails id={`group-panel-${group.id}`}>
              <MemberList members={members} />
            </AccordionDetails>
          </Accordion>
        ))
      )}
    </Box>
  )
}
